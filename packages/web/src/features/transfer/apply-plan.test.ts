import { ALL_TICKS, defaultState, exportSettings, getModel, planImport, type DeviceState } from '@rackside/protocol';
import { describe, expect, it, vi } from 'vitest';
import { applyBatches, batchSets, restoreSets } from './apply-plan';

const model = getModel('704D');
const state = (): DeviceState => structuredClone(defaultState(model));

describe('applying an import plan', () => {
  it('sends one set per object, with all of its fields', () => {
    const batches = batchSets([
      { path: '/amp/channels/1/output/name', value: 'A' },
      { path: '/amp/channels/2/output/name', value: 'B' },
      { path: '/amp/channels/1/output/mute', value: true },
    ]);
    expect(batches.map((b) => [b.url, b.params])).toEqual([
      ['/amp/channels/1/output', { name: 'A', mute: true }],
      ['/amp/channels/2/output', { name: 'B' }],
    ]);
  });

  it('stops at the first refused set and says what was and was not applied', async () => {
    const set = vi.fn().mockResolvedValueOnce('OK').mockRejectedValueOnce(new Error('refused'));
    const batches = batchSets([
      { path: '/amp/channels/1/output/name', value: 'A' },
      { path: '/amp/channels/2/output/name', value: 'B' },
      { path: '/amp/channels/3/output/name', value: 'C' },
    ]);
    const outcome = await applyBatches(batches, set);
    expect(outcome).toMatchObject({
      ok: false,
      applied: [{ path: '/amp/channels/1/output/name', value: 'A' }],
      notApplied: [
        { path: '/amp/channels/2/output/name', value: 'B' },
        { path: '/amp/channels/3/output/name', value: 'C' },
      ],
    });
    expect(set).toHaveBeenCalledTimes(2);
  });

  it('restores from the backup exactly what the import applied', () => {
    const before = state();
    const backup = exportSettings(before, model, ALL_TICKS);
    const changed = structuredClone(backup);
    (changed.channels['1'] as { output: { name: string } }).output.name = 'Renamed';
    const plan = planImport(changed, before, model, ALL_TICKS);
    expect(plan.sets).toEqual([{ path: '/amp/channels/1/output/name', value: 'Renamed' }]);
    const back = restoreSets(backup, before, model, plan.sets);
    expect(back).toEqual([{ path: '/amp/channels/1/output/name', value: before.amp?.channels?.['1']?.output?.name }]);
  });
});
