import { describe, expect, it } from 'vitest';
import { CANDIDATES } from './cloud-update.test-utils';
import { allAmps, groupCheck, notSelectableReason, planOf, selectedIds, toggleGroup, waveSizesOf } from './selection';

const amps = allAmps(CANDIDATES);
const hall = CANDIDATES.venues[0]?.amps ?? [];

describe('update selection (spec 1 §3, §5)', () => {
  it('lets only amps past the minimum version with a newer library image be selected, and says why not', () => {
    expect(amps.map((a) => [a.deviceId, notSelectableReason(a)])).toEqual([
      ['d-a1', null],
      ['d-a2', null],
      ['d-a3', 'upToDate'],
      ['d-b1', null],
      ['d-b2', 'belowMinimum'],
      ['d-b3', 'noImage'],
    ]);
  });

  it('counts N of M over the selectable amps; checked, indeterminate or neither', () => {
    expect(groupCheck(amps, new Set())).toMatchObject({
      checked: false,
      indeterminate: false,
      selected: 0,
      available: 3,
    });
    expect(groupCheck(amps, new Set(['d-a1', 'd-b2']))).toMatchObject({
      checked: false,
      indeterminate: true,
      selected: 1,
      available: 3,
    });
    expect(groupCheck(hall, new Set(['d-a1', 'd-a2']))).toMatchObject({ checked: true, indeterminate: false });
    expect(groupCheck([amps[2]!], new Set())).toMatchObject({ disabled: true, checked: false });
  });

  it('ticks a group: selects every selectable amp, then clears them; other groups are untouched', () => {
    const one = toggleGroup(hall, new Set(['d-b1']));
    expect([...one].sort()).toEqual(['d-a1', 'd-a2', 'd-b1']);
    expect([...toggleGroup(hall, one)]).toEqual(['d-b1']);
    // some selected: ticking selects the rest
    expect([...toggleGroup(amps, new Set(['d-a1']))].sort()).toEqual(['d-a1', 'd-a2', 'd-b1']);
  });

  it('sends only selected amps that are still selectable, in the order shown', () => {
    expect(selectedIds(CANDIDATES, new Set(['d-b1', 'd-a3', 'd-a1']))).toEqual(['d-a1', 'd-b1']);
  });

  it('takes plan numbers 0..100 only, and makes the waves from them', () => {
    const form = { canary: '1', percent: '10', failureThresholdPercent: '10', force: false };
    expect(planOf(form)).toEqual({ canary: 1, percent: 10, failureThresholdPercent: 10, force: false });
    expect(planOf({ ...form, percent: '101' })).toBeNull();
    expect(planOf({ ...form, canary: '' })).toBeNull();
    expect(planOf({ ...form, canary: '1.5' })).toBeNull();
    expect(waveSizesOf(20, planOf(form))).toEqual([1, 2, 17]);
    expect(waveSizesOf(1, planOf(form))).toEqual([1]);
    expect(waveSizesOf(5, null)).toEqual([]);
  });
});
