import { DeviceErrorCode, encryptUsersPayload } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestClient } from '../api/test-helpers';
import { decryptUsersPayload } from './users';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterEach(() => h.stop());

describe('/users', () => {
  it('decrypts what encryptUsersPayload produced with the device public key', async () => {
    const payload = await encryptUsersPayload({ user: 'admin', newPassword: 'Abc123!x' });
    expect(decryptUsersPayload(payload)).toEqual({ ok: true, change: { user: 'admin', newPassword: 'Abc123!x' } });
    expect(decryptUsersPayload({ ...payload, tag: Buffer.alloc(16).toString('base64') }).ok).toBe(false);
  });

  it('protects, changes and removes the password', async () => {
    await c.call('subscribe', '/misc');
    const protect = await c.call(
      'set',
      '/users',
      await encryptUsersPayload({ user: 'admin', newPassword: 'First1!x' }),
    );
    expect(protect.msg.result).toBe('OK');
    expect(h.amp.password).toBe('First1!x');
    expect(h.amp.read('/misc/passwordProtected')).toBe(true);
    const n = await c.until(() => c.notifies.shift(), 1000, 'notify');
    expect(n.msg.params).toEqual({ misc: { passwordProtected: true } });

    const wrongOld = await c.callAuthed(
      'First1!x',
      'set',
      '/users',
      await encryptUsersPayload({ user: 'admin', oldPassword: 'nope', newPassword: 'Second2!x' }),
    );
    expect(wrongOld.msg.error).toEqual({ code: DeviceErrorCode.InvalidPassword, message: 'InvalidPassword' });
    expect(h.amp.password).toBe('First1!x');

    const change = await c.callAuthed(
      'First1!x',
      'set',
      '/users',
      await encryptUsersPayload({ user: 'admin', oldPassword: 'First1!x', newPassword: 'Second2!x' }),
    );
    expect(change.msg.result).toBe('OK');
    expect(h.amp.password).toBe('Second2!x');

    const remove = await c.callAuthed(
      'Second2!x',
      'set',
      '/users',
      await encryptUsersPayload({ user: 'admin', oldPassword: 'Second2!x' }),
    );
    expect(remove.msg.result).toBe('OK');
    expect(h.amp.password).toBeNull();
    expect(h.amp.read('/misc/passwordProtected')).toBe(false);
  });

  it('refuses a payload that is not encrypted for this amp', async () => {
    const r = await c.call('set', '/users', { user: 'admin', newPassword: 'plain' });
    expect(r.msg.error?.code).toBe(DeviceErrorCode.InvalidParams);
    expect(h.amp.password).toBeNull();
  });
});
