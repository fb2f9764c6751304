import { CHOSEN, DeviceErrorCode, replyFrame } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onDeviceAction, type DeviceAction } from './device-actions';
import { startHarness, type Harness, type Received, type TestClient } from './test-helpers';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterEach(() => h.stop());

describe('device API wire format', () => {
  it('answers a text-frame get in a text frame, pretty-printed, keys leaApi, url, result, id', async () => {
    const r = await c.call('get', '/amp/deviceInfo');
    expect(r.text).toBe(true);
    expect(
      r.raw.startsWith('{\n  "leaApi": "1.0",\n  "url": "/amp/deviceInfo",\n  "result": {\n    "deviceName": '),
    ).toBe(true);
    expect(r.raw).toMatch(/\n {2}"id": 1\n}$/);
    expect(Object.keys(r.msg)).toEqual(['leaApi', 'url', 'result', 'id']);
    expect(r.msg.result).toEqual(h.amp.read('/amp/deviceInfo'));
  });

  it('answers a polled get with the same bytes but its id, and the new value once it changed, url as sent', async () => {
    const url = '/amp/channels/1/output';
    const expectReply = (r: Received, asSent: string, id: number) => {
      expect(r.text).toBe(true);
      expect(r.raw).toBe(replyFrame(asSent, h.amp.read(url), id));
    };
    for (const id of [7, 2 ** 31 - 1, 0, 7])
      expectReply(await (c.send({ url, method: 'get', id }), c.reply()), url, id);
    expectReply(
      await (c.send({ url: 'amp/channels/1/output/', method: 'get', id: 8 }), c.reply()),
      'amp/channels/1/output/',
      8,
    );
    expect((await c.call('set', url, { fader: -12.5, name: 'Bühne ✓ 舞台' })).msg.result).toBe('OK');
    const changed = await (c.send({ url, method: 'get', id: 9 }), c.reply());
    expectReply(changed, url, 9);
    expect(changed.msg.result).toMatchObject({ fader: -12.5, name: 'Bühne ✓ 舞台' });
    expectReply(await (c.send({ url, method: 'get', id: 10 }), c.reply()), url, 10);
  });

  it('accepts binary frames and still answers in text frames', async () => {
    c.send({ url: '/amp/deviceInfo', method: 'get' }, true);
    const r = await c.reply();
    expect(r.text).toBe(true);
    expect(r.msg.result).toEqual(h.amp.read('/amp/deviceInfo'));
  });

  it('takes a url without leading slash and echoes it as sent', async () => {
    const r = await c.call('get', 'amp/deviceInfo');
    expect(r.msg.url).toBe('amp/deviceInfo');
    expect(r.msg.result).toEqual(h.amp.read('/amp/deviceInfo'));
  });

  it('answers get / with the whole tree relative to /', async () => {
    const r = await c.call('get', '/');
    const result = r.msg.result as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['amp', 'network', 'misc', 'logs', 'NSTProxy']));
    expect(result).toEqual(JSON.parse(JSON.stringify(h.amp.state)));
  });

  it('accepts a request without params and answers info with field schemas', async () => {
    c.sendRaw(JSON.stringify({ leaApi: '1.0', url: '/amp/channels/1/output/fader', method: 'info', id: 4 }));
    const r = await c.reply();
    expect(r.msg.result).toMatchObject({ type: 'number', min: -80, max: 0 });
  });

  it('answers requests that reuse one id in request order', async () => {
    const urls = ['/amp/deviceInfo', '/misc', 'amp/channels/1/output', '/logs', '/amp/autoStandby'];
    for (let round = 0; round < 20; round++)
      for (const url of urls) {
        if (url === '/logs') c.send({ url, method: 'clear', id: 7 });
        else c.send({ url, method: 'get', id: 7 });
      }
    const got: string[] = [];
    for (let i = 0; i < urls.length * 20; i++) got.push(String((await c.reply()).msg.url));
    expect(got).toEqual(Array.from({ length: 20 }, () => urls).flat());
  });

  it('sets several fields of one object in one set and clamps out-of-range numbers', async () => {
    const r = await c.call('set', '/amp/channels/1/output', { fader: -200, mute: true, name: 'Left' });
    expect(r.msg.result).toBe('OK');
    expect(r.raw).toBe('{\n  "leaApi": "1.0",\n  "url": "/amp/channels/1/output",\n  "result": "OK",\n  "id": 1\n}');
    expect(h.amp.read('/amp/channels/1/output')).toMatchObject({ fader: -80, mute: true, name: 'Left' });
  });

  it('sets a single field at its own url', async () => {
    expect((await c.call('set', '/amp/channels/2/output/mute', true)).msg.result).toBe('OK');
    expect(h.amp.read('/amp/channels/2/output/mute')).toBe(true);
  });
});

describe('device API errors keep the connection open', () => {
  const cases: [string, string, string, unknown, number, RegExp][] = [
    ['unknown url', 'get', '/amp/nope', undefined, DeviceErrorCode.UnknownUrl, /unknown url \/amp\/nope/],
    [
      'wrong type',
      'set',
      '/amp/channels/1/output',
      { fader: 'loud' },
      DeviceErrorCode.InvalidParams,
      /fader expects a number, got string/,
    ],
    [
      'enum not among choices',
      'set',
      '/amp/channels/1/output',
      { hiZLoZ: 'HiZ-999V' },
      DeviceErrorCode.InvalidParams,
      /'HiZ-999V' is not one of/,
    ],
    [
      'write to read-only',
      'set',
      '/amp/channels/1/output',
      { ready: true },
      DeviceErrorCode.Forbidden,
      /ready is read-only/,
    ],
    [
      'unknown field in set',
      'set',
      '/amp/channels/1/output',
      { volume: 3 },
      DeviceErrorCode.UnknownUrl,
      /unknown field/,
    ],
  ];
  it.each(cases)('%s', async (_name, method, url, params, code, message) => {
    const state = JSON.stringify(h.amp.state);
    const r = await c.call(method, url, params);
    expect(Object.keys(r.msg)).toEqual(['leaApi', 'url', 'error', 'id']);
    expect(r.msg.error?.code).toBe(code);
    expect(r.msg.error?.message).toMatch(message);
    expect(r.raw).toContain(`"error": {\n    "code": ${code},\n    "message": `);
    expect(JSON.stringify(h.amp.state)).toBe(state);
    expect((await c.call('get', '/misc')).msg.result).toEqual(h.amp.read('/misc'));
  });

  it('refuses a whole set when one field is wrong', async () => {
    const r = await c.call('set', '/amp/channels/1/output', { mute: true, fader: 'x' });
    expect(r.msg.error?.code).toBe(DeviceErrorCode.InvalidParams);
    expect(h.amp.read('/amp/channels/1/output/mute')).toBe(false);
  });

  it('answers an unknown method with MethodNotFound', async () => {
    const r = await c.call('explode', '/');
    expect(r.msg.error).toEqual({ code: DeviceErrorCode.MethodNotFound, message: "unknown method 'explode'" });
  });

  it('answers malformed JSON with ParseError and id null', async () => {
    c.sendRaw('{"url": "/", "method": "get", "id": 3');
    const r = await c.reply();
    expect(r.msg.error?.code).toBe(DeviceErrorCode.ParseError);
    expect(r.msg.id).toBeNull();
    expect(r.raw).toMatch(/\n {2}"id": null\n}$/);
    expect((await c.call('get', '/misc')).msg.error).toBeUndefined();
  });

  it('answers a frame over the size limit with InvalidRequest', async () => {
    c.sendRaw(JSON.stringify({ url: '/', method: 'get', id: 1, params: { pad: 'x'.repeat(CHOSEN.maxFrameBytes) } }));
    const r = await c.reply();
    expect(r.msg.error?.code).toBe(DeviceErrorCode.InvalidRequest);
    expect(r.msg.error?.message).toContain(`limit of ${CHOSEN.maxFrameBytes} bytes`);
    expect((await c.call('get', '/misc')).msg.error).toBeUndefined();
  });

  it('answers bad ids, batches and non-objects with InvalidRequest', async () => {
    for (const bad of [
      '{"url":"/","method":"get","id":-1}',
      '{"url":"/","method":"get","id":2147483648}',
      '[]',
      '42',
    ]) {
      c.sendRaw(bad);
      const r = await c.reply();
      expect(r.msg.error?.code).toBe(DeviceErrorCode.InvalidRequest);
      expect(r.msg.id).toBeNull();
    }
    c.sendRaw('{"url":"/misc","method":"get","id":5,"params":"x","auth":{"user":"root"}}');
    expect((await c.reply()).msg).toMatchObject({
      url: '/misc',
      id: 5,
      error: { code: DeviceErrorCode.InvalidRequest },
    });
  });

  it('answers a method offered elsewhere with MethodNotFound', async () => {
    const r = await c.call('lock', '/amp', { mac: '', key: 'k', properties: ['/amp'] });
    expect(r.msg.error?.code).toBe(DeviceErrorCode.MethodNotFound);
    expect(r.msg.error?.message).toContain('/lockedProperties');
  });

  it('reads inside record nodes and refuses to read write-only fields', async () => {
    expect((await c.call('get', '/NSTProxy/devices')).msg.result).toEqual({});
    expect((await c.call('get', '/misc/clearLogs')).msg.error?.message).toBe('/misc/clearLogs is write-only');
  });
});

describe('logs', () => {
  it('clear on /logs and set /misc {clearLogs: true} empty events and faults', async () => {
    h.amp.apply({ logs: { events: 'boot', faults: 'thermal' } });
    expect((await c.call('clear', '/logs')).msg.result).toBe('OK');
    expect(h.amp.read('/logs')).toEqual({ events: '', faults: '' });
    h.amp.apply({ logs: { events: 'boot', faults: 'thermal' } });
    expect((await c.call('set', '/misc', { clearLogs: true })).msg.result).toBe('OK');
    expect(h.amp.read('/logs')).toEqual({ events: '', faults: '' });
  });

  it('hands write-only actions such as /cloud sensorPublishStart to action listeners', async () => {
    const seen: DeviceAction[] = [];
    onDeviceAction(h.amp, (a) => seen.push(a));
    expect((await c.call('set', '/cloud', { sensorPublishStart: true, sensorPublishDuration: 60 })).msg.result).toBe(
      'OK',
    );
    expect(seen).toEqual([{ url: '/cloud', name: 'sensorPublishStart', value: true }]);
  });

  it('verifyPassword on an unprotected amp is refused', async () => {
    const r = await c.call('set', '/misc', { verifyPassword: 'x' });
    expect(r.msg.error).toEqual({ code: DeviceErrorCode.InvalidRequest, message: 'the amp is not password protected' });
  });
});
