import { describe, expect, it } from 'vitest';
import { CHOSEN } from '../device/chosen';
import {
  UAC_LEVELS,
  UAC_PERMISSIONS,
  canUacWrite,
  hasUacKey,
  isUacHidden,
  isUacReadonly,
  uacAccessLevel,
  uacHidesPages,
} from './uac';

const NEW_FW = CHOSEN.uacFirmwareThreshold;
const OLD_FW = '1.3.9.9';
const gain = UAC_PERMISSIONS.channelOutputGain;
const mute = UAC_PERMISSIONS.channelOutputMute;
const roles = { [CHOSEN.uacRoleId]: { [gain]: 1, [mute]: 2 }, other: { [gain]: 2 } };

describe('uacAccessLevel (spec 2 §6)', () => {
  it('gives Write without a key, on any firmware', () => {
    expect(uacAccessLevel({ uac: { key: '', roles }, firmwareVersion: NEW_FW, cloud: false }, gain)).toBe(2);
    expect(uacAccessLevel({ uac: undefined, firmwareVersion: OLD_FW, cloud: false }, gain)).toBe(2);
  });

  it('locks a keyed amp that has no roles', () => {
    expect(uacAccessLevel({ uac: { key: 'k', roles: {} }, firmwareVersion: NEW_FW, cloud: false }, gain)).toBe(0);
    expect(uacAccessLevel({ uac: { key: 'k' }, firmwareVersion: '2.0.0.0', cloud: false }, gain)).toBe(0);
  });

  it('reads the level from the fixed role and the named permission', () => {
    const ctx = { uac: { key: 'k', roles }, firmwareVersion: NEW_FW, cloud: false };
    expect(uacAccessLevel(ctx, gain)).toBe(UAC_LEVELS.Readonly);
    expect(uacAccessLevel(ctx, mute)).toBe(UAC_LEVELS.Write);
    expect(uacAccessLevel(ctx, UAC_PERMISSIONS.miscFirmwareUpdate)).toBe(UAC_LEVELS.Locked);
  });

  it('defaults to Locked when the fixed role is missing or the level is out of range', () => {
    const other = { uac: { key: 'k', roles: { other: { [gain]: 2 } } }, firmwareVersion: NEW_FW, cloud: false };
    expect(uacAccessLevel(other, gain)).toBe(0);
    const odd = {
      uac: { key: 'k', roles: { [CHOSEN.uacRoleId]: { [gain]: 7 } } },
      firmwareVersion: NEW_FW,
      cloud: false,
    };
    expect(uacAccessLevel(odd, gain)).toBe(0);
  });

  it('locks a keyed amp on older or unknown firmware whatever its roles', () => {
    expect(uacAccessLevel({ uac: { key: 'k', roles }, firmwareVersion: OLD_FW, cloud: false }, mute)).toBe(0);
    expect(uacAccessLevel({ uac: { key: 'k', roles }, firmwareVersion: undefined, cloud: false }, mute)).toBe(0);
  });

  it('never locks in cloud mode', () => {
    expect(uacAccessLevel({ uac: { key: 'k', roles: {} }, firmwareVersion: NEW_FW, cloud: true }, gain)).toBe(2);
  });

  it('maps levels to hidden, read-only and writable', () => {
    expect([0, 1, 2].map((l) => isUacHidden(l as 0))).toEqual([true, false, false]);
    expect([0, 1, 2].map((l) => isUacReadonly(l as 1))).toEqual([false, true, false]);
    expect([0, 1, 2].map((l) => canUacWrite(l as 2))).toEqual([false, false, true]);
  });

  it('names ten distinct permissions', () => {
    expect(new Set(Object.values(UAC_PERMISSIONS)).size).toBe(10);
    expect(hasUacKey({ key: 'abc' })).toBe(true);
    expect(hasUacKey({ key: '' })).toBe(false);
  });
});

describe('uacHidesPages (spec 2 §2, issue 18)', () => {
  const ctx = (uac: Parameters<typeof uacHidesPages>[0]['uac'], firmwareVersion: string = NEW_FW, cloud = false) => ({
    uac,
    firmwareVersion,
    cloud,
  });
  it('hides nothing without a key or in cloud mode', () => {
    expect(uacHidesPages(ctx({ key: '', roles: {} }))).toBe(false);
    expect(uacHidesPages(ctx(undefined, OLD_FW))).toBe(false);
    expect(uacHidesPages(ctx({ key: 'k', roles: {} }, NEW_FW, true))).toBe(false);
  });
  it('hides the pages when the key leaves the user nothing: no roles, old firmware, or every level Locked', () => {
    expect(uacHidesPages(ctx({ key: 'k', roles: {} }))).toBe(true);
    expect(uacHidesPages(ctx({ key: 'k', roles }, OLD_FW))).toBe(true);
    expect(uacHidesPages(ctx({ key: 'k', roles: { other: { [gain]: 2 } } }))).toBe(true);
    expect(uacHidesPages(ctx({ key: 'k', roles: { [CHOSEN.uacRoleId]: { [gain]: 0, [mute]: 7 } } }))).toBe(true);
  });
  it('shows the pages when the role can read or write anything', () => {
    expect(uacHidesPages(ctx({ key: 'k', roles: { [CHOSEN.uacRoleId]: { [gain]: 1 } } }))).toBe(false);
    expect(uacHidesPages(ctx({ key: 'k', roles }))).toBe(false);
  });
});
