import { describe, expect, it } from 'vitest';
import { HIZ_LOZ } from '../device/choices';
import { hiZHpfEnableFor, hiZLoZPatch } from './hiz';

describe('Hi-Z/Lo-Z change (spec 2 §4)', () => {
  it('enables the high-pass filter only for HiZ-70V and HiZ-100V', () => {
    expect(HIZ_LOZ.map(hiZHpfEnableFor)).toEqual([true, true, false]);
    expect(hiZHpfEnableFor('hiz-70v')).toBe(false);
  });

  it('builds the output patch', () => {
    expect(hiZLoZPatch('HiZ-100V')).toEqual({ hiZLoZ: 'HiZ-100V', hiZHpfEnable: true });
    expect(hiZLoZPatch('LoZ')).toEqual({ hiZLoZ: 'LoZ', hiZHpfEnable: false });
  });
});
