import { describe, expect, it } from 'vitest';
import { DeviceRequestSchema, errorFrame, notifyFrame, replyFrame } from './messages';

describe('wire layout (device-api-notes.md)', () => {
  it('pretty-prints replies with keys leaApi, url, result, id', () => {
    expect(replyFrame('amp/deviceInfo', { deviceName: 'A' }, 4)).toBe(
      '{\n  "leaApi": "1.0",\n  "url": "amp/deviceInfo",\n  "result": {\n    "deviceName": "A"\n  },\n  "id": 4\n}',
    );
  });
  it('orders notifications leaApi, url, method, params and errors leaApi, url, error, id', () => {
    expect(Object.keys(JSON.parse(notifyFrame({ amp: {} })) as object)).toEqual(['leaApi', 'url', 'method', 'params']);
    expect(Object.keys(JSON.parse(errorFrame('/x', { code: -32001, message: 'm' }, 1)) as object)).toEqual([
      'leaApi',
      'url',
      'error',
      'id',
    ]);
  });
  it('accepts requests without params and refuses ids out of range', () => {
    expect(DeviceRequestSchema.safeParse({ leaApi: '1.0', url: '/', method: 'get', id: 0 }).success).toBe(true);
    expect(DeviceRequestSchema.safeParse({ url: '/', method: 'get', id: 2 ** 31 }).success).toBe(false);
    expect(DeviceRequestSchema.safeParse({ url: '/', method: 'get', id: 1.5 }).success).toBe(false);
  });
});
