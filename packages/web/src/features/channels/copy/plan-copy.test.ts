import { getModel, UAC_LEVELS, type AmpState } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { defaultAmpState, treeInfo } from '../../../device/fields/field-info';
import { describeValues, placeOfField } from './describe-copy';
import { blockLocked, copyWrites, inBlock, planCopy } from './plan-copy';

const model = getModel('CDS-508');
const write = () => UAC_LEVELS.Write;

function amp(edit: (s: AmpState) => void = () => undefined): AmpState {
  const s = defaultAmpState(model);
  edit(s);
  return s;
}
const ch = (s: AmpState, n: number) => s.channels[String(n)]!;

describe('copying a block to other channels: the preview’s diff (issue 18)', () => {
  it('lists only the fields of the block that differ, per target, current → new', () => {
    const state = amp((s) => {
      ch(s, 1).outputEqFilters['2']!.gain = 6;
      ch(s, 1).outputEqFilters['2']!.type = 'Parametric';
      ch(s, 1).outputEqFilters['4']!.frequency = 2500;
      ch(s, 1).output.fader = -20; // not in the block
      ch(s, 1).inputIirEqFilters!['1']!.gain = 3; // input EQ: not the output EQ block
      ch(s, 3).outputEqFilters['4']!.frequency = 2500; // already the same on channel 3
    });
    const [three, four] = planCopy(state, model, 1, 'eq', [3, 4], write);
    const before2 = ch(state, 3).outputEqFilters['2']!;
    expect(three?.channel).toBe(3);
    expect(three?.changes.map((c) => [c.path, c.before, c.after])).toEqual([
      ...(before2.type === 'Parametric'
        ? []
        : [['/amp/channels/3/outputEqFilters/2/type', before2.type, 'Parametric']]),
      ['/amp/channels/3/outputEqFilters/2/gain', before2.gain, 6],
    ]);
    expect(four?.changes.map((c) => c.path)).toContain('/amp/channels/4/outputEqFilters/4/frequency');
    expect([...(three?.changes ?? []), ...(four?.changes ?? [])].every((c) => inBlock('eq', c.path))).toBe(true);
  });

  it('finds no changes between identical channels, and never plans the source onto itself', () => {
    const state = amp();
    expect(planCopy(state, model, 1, 'crossover', [1, 2], write)).toEqual([{ channel: 2, changes: [], locked: [] }]);
  });

  it('copies the crossover (filters and gain/delay, not the input delay) and the limiters', () => {
    const state = amp((s) => {
      ch(s, 2).crossover.highPassFilter.frequency = 95;
      ch(s, 2).crossover.bandGainAndDelay.invert = !ch(s, 5).crossover.bandGainAndDelay.invert;
      ch(s, 2).inputDelay.delayMs = 12;
      ch(s, 2).rmsLimiter.threshold = 33;
      ch(s, 2).peakLimiter.releaseTime = 250;
    });
    const [x] = planCopy(state, model, 2, 'crossover', [5], write);
    expect(x?.changes.map((c) => c.path).sort()).toEqual([
      '/amp/channels/5/crossover/bandGainAndDelay/invert',
      '/amp/channels/5/crossover/highPassFilter/frequency',
    ]);
    const [l] = planCopy(state, model, 2, 'limiters', [5], write);
    expect(l?.changes.map((c) => [c.path, c.after])).toEqual([
      ['/amp/channels/5/rmsLimiter/threshold', 33],
      ['/amp/channels/5/peakLimiter/releaseTime', 250],
    ]);
  });

  it('sets locked fields apart (left as they are) and tells a channel whose whole block is locked', () => {
    const state = amp((s) => {
      ch(s, 1).outputEqFilters['1']!.gain = 5;
      ch(s, 1).outputEqFilters['3']!.gain = -4;
    });
    const access = (url: string) =>
      url.includes('/channels/2/outputEqFilters/1/') ? UAC_LEVELS.Locked : UAC_LEVELS.Write;
    const [two] = planCopy(state, model, 1, 'eq', [2], access);
    expect(two?.changes.map((c) => c.path)).toEqual(['/amp/channels/2/outputEqFilters/3/gain']);
    expect(two?.locked.map((c) => c.path)).toEqual(['/amp/channels/2/outputEqFilters/1/gain']);
    const none = (url: string) => (url.startsWith('/amp/channels/2/') ? UAC_LEVELS.Readonly : UAC_LEVELS.Write);
    expect(blockLocked(model, 2, 'eq', none)).toBe(true);
    expect(blockLocked(model, 3, 'eq', none)).toBe(false);
  });

  it('writes one set per object across the targets', () => {
    const state = amp((s) => {
      ch(s, 1).outputEqFilters['2']!.gain = 6;
      ch(s, 1).outputEqFilters['2']!.q = 2;
    });
    const writes = copyWrites(planCopy(state, model, 1, 'eq', [2, 3], write));
    expect(writes).toEqual([
      { url: '/amp/channels/2/outputEqFilters/2', params: expect.objectContaining({ gain: 6, q: 2 }) as unknown },
      { url: '/amp/channels/3/outputEqFilters/2', params: expect.objectContaining({ gain: 6, q: 2 }) as unknown },
    ]);
  });

  it('describes a line as the change history does: place, field, values with decimals, sign and unit', () => {
    const info = treeInfo(model);
    const texts = { language: 'en', on: 'on', off: 'off', choice: (v: string) => `<${v}>` };
    expect(placeOfField('/amp/channels/3/outputEqFilters/2/gain')).toEqual({
      place: { key: 'outputEqFilters', n: '2' },
      field: 'gain',
    });
    expect(placeOfField('/amp/channels/3/crossover/lowPassFilter/type').place).toEqual({ key: 'lowPassFilter' });
    expect(placeOfField('/amp/channels/3/rmsLimiter/threshold').place).toEqual({ key: 'rmsLimiter' });
    const path = '/amp/channels/3/outputEqFilters/2/gain';
    expect(describeValues({ path, before: 0, after: 6 }, info, texts)).toEqual({ from: '0.0', to: '+6.0', unit: 'dB' });
    const type = '/amp/channels/3/outputEqFilters/2/type';
    expect(describeValues({ path: type, before: 'AllPass 1', after: 'Parametric' }, info, texts)).toMatchObject({
      from: '<AllPass 1>',
      to: '<Parametric>',
      unit: undefined,
    });
    const enable = '/amp/channels/3/outputEqFilters/2/enable';
    expect(describeValues({ path: enable, before: false, after: true }, info, texts)).toMatchObject({
      from: 'off',
      to: 'on',
    });
  });
});
