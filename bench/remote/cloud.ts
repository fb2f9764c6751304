/**
 * The cloud under test for the remote relay benches (issue 13): the service as `npm run cloud` starts it
 * (startCloudService: embedded Aedes broker, PGlite in a temp data folder, migrated copy from
 * `@rackside/cloud/testing`) with the relay's session caps raised, one signed-in user and a venue; emulated amps
 * whose cloud agent registers through the amp's own registration call and keeps its remote sessions over MQTT, each
 * amp also serving its device API on a local WebSocket (the direct path); relay credentials and DeviceClients through
 * the relay, as the browser makes them.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nthAddress, type Amp } from '@rackside/amp-sim';
import { isOutbox, loadConfig, silentBrokerLogger, startCloudService, type CloudService } from '@rackside/cloud';
import { call, createSignedInUser, createVenue, migratedPgliteFolder } from '@rackside/cloud/testing';
import type { DeviceClient } from '@rackside/device-client';
import {
  DEVICE_PATHS,
  fillPath,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  REMOTE_PATHS,
  type RegistrationTokenReply,
  type RemoteSessionReply,
} from '@rackside/protocol';
import type { FastifyInstance } from 'fastify';
import { sleep } from '../stats';
import type { AmpChildMessage, AmpChildRequest } from './amp-child';
import { register, registeredId, startLocalAmp } from './bench-amp';
import { openBenchClient } from './bench-client';

/** The url the request benches read and write, and where its fader is in the state tree. */
export const OUTPUT_URL = '/amp/channels/1/output';
export const FADER: readonly string[] = ['amp', 'channels', '1', 'output', 'fader'];
/** The i-th fader value of a run: -0.1 dB, -0.2 dB, ... -40 dB, then again; two in a row always differ. */
export const faderValue = (i: number): number => -((i % 400) + 1) / 10;
/** The delta that puts `value` on channel 1's fader, as the amp applies it. */
export const faderDelta = (value: number): Record<string, unknown> => ({
  amp: { channels: { '1': { output: { fader: value } } } },
});

/** The cloud service in this process, with a signed-in user and a venue of theirs. */
export interface RemoteCloud {
  readonly app: FastifyInstance;
  readonly service: CloudService;
  /** http://127.0.0.1:{port}/api, where the amps register */
  readonly api: string;
  /** The user's id token, and their venue. */
  readonly token: string;
  readonly venueId: string;
  /** The broker the amps and the cloud use: `embedded` (Aedes in this process) or the external broker's URL. */
  readonly broker: string;
  close(): Promise<void>;
}

/** Sizes of the cloud: the relay's caps, raised for the bench (env-style strings, as the config reads them). */
export interface RemoteCloudOptions {
  readonly sessionsPerUser: number;
  readonly sessionsPerAmp: number;
  /**
   * An external broker (MQTT_URL, e.g. the machine's Mosquitto, anonymous) instead of the embedded Aedes: the cloud's
   * service client and the amps' agents connect there, as docs/deploy.md runs a cloud.
   */
  readonly mqttUrl?: string;
}

/** Starts the cloud on free ports (data in a fresh temp folder), signs a user up and in, and makes a venue. */
export async function startRemoteCloud(opts: RemoteCloudOptions): Promise<RemoteCloud> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rackside-bench-remote-'));
  let service: CloudService | undefined;
  const close = async () => {
    await service?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:8090',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      REMOTE_SESSIONS_PER_USER: String(opts.sessionsPerUser),
      REMOTE_SESSIONS_PER_AMP: String(opts.sessionsPerAmp),
      ...(opts.mqttUrl === undefined ? {} : { MQTT_URL: opts.mqttUrl, MQTT_PUBLIC_URL: opts.mqttUrl }),
    });
    cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
    service = await startCloudService(config, { brokerLog: silentBrokerLogger, mailLog: () => undefined });
    const { app, mailer } = service;
    if (!isOutbox(mailer)) throw new Error('the bench cloud mails through the outbox (no SMTP_URL)');
    const { port } = app.server.address() as AddressInfo;
    const { token } = await createSignedInUser(app, mailer);
    const venueId = await createVenue(app, token, 'Remote bench');
    const broker = opts.mqttUrl ?? 'embedded';
    return { app, service, api: `http://127.0.0.1:${port}/api`, token, venueId, broker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One emulated amp, registered in the cloud through its agent and serving its device API on a local WebSocket. */
export interface BenchAmp {
  readonly deviceId: string;
  /** ws://{ip}:{port}: the same amp directly (the emulator's device API server, 100 ms notify period). */
  readonly directUrl: string;
  /** The amp's own state at a url (not through any client). */
  read(url: string): Promise<unknown>;
  close(): Promise<void>;
}

/** An amp in this process: the bench also changes its state directly. */
export interface RemoteAmp extends BenchAmp {
  readonly amp: Amp;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** POST /devices/{id}/remote-session as the user: the relay credential, or undefined while it is refused. */
async function tryCredential(cloud: RemoteCloud, deviceId: string): Promise<RemoteSessionReply | undefined> {
  const res = await call(cloud.app, 'POST', fillPath(REMOTE_PATHS.session, { deviceId }), undefined, cloud.token);
  return res.statusCode === 200 ? res.json<RemoteSessionReply>() : undefined;
}

/**
 * Adds an emulated 704D (index `n`, device API on `ip`, physics not started: only the bench changes its state), has
 * its agent register with a fresh registration token the way an amp does, and waits until the cloud issues a relay
 * credential for it (registered and online).
 */
export async function addAmp(cloud: RemoteCloud, n: number, ip: string): Promise<RemoteAmp> {
  const { amp, port, stop } = await startLocalAmp(n, ip);
  let registered: string | undefined;
  const close = async () => {
    await stop();
    await forgetShadow(cloud, registered);
  };
  try {
    register(amp, await registrationToken(cloud), cloud.api);
    const deviceId = await until(`amp ${n} registered`, () => registeredId(amp));
    registered = deviceId;
    await until(`amp ${n} online`, () => tryCredential(cloud, deviceId));
    const read = (url: string) => Promise.resolve(amp.read(url));
    return { amp, deviceId, directUrl: `ws://${ip}:${port}`, read, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An external broker keeps the amp's retained shadow and status across runs: cleared as a removal does. */
async function forgetShadow(cloud: RemoteCloud, deviceId: string | undefined): Promise<void> {
  if (deviceId !== undefined && cloud.broker !== 'embedded')
    await cloud.service.mqtt.service.clearShadow(deviceId).catch(() => undefined);
}

/** A registration token for the cloud's venue, as the console hands one to an installer. */
async function registrationToken(cloud: RemoteCloud): Promise<string> {
  const path = fillPath(DEVICE_PATHS.registrationToken, { venueId: cloud.venueId });
  const res = await call(cloud.app, 'POST', path, undefined, cloud.token);
  if (res.statusCode !== 200) throw new Error(`registration token refused: ${res.body}`);
  return res.json<RegistrationTokenReply>().registrationToken;
}

const AMP_CHILD = fileURLToPath(new URL('./amp-child.ts', import.meta.url));

/**
 * addAmp's amp in a process of its own (amp-child.ts): the amp, its local device API and its cloud agent off this
 * process's event loop, as a real amp is a device apart from the cloud and the browser. Registered and online when
 * this resolves; `read` asks the child for the amp's own state.
 */
export async function addAmpProcess(cloud: RemoteCloud, n: number, ip: string): Promise<BenchAmp> {
  const args = { n, ip, registrationToken: await registrationToken(cloud), registrationEndpoint: cloud.api };
  const child = fork(AMP_CHILD, [JSON.stringify(args)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const reads = new Map<number, (value: unknown) => void>();
  let nextRead = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let registered: string | undefined;
  const close = async () => {
    if (child.connected) child.send({ type: 'stop' } satisfies AmpChildRequest);
    await Promise.race([exited, sleep(5000)]);
    child.kill('SIGKILL');
    await forgetShadow(cloud, registered);
  };
  try {
    const ready = await new Promise<{ deviceId: string; port: number }>((resolve, reject) => {
      child.on('message', (m: AmpChildMessage) => {
        if (m.type === 'ready') resolve(m);
        else if (m.type === 'failed') reject(new Error(m.error));
        else reads.get(m.id)?.(m.value);
      });
      child.once('exit', (code) => reject(new Error(`amp ${n}'s process exited (${code}) before it registered`)));
    });
    registered = ready.deviceId;
    await until(`amp ${n} online`, () => tryCredential(cloud, ready.deviceId));
    const read = (url: string) =>
      new Promise<unknown>((resolve) => {
        const id = nextRead++;
        reads.set(id, (value) => {
          reads.delete(id);
          resolve(value);
        });
        child.send({ type: 'read', id, url } satisfies AmpChildRequest);
      });
    return { deviceId: ready.deviceId, directUrl: `ws://${ip}:${ready.port}`, read, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Adds `count` amps on base, base + 1, ... one after the other. */
export async function addAmps(cloud: RemoteCloud, count: number, base: string): Promise<RemoteAmp[]> {
  const amps: RemoteAmp[] = [];
  for (let i = 0; i < count; i++) amps.push(await addAmp(cloud, i, nthAddress(base, i)));
  return amps;
}

/** A fresh relay credential: the url the bench opens and the subprotocols that carry the credential. */
export async function relayTarget(
  cloud: RemoteCloud,
  deviceId: string,
): Promise<{ url: string; protocols: readonly string[] }> {
  const credential = await tryCredential(cloud, deviceId);
  if (!credential) throw new Error(`no relay credential for ${deviceId}`);
  const url = `${cloud.api.replace(/^http/, 'ws')}${fillPath(REMOTE_PATHS.relay, { deviceId })}`;
  if (!credential.url.endsWith(new URL(url).pathname))
    throw new Error(`relay url ${credential.url} is not the one the bench opens (${url})`);
  return { url, protocols: [credential.protocol, `${RELAY_TOKEN_PROTOCOL_PREFIX}${credential.token}`] };
}

/**
 * A DeviceClient through the relay, as the browser opens one: a fresh credential, then the relay's WebSocket with the
 * credential in the subprotocols. The credential's `url` names the PUBLIC_URL; the bench connects to the port the
 * cloud listens on, same path.
 */
export async function relayClient(cloud: RemoteCloud, deviceId: string): Promise<DeviceClient> {
  const { url, protocols } = await relayTarget(cloud, deviceId);
  return openBenchClient(url, protocols);
}

/** A DeviceClient on a local WebSocket (the direct path). */
export const directClient = (url: string): Promise<DeviceClient> => openBenchClient(url);
