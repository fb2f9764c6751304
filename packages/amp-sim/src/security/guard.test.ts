import { authHash, DeviceErrorCode, uacSignature } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestClient } from '../api/test-helpers';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterEach(() => h.stop());

describe('password protection', () => {
  beforeEach(() => {
    h.amp.password = 'S3cret!pw';
  });

  it('challenges a write with -32000 and a nonce, and accepts the retry with the right hash', async () => {
    const first = await c.call('set', '/amp/channels/1/output', { mute: true });
    expect(first.msg.error).toMatchObject({ code: DeviceErrorCode.AuthChallenge, message: 'authentication required' });
    expect(Object.keys(first.msg.error!)).toEqual(['code', 'message', 'nonce']);
    expect(first.msg.error?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(h.amp.read('/amp/channels/1/output/mute')).toBe(false);

    const r = await c.callAuthed('S3cret!pw', 'set', 'amp/channels/1/output', { mute: true });
    expect(r.msg.result).toBe('OK');
    expect(h.amp.read('/amp/channels/1/output/mute')).toBe(true);
  });

  it('gives each challenge a fresh nonce that works once only', async () => {
    const a = (await c.call('clear', '/logs')).msg.error!.nonce!;
    const b = (await c.call('clear', '/logs')).msg.error!.nonce!;
    expect(a).not.toBe(b);
    const req = { method: 'clear', url: '/logs', params: undefined, id: 50 };
    const auth = { user: 'admin', nonce: a, hash: await authHash('S3cret!pw', a, req) };
    expect((await c.call('clear', '/logs', undefined, { id: 50, auth })).msg.result).toBe('OK');
    const again = await c.call('clear', '/logs', undefined, { id: 50, auth });
    expect(again.msg.error?.code).toBe(DeviceErrorCode.AuthChallenge);
    expect(again.msg.error?.message).toContain('already used');
  });

  it('refuses a wrong password with InvalidPassword', async () => {
    const r = await c.callAuthed('wrong', 'set', '/misc', { findMe: true });
    expect(r.msg.error).toEqual({ code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' });
    expect(h.amp.read('/misc/findMe')).toBe(false);
  });

  it('refuses a hash made for another request (params changed after hashing)', async () => {
    const nonce = (await c.call('set', '/misc', { findMe: true })).msg.error!.nonce!;
    const hash = await authHash('S3cret!pw', nonce, { method: 'set', url: '/misc', params: { findMe: false }, id: 9 });
    const r = await c.call('set', '/misc', { findMe: true }, { id: 9, auth: { user: 'admin', nonce, hash } });
    expect(r.msg.error?.code).toBe(DeviceErrorCode.InvalidPassword);
  });

  it('lets guests read (get, info, subscribe) but not write', async () => {
    expect((await c.call('get', '/amp/deviceInfo')).msg.error).toBeUndefined();
    expect((await c.call('info', '/misc')).msg.error).toBeUndefined();
    expect((await c.call('subscribe', '/misc')).msg.error).toBeUndefined();
    for (const [method, url, params] of [
      ['set', '/amp/deviceInfo', { deviceName: 'x' }],
      ['clear', '/logs', undefined],
      [
        'lock',
        '/lockedProperties',
        { mac: '00:1B:2C:00:00:01', key: 'k', properties: ['/amp/channels/1/output/fader'] },
      ],
      ['setConfig', '/NSTProxy', { ipAddress: '10.0.0.9', payload: {} }],
      ['set', '/users', {}],
    ] as const)
      expect((await c.call(method, url, params)).msg.error?.code).toBe(DeviceErrorCode.AuthChallenge);
  });

  it('verifyPassword answers OK for the right password and InvalidPassword otherwise', async () => {
    expect((await c.callAuthed('S3cret!pw', 'set', '/misc', { verifyPassword: 'S3cret!pw' })).msg.result).toBe('OK');
    const bad = await c.callAuthed('S3cret!pw', 'set', '/misc', { verifyPassword: 'nope' });
    expect(bad.msg.error).toEqual({ code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' });
  });
});

describe('UAC', () => {
  const mac = '00:1B:2C:00:00:01';
  beforeEach(() => {
    h.amp.apply({ UAC: { key: 'site-key', roles: { installer: { 'channel output gain': 1 } } } });
  });

  it('refuses unsigned writes with Forbidden and leaves reads open', async () => {
    const r = await c.call('set', '/amp/channels/1/output', { fader: -10 });
    expect(r.msg.error?.code).toBe(DeviceErrorCode.Forbidden);
    expect(r.msg.error?.message).toContain('locked by UAC');
    expect((await c.call('get', '/amp/channels/1/output')).msg.error).toBeUndefined();
  });

  it('accepts a write signed with the MAC-derived key, refuses a wrong signature', async () => {
    const params = { fader: -10 };
    const signature = await uacSignature(mac, { method: 'set', url: 'amp/channels/1/output', params, id: 11 });
    const good = await c.call('set', 'amp/channels/1/output', params, { id: 11, signature });
    expect(good.msg.result).toBe('OK');
    expect(h.amp.read('/amp/channels/1/output/fader')).toBe(-10);
    const bad = await c.call('set', 'amp/channels/1/output', params, { id: 12, signature });
    expect(bad.msg.error).toEqual({
      code: DeviceErrorCode.Forbidden,
      message: 'invalid UAC signature for this request',
    });
  });

  it('unlocks when a signed set clears the key', async () => {
    const params = { key: '' };
    const signature = await uacSignature(mac, { method: 'set', url: '/UAC', params, id: 3 });
    expect((await c.call('set', '/UAC', params, { id: 3, signature })).msg.result).toBe('OK');
    expect((await c.call('set', '/misc', { findMe: true })).msg.result).toBe('OK');
  });
});
