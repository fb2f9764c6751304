import { defaultAt, DeviceErrorCode } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestClient } from './test-helpers';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterEach(() => h.stop());

const mac = '00:1b:2c:00:00:01';
const lpf = '/amp/channels/1/crossover/lowPassFilter/frequency';

async function lockLpf(key = 'tuning-pw'): Promise<string> {
  const r = await c.call('lock', '/lockedProperties', {
    mac,
    key,
    properties: [lpf, '/amp/channels/1/crossover/bandGainAndDelay'],
  });
  const result = r.msg.result as { groupId: string; group: { key: string } };
  return result.groupId;
}

describe('locked property groups', () => {
  it('lock answers {groupId, group: {key}} with the key obfuscated, and stores the group', async () => {
    const r = await c.call('lock', 'lockedProperties', { mac, key: 'tuning-pw', properties: [lpf] });
    const result = r.msg.result as { groupId: string; group: { key: string } };
    expect(Object.keys(result)).toEqual(['groupId', 'group']);
    expect(result.group.key).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(result.group.key).not.toContain('tuning-pw');
    expect(h.amp.read('/lockedProperties/groups')).toEqual({
      [result.groupId]: { key: result.group.key, properties: [lpf] },
    });
  });

  it('refuses a set touching a locked property until unlocked; other fields stay writable', async () => {
    await lockLpf();
    const r = await c.call('set', '/amp/channels/1/crossover/lowPassFilter', { frequency: 500 });
    expect(r.msg.error).toEqual({ code: DeviceErrorCode.Forbidden, message: `${lpf} is locked by speaker tunings` });
    const nested = await c.call('set', '/amp/channels/1', { crossover: { bandGainAndDelay: { gain: 3 } } });
    expect(nested.msg.error?.message).toContain('locked by speaker tunings');
    expect((await c.call('set', '/amp/channels/1/crossover/lowPassFilter', { enable: true })).msg.result).toBe('OK');
    expect((await c.call('set', '/amp/channels/2/crossover/lowPassFilter', { frequency: 500 })).msg.result).toBe('OK');
    expect((await c.call('set', '/lockedProperties', { groups: {} })).msg.error?.code).toBe(DeviceErrorCode.Forbidden);
  });

  it('unlock with a wrong password is refused; with the key it removes the group', async () => {
    const groupId = await lockLpf();
    await c.call('subscribe', '/lockedProperties');
    const wrong = await c.call('unlock', '/lockedProperties', { mac, password: 'guess' });
    expect(wrong.msg.error).toEqual({
      code: DeviceErrorCode.InvalidPassword,
      message: 'The provided password is incorrect',
    });
    expect((await c.call('unlock', '/lockedProperties', { mac, password: 'tuning-pw' })).msg.result).toBe('OK');
    expect(h.amp.read('/lockedProperties/groups')).toEqual({});
    // records go out whole: the notified lockedProperties no longer holds the group
    const n = await c.until(() => c.notifies.shift(), 1000, 'notify');
    expect(n.msg.params).toEqual({ lockedProperties: { groups: {} } });
    expect(n.raw).not.toContain(groupId);
    expect((await c.call('set', '/amp/channels/1/crossover/lowPassFilter', { frequency: 500 })).msg.result).toBe('OK');
  });

  it('reset removes the group and puts its properties back to defaults', async () => {
    const before = h.amp.read('/amp/channels/1/crossover/bandGainAndDelay');
    h.amp.apply({
      amp: { channels: { '1': { crossover: { lowPassFilter: { frequency: 700 }, bandGainAndDelay: { gain: 4 } } } } },
    });
    const groupId = await lockLpf();
    expect((await c.call('reset', '/lockedProperties', { groupId: 'nope' })).msg.error?.code).toBe(
      DeviceErrorCode.InvalidParams,
    );
    expect((await c.call('reset', '/lockedProperties', { groupId })).msg.result).toBe('OK');
    expect(h.amp.read('/lockedProperties/groups')).toEqual({});
    expect(h.amp.read(lpf)).toBe(defaultAt(h.amp.model, lpf));
    expect(defaultAt(h.amp.model, lpf)).not.toBe(700);
    expect(h.amp.read('/amp/channels/1/crossover/bandGainAndDelay')).toEqual(before);
  });

  it('refuses another amp mac, unknown property urls and bad params', async () => {
    const props = [lpf];
    expect(
      (await c.call('lock', '/lockedProperties', { mac: '00:00:00:00:00:02', key: 'k', properties: props })).msg.error
        ?.code,
    ).toBe(DeviceErrorCode.InvalidParams);
    expect(
      (await c.call('lock', '/lockedProperties', { mac, key: 'k', properties: ['/amp/nope'] })).msg.error?.code,
    ).toBe(DeviceErrorCode.UnknownUrl);
    expect((await c.call('lock', '/lockedProperties', { mac, key: '', properties: props })).msg.error?.code).toBe(
      DeviceErrorCode.InvalidParams,
    );
    expect(h.amp.read('/lockedProperties/groups')).toEqual({});
  });
});
