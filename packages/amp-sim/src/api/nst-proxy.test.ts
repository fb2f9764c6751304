import { DeviceErrorCode } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { touchPanelsOf } from './nst-proxy';
import { startHarness, type Harness, type TestClient } from './test-helpers';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
  touchPanelsOf(h.amp).add('10.0.0.9', { name: 'Lobby', firmwareVersion: '2.1.0.0' });
});
afterEach(() => h.stop());

const config = {
  version: 1,
  name: 'Bar',
  groups: [
    {
      type: 'volume',
      name: 'Main',
      range: 80,
      amps: [{ ipAddress: '127.0.0.1', macAddress: '00:1B:2C:00:00:01', channels: { '1': { offset: -6 } } }],
      subGroups: [],
    },
  ],
};

describe('NSTProxy', () => {
  it('lists registered panels in NSTProxy.devices and notifies subscribers of changes', async () => {
    const r = await c.call('subscribe', '/NSTProxy');
    expect(r.msg.result).toEqual({
      enable: false,
      devices: {
        '10.0.0.9': {
          ipAddress: '10.0.0.9',
          name: 'Lobby',
          modelID: 'CS Touch',
          firmwareVersion: '2.1.0.0',
          online: true,
        },
      },
    });
    touchPanelsOf(h.amp).setOnline('10.0.0.9', false);
    const n = await c.until(() => c.notifies.shift(), 1000, 'notify');
    // a record goes out whole, so a client can validate and replace it
    expect(n.msg.params).toEqual({ NSTProxy: h.amp.read('/NSTProxy') });
    expect(h.amp.read('/NSTProxy/devices/10.0.0.9/online')).toBe(false);
  });

  it('set enable works; the device list is read-only', async () => {
    expect((await c.call('set', '/NSTProxy', { enable: true })).msg.result).toBe('OK');
    expect(h.amp.read('/NSTProxy/enable')).toBe(true);
    expect((await c.call('set', '/NSTProxy', { devices: {} })).msg.error?.code).toBe(DeviceErrorCode.Forbidden);
  });

  it('getConfig answers {requestId, payload}; setConfig stores a valid config', async () => {
    const first = await c.call('getConfig', '/NSTProxy', { ipAddress: '10.0.0.9', requestId: 'r1' });
    expect(first.msg.result).toEqual({ requestId: 'r1', payload: { name: 'Lobby', groups: [] } });
    const set = await c.call('setConfig', '/NSTProxy', { ipAddress: '10.0.0.9', requestId: 2, payload: config });
    expect(set.msg.result).toEqual({ requestId: 2, payload: config });
    expect((await c.call('getConfig', 'NSTProxy', { ipAddress: '10.0.0.9', requestId: 3 })).msg.result).toEqual({
      requestId: 3,
      payload: config,
    });
    expect(touchPanelsOf(h.amp).get('10.0.0.9')?.name).toBe('Bar');
  });

  it('refuses unknown panels, offline panels and payloads that are not configurations', async () => {
    const unknown = await c.call('getConfig', '/NSTProxy', { ipAddress: '10.0.0.99', requestId: 1 });
    expect(unknown.msg.error).toEqual({
      code: DeviceErrorCode.InvalidParams,
      message: 'no CS Touch panel at 10.0.0.99',
    });
    for (const payload of [
      { version: 1 },
      { name: 'x', groups: {} },
      { name: 'x', groups: [{ type: 'volume' }] },
      'x',
      null,
    ])
      expect(
        (await c.call('setConfig', '/NSTProxy', { ipAddress: '10.0.0.9', requestId: 1, payload })).msg.error?.code,
      ).toBe(DeviceErrorCode.InvalidParams);
    touchPanelsOf(h.amp).setOnline('10.0.0.9', false);
    expect((await c.call('getConfig', '/NSTProxy', { ipAddress: '10.0.0.9' })).msg.error?.message).toContain('offline');
  });
});
