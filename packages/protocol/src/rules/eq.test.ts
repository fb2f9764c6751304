import { describe, expect, it } from 'vitest';
import { getModel } from '../device/models';
import {
  enableAllOffers,
  enableAllPatch,
  eqFilterKeys,
  flattenAllPatch,
  flattenFilterPatch,
  resetAllPatch,
  resetFilterPatch,
} from './eq';

const adsp = getModel('704D-ADSP');
const plain = getModel('704D');

describe('EQ all buttons (spec 2 §4)', () => {
  it('offers disable only when every IIR filter is enabled', () => {
    const all = Object.fromEntries(['1', '2', '3'].map((k) => [k, { enable: true }]));
    expect(enableAllOffers(all)).toBe('disable');
    expect(enableAllOffers({ ...all, '2': { enable: false } })).toBe('enable');
    expect(enableAllOffers(undefined)).toBe('enable');
  });

  it('applies to all 8 IIR and 16 FIR input filters', () => {
    const patch = enableAllPatch(adsp, 1, true);
    expect(Object.keys(patch.inputIirEqFilters ?? {})).toHaveLength(8);
    expect(Object.keys(patch.inputFirEqFilters ?? {})).toHaveLength(16);
    expect(patch.inputFirEqFilters?.['16']).toEqual({ enable: true });
    expect(eqFilterKeys(adsp, 1, 'outputEqFilters')).toHaveLength(8);
  });

  it('does nothing on a model without input EQ', () => {
    expect(enableAllPatch(plain, 1, true)).toEqual({});
    expect(resetAllPatch(plain, 1)).toEqual({});
  });

  it('flattens gains to the tree default', () => {
    const patch = flattenAllPatch(adsp, 2);
    expect(patch.inputIirEqFilters?.['1']).toEqual({ gain: 0 });
    expect(patch.inputFirEqFilters?.['9']).toEqual({ gain: 0 });
    expect(flattenFilterPatch(plain, 1, 'outputEqFilters', '3')).toEqual({ outputEqFilters: { '3': { gain: 0 } } });
  });

  it('resets IIR to Parametric and FIR to Dual Shelf with default frequency, q or bandwidths and gain', () => {
    const patch = resetAllPatch(adsp, 1);
    expect(patch.inputIirEqFilters?.['4']).toEqual({ type: 'Parametric', frequency: 1000, q: 0.71, gain: 0 });
    expect(patch.inputFirEqFilters?.['1']).toEqual({
      type: 'Dual Shelf',
      frequency1: 100,
      frequency2: 10000,
      bandwidth1: 1,
      bandwidth2: 1,
      gain: 0,
    });
    expect(resetFilterPatch(adsp, 1, 'inputIirEqFilters', '99')).toEqual({});
  });
});
