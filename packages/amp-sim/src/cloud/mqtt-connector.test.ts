import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  DeviceReportedSchema,
  DeviceSensorsSchema,
  deviceTopic,
  encodeApiEnvelope,
  parseApiEnvelope,
  type DeviceReported,
  type DeviceTopicKind,
} from '@rackside/protocol';
import { Aedes, type ConnectPacket } from 'aedes';
import { connect, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { testAmp } from '../api/test-helpers';
import { buildFirmwareImage, firmwareFileName } from '../firmware/image';
import { CredentialsRefusedError, startCloudAgent } from './agent';
import { mqttConnector, type MqttConnectorOptions } from './mqtt-connector';
import type { DeviceCredentials } from './registration';

const DEVICE = 'dev-1';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A bare Aedes (no auth: the cloud's ACL broker is tested in packages/cloud) that remembers each CONNECT. */
async function bareBroker() {
  const connects: ConnectPacket[] = [];
  const broker = await Aedes.createBroker({
    preConnect: (_client, packet, done) => {
      connects.push(packet);
      done(null, true);
    },
  });
  const server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await closed;
  });
  return { url, connects };
}

interface Seen {
  readonly kind: string;
  /** The JSON payload; of an `api/req` or `api/res` envelope, its header with the frame as text. */
  readonly body: Record<string, unknown>;
  /** The payload as text. */
  readonly text: string;
  readonly retain: boolean;
  readonly at: number;
}

/** The cloud's side: an MQTT client that records everything the device publishes. */
async function observer(url: string) {
  const client: MqttClient = await new Promise((resolve) => {
    const c = connect(url, { clientId: `observer-${Math.random()}`, reconnectPeriod: 0 });
    c.once('connect', () => resolve(c));
  });
  cleanups.push(() => client.endAsync());
  const seen: Seen[] = [];
  client.on('message', (topic, payload, packet) => {
    const kind = topic.split('/').slice(3).join('/');
    const text = payload.toString();
    const envelope = kind.startsWith('api/') ? parseApiEnvelope(text) : undefined;
    const body =
      envelope === undefined
        ? (JSON.parse(text) as Record<string, unknown>)
        : envelope.ok
          ? { ...envelope.value.header, frame: envelope.value.frame }
          : {}; // one of the test's own invalid requests
    seen.push({ kind, body, text, retain: packet.retain, at: Date.now() });
  });
  await client.subscribeAsync(`rackside/devices/${DEVICE}/#`, { qos: 1 });
  const of = (kind: string) => seen.filter((s) => s.kind === kind);
  const send = (kind: DeviceTopicKind, body: unknown) => sendRaw(kind, JSON.stringify(body));
  const sendRaw = (kind: DeviceTopicKind, payload: string | Buffer) =>
    client.publishAsync(deviceTopic(DEVICE, kind), payload, { qos: 1 });
  return { seen, of, send, sendRaw };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const creds = (url: string): DeviceCredentials => ({
  deviceId: DEVICE,
  mqtt: { url, username: DEVICE, password: 'pw' },
});

async function linkedAmp(opts: MqttConnectorOptions = {}) {
  const { url, connects } = await bareBroker();
  const amp: Amp = testAmp();
  cleanups.push(() => amp.dispose());
  const session = await mqttConnector(opts)(creds(url), amp);
  cleanups.push(() => session.close());
  return { amp, url, connects, session };
}

describe('MQTT connector', () => {
  it('connects as its device id with a retained will, and publishes online and its shadow retained', async () => {
    const { url, connects } = await bareBroker();
    const amp = testAmp();
    amp.apply(
      { network: { apConfig: { password: 'ap-secret' } }, amp: { deviceInfo: { deviceName: 'Rack 1' } } },
      'client',
    );
    const agent = startCloudAgent(amp, { credentials: creds(url), connector: mqttConnector() });
    cleanups.push(() => agent.stop());
    await until(() => amp.state.cloud.status === 'Connected');

    expect(connects[0]).toMatchObject({ clientId: DEVICE, username: DEVICE, keepalive: 5, clean: false });
    expect(connects[0]?.will).toMatchObject({ topic: deviceTopic(DEVICE, 'status'), qos: 1, retain: true });
    expect(JSON.parse(String(connects[0]?.will?.payload))).toEqual({ online: false });

    const cloud = await observer(url); // subscribes after the fact: both come retained
    await until(() => cloud.of('status').length === 1 && cloud.of('reported').length === 1);
    expect(cloud.of('status')[0]).toMatchObject({ body: { online: true }, retain: true });
    const shadow = cloud.of('reported')[0]!;
    expect(shadow.retain).toBe(true);
    const reported: DeviceReported = DeviceReportedSchema.parse(shadow.body);
    expect(reported.amp?.deviceInfo?.deviceName).toBe('Rack 1');
    expect(reported.firmware?.fwUpdateStatus).toBe('None');
    // `Connected` is set by the agent once the connector resolves: it follows within the throttle period.
    await until(() => cloud.of('reported').some((r) => JSON.stringify(r.body).includes('"Connected"')), 1500);
    const text = JSON.stringify(shadow.body);
    for (const left_out of ['"levels"', '"upTime"', '"acLineVoltage"', '"tech"', 'ap-secret'])
      expect(text).not.toContain(left_out);
  });

  it('sends a change within a second, at most once a second, and not for meters', async () => {
    const { amp, url } = await linkedAmp();
    const cloud = await observer(url);
    await until(() => cloud.of('reported').length === 1);
    await pause(1000); // past the throttle window of the publication at connect

    const t0 = Date.now();
    amp.apply({ amp: { channels: { '1': { output: { mute: true } } } } }, 'client');
    await until(() => cloud.of('reported').length === 2, 1200);
    expect(cloud.of('reported')[1]!.at - t0).toBeLessThan(1000);

    for (let i = 0; i < 5; i++) amp.apply({ amp: { channels: { '1': { output: { name: `Sub ${i}` } } } } }, 'client');
    amp.apply({ amp: { channels: { '1': { levels: { level_db: -3 } } } } }, 'amp');
    await pause(1300);
    const later = cloud.of('reported').slice(2);
    expect(later).toHaveLength(1);
    expect(later[0]!.at - cloud.of('reported')[1]!.at).toBeGreaterThanOrEqual(950);
    const ch = (DeviceReportedSchema.parse(later[0]!.body).amp?.channels as Record<string, { output?: object }>)['1'];
    expect(ch?.output).toMatchObject({ name: 'Sub 4', mute: true });

    amp.apply({ amp: { channels: { '1': { levels: { level_db: -6 } } }, deviceInfo: { upTime: 99 } } }, 'amp');
    await pause(1200);
    expect(cloud.of('reported')).toHaveLength(3);
  });

  it('runs a firmware job from its URL and reports how it went; refuses an invalid job', async () => {
    const image = buildFirmwareImage({ prefix: testAmp().model.firmwareImagePrefix, version: '2.0.0.1', boards: true });
    const fetchImage = (() => Promise.resolve(new Response(new Uint8Array(image)))) as typeof fetch;
    const { amp, url } = await linkedAmp({ firmwareSpeed: 1000, fetch: fetchImage });
    const cloud = await observer(url);
    const name = firmwareFileName(amp.model.firmwareImagePrefix, '2.0.0.1');

    await cloud.send('jobs', {
      jobId: 'j1',
      type: 'firmware',
      url: 'http://cloud.test/fw/x',
      version: '2.0.0.1',
      name,
    });
    await until(() => cloud.of('jobs/status').length === 2);
    expect(cloud.of('jobs/status').map((s) => s.body)).toEqual([
      { jobId: 'j1', status: 'accepted' },
      { jobId: 'j1', status: 'succeeded', detail: 'FinishedFlash' },
    ]);
    expect(amp.read('/amp/deviceInfo/firmwareVersion')).toBe('2.0.0.1');
    await until(() => cloud.of('reported').some((r) => JSON.stringify(r.body).includes('"FinishedFlash"')), 2000);

    await cloud.send('jobs', { jobId: 'j2', type: 'firmware', url: 'ftp://nowhere' });
    await until(() => cloud.of('jobs/status').length === 3);
    expect(cloud.of('jobs/status')[2]!.body).toEqual({ jobId: 'j2', status: 'rejected', detail: 'not a valid job' });
  });

  it('publishes sensor readings during a sensor-publish job', async () => {
    const { url } = await linkedAmp({ sensorIntervalMs: 50 });
    const cloud = await observer(url);
    await cloud.send('jobs', { jobId: 's1', type: 'sensorPublish', durationS: 1 });
    await until(() => cloud.of('sensors').length >= 3);
    const sensors = DeviceSensorsSchema.parse(cloud.of('sensors')[0]!.body);
    expect(JSON.stringify(sensors.amp)).toContain('level_db');
    expect(sensors.tech).toHaveProperty('fanSpeed');
    expect(cloud.of('jobs/status')[0]?.body).toMatchObject({ jobId: 's1', status: 'succeeded' });
    await pause(1200);
    const count = cloud.of('sensors').length;
    await pause(200);
    expect(cloud.of('sensors')).toHaveLength(count); // the window closed
  });

  it('answers api/req frames on api/res, one device API session per session id, until closed', async () => {
    const { amp, url } = await linkedAmp();
    const cloud = await observer(url);
    const frame = (method: string, path: string, id: number) =>
      JSON.stringify({ leaApi: '1.0', url: path, method, id });
    const replies = (sessionId: string) =>
      cloud
        .of('api/res')
        .filter((m) => m.body.sessionId === sessionId)
        .map((m) => JSON.parse(m.body.frame as string) as Record<string, unknown>);

    const request = (sessionId: string, f?: string, close?: true) =>
      cloud.sendRaw('apiReq', encodeApiEnvelope({ sessionId, ...(close ? { close } : {}) }, f));

    await request('a', frame('get', '/amp/deviceInfo', 1));
    await until(() => replies('a').length === 1);
    expect(replies('a')[0]).toMatchObject({ id: 1, result: { modelID: amp.model.modelID } });
    // the reply is the session's frame as it wrote it, after the header line
    const reply = cloud.of('api/res')[0]!;
    expect(reply.text).toBe(`{"sessionId":"a"}\n${reply.body.frame as string}`);

    // a request written over several lines, and as bytes; a keep-alive is not answered
    await request('a', JSON.stringify({ leaApi: '1.0', url: '/amp/deviceInfo', method: 'get', id: 2 }, null, 2));
    await cloud.sendRaw('apiReq', Buffer.from(`{"sessionId":"a"}\n${frame('get', '/misc', 3)}`));
    await request('a');
    await until(() => replies('a').length === 3);
    expect(replies('a').map((f) => f.id)).toEqual([1, 2, 3]);

    // not envelopes (the former JSON message, no header, a frame that is not UTF-8): nothing answers, nothing breaks
    await cloud.send('apiReq', { sessionId: 'c', frame: frame('get', '/misc', 4) });
    await cloud.sendRaw('apiReq', `\n${frame('get', '/misc', 5)}`);
    await cloud.sendRaw('apiReq', Buffer.from([...Buffer.from('{"sessionId":"c"}\n"'), 0xc3, 0x28, 0x22]));
    await request('c', frame('get', '/misc', 6));
    await until(() => replies('c').length === 1);
    expect(replies('c').map((f) => f.id)).toEqual([6]);

    await request('b', frame('subscribe', '/', 7));
    await until(() => replies('b').length === 1);
    amp.apply({ misc: { findMe: true } }, 'amp');
    await until(() => replies('b').some((f) => f.method === 'notify'), 1500);
    expect(replies('a').some((f) => f.method === 'notify')).toBe(false);

    await request('b', undefined, true);
    await pause(100);
    const before = replies('b').length;
    amp.apply({ misc: { findMe: false } }, 'amp');
    await pause(700);
    expect(replies('b')).toHaveLength(before);
  });

  it('close publishes offline (with its time) and disconnects without the will', async () => {
    const { url, session } = await linkedAmp();
    const cloud = await observer(url);
    await until(() => cloud.of('status').length === 1);
    await session.close();
    await until(() => cloud.of('status').length === 2);
    await pause(200);
    expect(cloud.of('status').map((s) => s.body.online)).toEqual([true, false]);
    expect(cloud.of('status')[1]!.body.ts).toEqual(expect.any(Number)); // not the will, which has no time
  });

  it('a pulled network cable fires the will; the amp comes back online when the network returns', async () => {
    const { amp, url } = await linkedAmp({ reconnectMs: 50 });
    const cloud = await observer(url);
    await until(() => cloud.of('status').length === 1);
    amp.unplugNetwork(300);
    await until(() => cloud.of('status').length === 2, 1000);
    expect(cloud.of('status')[1]!.body).toEqual({ online: false });
    await until(() => cloud.of('status').length === 3, 2000);
    expect(cloud.of('status')[2]!.body.online).toBe(true);
    await until(() => cloud.of('reported').length === 2); // the shadow again after reconnecting
  });
});

describe('MQTT connector: the cloud letting the amp go (issue 16)', () => {
  /** An Aedes that refuses the device's password once `revoked` is set (CONNACK 4), as the cloud's broker does. */
  async function authBroker() {
    const state = { revoked: false };
    const broker = await Aedes.createBroker({
      authenticate: (_client, username, _password, done) => {
        if (username === DEVICE && state.revoked) {
          return done(Object.assign(new Error('bad username or password'), { returnCode: 4 }), false);
        }
        done(null, true);
      },
    });
    const server = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cleanups.push(async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    });
    return { url, state, broker };
  }

  it('on a deregistered job leaves with a DISCONNECT (no last will) and tells the agent, which shows Unregistered', async () => {
    const { url } = await authBroker();
    const amp = testAmp();
    cleanups.push(() => amp.dispose());
    const agent = startCloudAgent(amp, { credentials: creds(url), connector: mqttConnector() });
    cleanups.push(() => agent.stop());
    await until(() => amp.state.cloud.status === 'Connected');
    const cloud = await observer(url);
    await until(() => cloud.of('status').length === 1);
    await cloud.send('jobs', { jobId: 'j-1', type: 'deregistered', reason: 'removed' });
    await until(() => amp.state.cloud.status === 'Unregistered');
    expect(amp.state.cloud).toMatchObject({ deviceId: '', lastError: 'DEVICE_REMOVED' });
    await pause(300);
    // no will, no goodbye status, no job report: the cloud is clearing what it had of the device
    expect(cloud.of('status').map((s) => s.body.online)).toEqual([true]);
    expect(cloud.of('jobs/status')).toEqual([]);
  });

  it('refusing the credentials rejects the first connection with CredentialsRefusedError, and reports later refusals', async () => {
    const { url, state, broker } = await authBroker();
    state.revoked = true;
    const amp = testAmp();
    cleanups.push(() => amp.dispose());
    await expect(mqttConnector()(creds(url), amp)).rejects.toBeInstanceOf(CredentialsRefusedError);

    // connected, then dropped and refused on the way back: the agent hears of both
    state.revoked = false;
    const events: string[] = [];
    const session = await mqttConnector({ reconnectMs: 50 })(creds(url), amp, {
      connected: (up) => events.push(up ? 'up' : 'down'),
      refused: () => events.push('refused'),
      deregistered: () => events.push('deregistered'),
    });
    cleanups.push(() => session.close());
    state.revoked = true;
    const { clients } = broker as unknown as { clients: Record<string, { close(): void }> };
    for (const client of Object.values(clients)) client.close();
    await until(() => events.includes('refused'));
    expect(events.slice(0, 2)).toEqual(['down', 'refused']);
  });
});
