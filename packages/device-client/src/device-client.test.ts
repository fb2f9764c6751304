import { DeviceErrorCode, getAt, notifyFrame, replyFrame } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { DeviceClient, type DeviceClientOptions } from './device-client';
import { AuthRequiredError, DeviceCallError, TimeoutError } from './errors';
import { startFakeAmp, type FakeAmp, type FakeAmpOptions } from './testing/fake-amp';

const amps: FakeAmp[] = [];
const clients: DeviceClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(amps.splice(0).map((a) => a.close()));
});

type ClientExtras = Omit<DeviceClientOptions, 'url' | 'transport' | 'WebSocket'>;

async function connect(ampOptions: FakeAmpOptions = {}, clientOptions: ClientExtras = {}) {
  const amp = await startFakeAmp(ampOptions);
  amps.push(amp);
  const logger = { warn: vi.fn() };
  const client = new DeviceClient({ url: amp.url, WebSocket, logger, ...clientOptions });
  clients.push(client);
  await client.connected();
  return { amp, client, logger };
}

describe('request and reply', () => {
  it('sends well-formed requests with distinct ids and resolves with each result', async () => {
    const { amp, client } = await connect();
    const [info, ok] = await Promise.all([
      client.get('/amp/deviceInfo'),
      client.set('/amp/channels/1/output', { mute: true }),
    ]);
    expect(info).toMatchObject({ modelID: 'Connect Series Model 704D' });
    expect(ok).toBe('OK');
    expect(amp.requests.map((r) => [r.leaApi, r.method, r.url, r.params])).toEqual([
      ['1.0', 'get', '/amp/deviceInfo', undefined],
      ['1.0', 'set', '/amp/channels/1/output', { mute: true }],
    ]);
    expect(new Set(amp.requests.map((r) => r.id)).size).toBe(2);
    // A get reply seeds the state tree at its url.
    // getAt: deep chains through the DeviceDelta type can trip TS2589 in protocol's DeepPartial (reported).
    expect(getAt(client.state, ['amp', 'deviceInfo', 'modelID'])).toBe('Connect Series Model 704D');
  });

  it("rejects with a DeviceCallError carrying the amp's code and message", async () => {
    const { client } = await connect();
    const err = await client.get('/amp/nothing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceCallError);
    expect(err).toMatchObject({ code: DeviceErrorCode.UnknownUrl, message: 'unknown url /amp/nothing', method: 'get' });
  });

  it('rejects with a TimeoutError when no reply comes in time, and the connection stays usable', async () => {
    const { client } = await connect({ silent: ['info'] }, { timeoutMs: 150 });
    const started = Date.now();
    await expect(client.info('/')).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect(client.set('/misc', { findMe: true })).resolves.toBe('OK');
  });
});

describe('auth challenge (-32000)', () => {
  it('answers the challenge once with a new id and the hash of the password, nonce and request', async () => {
    const { amp, client } = await connect({ password: 's3cret!' }, { password: 's3cret!' });
    await expect(client.set('/amp/channels/2/output', { fader: -12 })).resolves.toBe('OK');
    expect(amp.requests).toHaveLength(2);
    const [first, retry] = amp.requests;
    expect(first?.auth).toBeUndefined();
    expect(retry).toMatchObject({ method: 'set', url: '/amp/channels/2/output', params: { fader: -12 } });
    expect(retry?.auth).toMatchObject({ user: 'admin', nonce: 'nonce-1' });
    expect(retry?.id).not.toBe(first?.id);
  });

  it('rejects with the second challenge instead of looping when the password is wrong', async () => {
    const { amp, client } = await connect({ password: 's3cret!' }, { password: 'wrong' });
    const err = await client.get('/amp/deviceInfo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceCallError);
    expect(err).toMatchObject({ code: DeviceErrorCode.AuthChallenge });
    await client.connected();
    expect(amp.requests).toHaveLength(2);
  });

  it('reads the password from a function when the challenge comes', async () => {
    const stored: { password?: string } = {};
    const { client } = await connect({ password: 'later' }, { password: () => stored.password });
    await expect(client.get('/misc')).rejects.toBeInstanceOf(AuthRequiredError);
    stored.password = 'later';
    await expect(client.get('/amp/deviceInfo')).resolves.toMatchObject({ modelID: expect.any(String) as string });
  });

  it('rejects with AuthRequiredError without retrying when there is no password', async () => {
    const { amp, client } = await connect({ password: 's3cret!' });
    const err = await client.get('/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthRequiredError);
    expect(err).toMatchObject({ method: 'get', url: '/' });
    expect(amp.requests).toHaveLength(1);
  });
});

describe('UAC signature', () => {
  const mac = '00:1b:2c:00:00:01';

  it('signs every request, the auth retry included, when uacMac is given', async () => {
    const { amp, client } = await connect({ uacMac: mac, password: 'pw' }, { uacMac: '001B2C000001', password: 'pw' });
    await expect(client.set('/amp/channels/1/output', { mute: false })).resolves.toBe('OK');
    expect(amp.requests).toHaveLength(2);
    expect(amp.requests.every((r) => /^[0-9a-f]{64}$/.test(r.signature ?? ''))).toBe(true);
  });

  it('is refused by a UAC-locked amp without the signature', async () => {
    const { client } = await connect({ uacMac: mac });
    await expect(client.get('/misc')).rejects.toMatchObject({ code: DeviceErrorCode.Forbidden });
  });
});

describe('invalid frames', () => {
  it('ignores and reports frames that are not device messages, keeps working, and accepts binary frames', async () => {
    const { amp, client, logger } = await connect();
    await client.subscribe('/');
    amp.sendRaw('not json {');
    amp.sendRaw('{"leaApi": "1.0", "url": "/"}');
    amp.sendRaw(replyFrame('/', 'OK', 4242));
    amp.sendRaw(new TextEncoder().encode(notifyFrame({ misc: { findMe: true } })));
    await expect(client.get('/amp/deviceInfo')).resolves.toMatchObject({ deviceName: '' });
    expect(logger.warn).toHaveBeenCalledTimes(3);
    expect(getAt(client.state, ['misc', 'findMe'])).toBe(true);
    expect(client.connectionState).toBe('CONNECTED');
  });
});
