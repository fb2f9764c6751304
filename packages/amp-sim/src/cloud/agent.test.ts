import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import {
  CredentialsRefusedError,
  startCloudAgent,
  type CloudAgent,
  type CloudAgentOptions,
  type CloudSessionEvents,
} from './agent';
import { registrationUrl, type DeviceCredentials } from './registration';

const makeAmp = () =>
  new Amp({
    model: getModel('704D'),
    ip: '127.0.0.1',
    mac: '00:11:22:33:44:55',
    serialNumber: 'SN-704-1',
    deviceName: 'Stage Left',
    firmwareVersion: '1.5.0.0',
  });

const creds = (deviceId: string): DeviceCredentials => ({
  deviceId,
  mqtt: { url: 'mqtt://127.0.0.1:1883', username: deviceId, password: 'secret' },
});

interface Seen {
  readonly at: number;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** A fake cloud whose answers are scripted per request: [status, body]. */
async function fakeCloud(script: (n: number, body: Record<string, unknown>) => [number, unknown]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ at: Date.now(), path: req.url ?? '', body });
      const [status, reply] = script(seen.length, body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { seen, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/devices/register` };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function agentFor(amp: Amp, opts: CloudAgentOptions = {}): CloudAgent {
  const agent = startCloudAgent(amp, { backoff: { initialMs: 20, maxMs: 200 }, random: () => 1, ...opts });
  cleanups.push(
    () => agent.stop(),
    () => amp.dispose(),
  );
  return agent;
}

const setToken = (amp: Amp, token: string, endpoint: string) =>
  amp.apply({ cloud: { registrationToken: token, registrationEndpoint: endpoint } }, 'client');

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cloud agent registration', () => {
  it('registers with the token, stores the device id, clears the token and connects', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud(() => [201, { ...creds('dev-1'), extra: 'ignored' }]);
    const statuses: string[] = [];
    amp.onChange((d) => {
      const s = (d.cloud as { status?: string } | undefined)?.status;
      if (s) statuses.push(s);
    });
    const registered: DeviceCredentials[] = [];
    const connected: DeviceCredentials[] = [];
    agentFor(amp, {
      onRegistered: (c) => registered.push(c),
      connector: (c) => {
        connected.push(c);
        return Promise.resolve({ close: () => undefined });
      },
    });
    setToken(amp, 'tok-1', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Connected');
    expect(cloud.seen).toHaveLength(1);
    expect(cloud.seen[0]?.path).toBe('/api/devices/register');
    expect(cloud.seen[0]?.body).toEqual({
      registrationToken: 'tok-1',
      mac: '00:11:22:33:44:55',
      serialNumber: 'SN-704-1',
      modelID: 'Connect Series Model 704D',
      firmwareVersion: '1.5.0.0',
      deviceName: 'Stage Left',
    });
    expect(amp.state.cloud).toMatchObject({ deviceId: 'dev-1', registrationToken: '', status: 'Connected' });
    expect(statuses).toEqual(['Registering', 'Registered', 'Connected']);
    expect(registered).toEqual([creds('dev-1')]);
    expect(connected).toEqual([creds('dev-1')]);
  });

  it('retries with growing back-off on 500 and on a dead endpoint, then succeeds', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud((n) => (n <= 3 ? [500, { error: 'busy' }] : [200, creds('dev-2')]));
    agentFor(amp);
    setToken(amp, 'tok-2', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Registered');
    expect(cloud.seen).toHaveLength(4);
    const gaps = cloud.seen.slice(1).map((s, i) => s.at - (cloud.seen[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(18); // 20 ms, then 40, then 80 (random() = 1: the full step)
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[2]).toBeGreaterThanOrEqual(78);
    expect(amp.state.cloud.deviceId).toBe('dev-2');
  });

  it('keeps Registering while the endpoint does not answer, then registers when it does', async () => {
    const amp = makeAmp();
    let calls = 0;
    const flaky: typeof fetch = (input, init) =>
      ++calls <= 2 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const cloud = await fakeCloud(() => [200, creds('dev-3')]);
    agentFor(amp, { fetch: flaky });
    setToken(amp, 'tok-3', cloud.endpoint);
    await pause(10);
    expect(amp.state.cloud.status).toBe('Registering');
    await until(() => amp.state.cloud.status === 'Registered');
    expect(calls).toBe(3);
  });

  it('fails on 400 and stays failed until a new token is set, which registers again', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud((_n, body) =>
      body.registrationToken === 'used' ? [400, { code: 'INVALID_TOKEN' }] : [200, creds('dev-4')],
    );
    agentFor(amp);
    setToken(amp, 'used', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Failed');
    await pause(150);
    expect(cloud.seen).toHaveLength(1);
    expect(amp.state.cloud.registrationToken).toBe('used');
    setToken(amp, 'fresh', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Registered');
    expect(cloud.seen.map((s) => s.body.registrationToken)).toEqual(['used', 'fresh']);
  });

  it('fails on a 2xx whose body is not a registration reply', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud(() => [200, { deviceId: 'x' }]);
    agentFor(amp);
    setToken(amp, 'tok', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Failed');
    expect(amp.state.cloud.deviceId).toBe('');
  });

  it('registers again on a new token and replaces the broker session', async () => {
    const amp = makeAmp();
    let n = 0;
    const cloud = await fakeCloud(() => [200, creds(`dev-${++n}`)]);
    const closed: string[] = [];
    agentFor(amp, {
      connector: (c) => Promise.resolve({ close: () => void closed.push(c.deviceId) }),
    });
    setToken(amp, 'a', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Connected');
    setToken(amp, 'b', cloud.endpoint);
    await until(() => amp.state.cloud.deviceId === 'dev-2' && amp.state.cloud.status === 'Connected');
    expect(closed).toEqual(['dev-1']);
    expect(amp.state.cloud.registrationToken).toBe('');
  });

  it('waits while the network is down and registers as soon as it is back', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud(() => [200, creds('dev-5')]);
    agentFor(amp, { backoff: { initialMs: 5000, maxMs: 5000 } });
    amp.unplugNetwork(60_000);
    setToken(amp, 'tok-5', cloud.endpoint);
    await pause(50);
    expect(cloud.seen).toHaveLength(0);
    expect(amp.state.cloud.status).toBe('Registering');
    amp.unplugNetwork(0);
    await until(() => amp.state.cloud.status === 'Registered', 1000);
  });

  it('does nothing until both the token and the endpoint are set, and stops cleanly', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud(() => [200, creds('dev-6')]);
    const agent = agentFor(amp);
    amp.apply({ cloud: { registrationToken: 'tok-6' } }, 'client');
    await pause(50);
    expect(cloud.seen).toHaveLength(0);
    await agent.stop();
    amp.apply({ cloud: { registrationEndpoint: cloud.endpoint } }, 'client');
    await pause(50);
    expect(cloud.seen).toHaveLength(0);
  });

  it('builds the registration URL from either form of endpoint', () => {
    expect(registrationUrl('https://cloud.example/api')).toBe('https://cloud.example/api/devices/register');
    expect(registrationUrl('https://cloud.example/api/devices/register/')).toBe(
      'https://cloud.example/api/devices/register',
    );
    expect(registrationUrl('ftp://cloud.example')).toBeUndefined();
    expect(registrationUrl('not a url')).toBeUndefined();
  });
});

describe('cloud agent: why it failed, and letting go of a removed registration (issue 16)', () => {
  it.each([
    [409, 'REGISTRATION_TOKEN_USED'],
    [410, 'REGISTRATION_TOKEN_EXPIRED'],
    [401, 'REGISTRATION_TOKEN_INVALID'],
  ] as const)('keeps the cloud’s reason for a %i in /cloud lastError', async (status, error) => {
    const amp = makeAmp();
    const cloud = await fakeCloud(() => [status, { error, message: 'no' }]);
    agentFor(amp);
    setToken(amp, 'tok', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Failed');
    expect(amp.state.cloud.lastError).toBe(error);
  });

  it('names any other refusal REGISTRATION_REFUSED, and a later success clears the reason', async () => {
    const amp = makeAmp();
    const cloud = await fakeCloud((_n, body) =>
      body.registrationToken === 'bad' ? [403, { error: 'Forbidden' }] : [200, creds('dev-9')],
    );
    agentFor(amp);
    setToken(amp, 'bad', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Failed');
    expect(amp.state.cloud.lastError).toBe('REGISTRATION_REFUSED');
    setToken(amp, 'good', cloud.endpoint);
    await until(() => amp.state.cloud.status === 'Registered');
    expect(amp.state.cloud.lastError).toBe('None');
  });

  /** A connector whose session the test drives through the events the agent gave it. */
  function scriptedConnector() {
    const sessions: { creds: DeviceCredentials; events: CloudSessionEvents; closed: boolean }[] = [];
    let refuseNext = 0;
    const connector: CloudAgentOptions['connector'] = (c, _amp, events) => {
      if (refuseNext > 0) {
        refuseNext--;
        return Promise.reject(new CredentialsRefusedError());
      }
      const s = { creds: c, events, closed: false };
      sessions.push(s);
      return Promise.resolve({ close: () => void (s.closed = true) });
    };
    return { sessions, connector, refuse: (n: number) => (refuseNext = n) };
  }

  it('follows the broker link (Connected / Registered) and forgets the credentials when the cloud removes it', async () => {
    const amp = makeAmp();
    const { sessions, connector } = scriptedConnector();
    const forgotten: string[] = [];
    agentFor(amp, { connector, credentials: creds('dev-1'), onDeregistered: (r) => forgotten.push(r) });
    await until(() => amp.state.cloud.status === 'Connected');
    sessions[0]?.events.connected(false);
    expect(amp.state.cloud.status).toBe('Registered');
    sessions[0]?.events.connected(true);
    expect(amp.state.cloud.status).toBe('Connected');
    sessions[0]?.events.deregistered();
    await until(() => amp.state.cloud.status === 'Unregistered');
    expect(amp.state.cloud).toMatchObject({ deviceId: '', lastError: 'DEVICE_REMOVED' });
    expect(forgotten).toEqual(['DEVICE_REMOVED']);
    expect(sessions[0]?.closed).toBe(true);
    sessions[0]?.events.connected(true); // a late event of the old session changes nothing
    expect(amp.state.cloud.status).toBe('Unregistered');
  });

  it('forgets credentials the broker keeps refusing past the grace period, not at a single refusal', async () => {
    const amp = makeAmp();
    const { sessions, connector } = scriptedConnector();
    const forgotten: string[] = [];
    agentFor(amp, {
      connector,
      credentials: creds('dev-1'),
      refusalGraceMs: 150,
      onDeregistered: (r) => forgotten.push(r),
    });
    await until(() => amp.state.cloud.status === 'Connected');
    // one refusal, then the broker takes it again: kept
    sessions[0]?.events.connected(false);
    sessions[0]?.events.refused();
    await pause(200);
    sessions[0]?.events.connected(true);
    sessions[0]?.events.connected(false);
    sessions[0]?.events.refused();
    expect(amp.state.cloud).toMatchObject({ status: 'Registered', deviceId: 'dev-1' });
    // refused for longer than the grace period: forgotten
    await pause(200);
    sessions[0]?.events.refused();
    await until(() => amp.state.cloud.status === 'Unregistered');
    expect(amp.state.cloud).toMatchObject({ deviceId: '', lastError: 'CREDENTIALS_REFUSED' });
    expect(forgotten).toEqual(['CREDENTIALS_REFUSED']);

    // an amp that comes back with stored credentials the broker refuses from the first connection
    const again = makeAmp();
    const second = scriptedConnector();
    second.refuse(1000);
    agentFor(again, { connector: second.connector, credentials: creds('dev-2'), refusalGraceMs: 0 });
    await until(() => again.state.cloud.status === 'Unregistered');
    expect(again.state.cloud).toMatchObject({ deviceId: '', lastError: 'CREDENTIALS_REFUSED' });
  });

  it('ignores a removal of its old registration while it registers again (another account’s token)', async () => {
    const amp = makeAmp();
    const { sessions, connector } = scriptedConnector();
    let answer: (() => void) | undefined;
    const cloud = await fakeCloud(() => [200, creds('dev-new')]);
    const slow: typeof fetch = async (input, init) => {
      const wait = new Promise<void>((r) => (answer = r));
      const res = await fetch(input, init);
      await wait;
      return res;
    };
    agentFor(amp, { connector, credentials: creds('dev-old'), fetch: slow });
    await until(() => amp.state.cloud.status === 'Connected');
    setToken(amp, 'tok', cloud.endpoint);
    await until(() => answer !== undefined);
    sessions[0]?.events.deregistered(); // the cloud let the old record go before it answered
    answer?.();
    await until(() => amp.state.cloud.deviceId === 'dev-new' && amp.state.cloud.status === 'Connected');
    expect(amp.state.cloud.lastError).toBe('None');
  });
});
