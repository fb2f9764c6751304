import { describe, expect, it } from 'vitest';
import { defaultState } from '../device/defaults';
import { getModel } from '../device/models';
import type { DeviceState } from '../device/state-types';
import { parseTransferFile, TUNINGS_FILE_VERSION } from './file';
import { signTransferFile, verifyTransferFile } from './signature';
import {
  ALL_TUNING_TICKS,
  channelLockedGroups,
  exportTuning,
  importBlock,
  lockTuningFile,
  planTuningImport,
  retargetTuning,
  tuningLockOf,
  tuningProperties,
  type TuningTicks,
} from './tunings';

const stateOf = (id: string): DeviceState => structuredClone(defaultState(getModel(id)));
const eqOnly: TuningTicks = { crossoverDelay: false, eq: true, limiters: false };
type Ch = {
  crossover: { bandGainAndDelay: { gain: number } };
  outputEqFilters: Record<string, { gain: number }>;
  output: { name: string; fader: number };
};
const ch = (state: DeviceState, n: number) => state.amp!.channels[String(n)] as unknown as Ch;

describe('tuningProperties (spec 3 §4)', () => {
  it('lists the writable crossover, EQ and limiter fields of that channel only', () => {
    const props = tuningProperties(getModel('704D'), 2, ALL_TUNING_TICKS);
    expect(props).toContain('/amp/channels/2/crossover/bandGainAndDelay/gain');
    expect(props).toContain('/amp/channels/2/outputEqFilters/1/gain');
    expect(props).toContain('/amp/channels/2/peakLimiter/threshold');
    expect(props.every((p) => p.startsWith('/amp/channels/2/'))).toBe(true);
    expect(props.some((p) => /output\/(name|fader|mute|hiZLoZ)$/.test(p))).toBe(false);
    expect(props.some((p) => p.includes('inputSelector') || p.includes('loadMonitor'))).toBe(false);
  });

  it('follows the ticks: EQ only', () => {
    const props = tuningProperties(getModel('704D'), 1, eqOnly);
    expect(props.length).toBeGreaterThan(0);
    expect(props.every((p) => /\/(outputEqFilters|inputIirEqFilters|inputFirEqFilters)\//.test(p))).toBe(true);
  });

  it('is empty with no tick', () => {
    expect(tuningProperties(getModel('704D'), 1, { crossoverDelay: false, eq: false, limiters: false })).toEqual([]);
  });
});

describe('exportTuning (spec 3 §3/§9)', () => {
  it('writes version 2 and the channel under "1", whatever channel it came from', () => {
    const state = stateOf('704D');
    ch(state, 3).outputEqFilters['1']!.gain = 4.5;
    ch(state, 3).output.name = 'Sub';
    const file = exportTuning(state, getModel('704D'), 3, ALL_TUNING_TICKS);
    expect(file.version).toBe(TUNINGS_FILE_VERSION);
    expect(Object.keys(file.channels)).toEqual(['1']);
    const exported = file.channels['1'] as unknown as Ch;
    expect(exported.outputEqFilters['1']!.gain).toBe(4.5);
    expect(file.channels['1']).not.toHaveProperty('output');
    expect(file.channels['1']).not.toHaveProperty('inputSelector');
    expect(file.network).toEqual({});
    expect(file.amp).toEqual({});
    expect(file.inputs).toEqual({});
    expect(parseTransferFile(JSON.stringify(file)).ok).toBe(true);
  });

  it('carries only the ticked settings', () => {
    const file = exportTuning(stateOf('704D'), getModel('704D'), 1, eqOnly);
    expect(Object.keys(file.channels['1']!)).toEqual(['outputEqFilters']);
  });
});

describe('retargetTuning', () => {
  it('moves the channel and the locked properties onto the target channel, without signature', async () => {
    const model = getModel('704D');
    const plain = exportTuning(stateOf('704D'), model, 2, eqOnly);
    const locked = lockTuningFile(plain, 2, {
      groupId: 'g1',
      key: 'obf',
      properties: tuningProperties(model, 2, eqOnly),
    });
    expect(locked.lockedProperties?.groups['g1']?.properties[0]).toMatch(/^\/amp\/channels\/1\//);
    const signed = await signTransferFile(locked, '00:1b:2c:00:00:01');
    const moved = retargetTuning(signed, 4)!;
    expect(Object.keys(moved.channels)).toEqual(['4']);
    expect(moved.channels['4']).toEqual(plain.channels['1']);
    expect(moved.lockedProperties?.groups['g1']?.key).toBe('obf');
    expect(moved.lockedProperties?.groups['g1']?.properties).toEqual(tuningProperties(model, 4, eqOnly));
    expect(moved.signature).toBeUndefined();
    expect(moved.deviceId).toBeUndefined();
  });

  it('refuses what is no tuning: a settings file, several channels, a lock outside the channel', () => {
    const model = getModel('704D');
    const tuning = exportTuning(stateOf('704D'), model, 1, eqOnly);
    expect(retargetTuning({ ...tuning, version: 1 }, 2)).toBeUndefined();
    expect(retargetTuning({ ...tuning, channels: { '1': {}, '2': {} } }, 2)).toBeUndefined();
    const outside = { groups: { g: { key: 'k', properties: ['/amp/channels/2/outputEqFilters/1/gain'] } } };
    expect(retargetTuning({ ...tuning, lockedProperties: outside }, 3)).toBeUndefined();
  });

  it('accepts a hand-made tuning keyed by another channel', () => {
    const moved = retargetTuning({ version: 2, network: {}, amp: {}, inputs: {}, channels: { '5': { a: 1 } } }, 1);
    expect(moved?.channels).toEqual({ '1': { a: 1 } });
  });
});

describe('planTuningImport', () => {
  it('plans the tuning of channel 2 into channel 4 and nothing else, even from a hand-made file', () => {
    const model = getModel('704D');
    const source = stateOf('704D');
    ch(source, 2).outputEqFilters['2']!.gain = -3;
    const file = exportTuning(source, model, 2, ALL_TUNING_TICKS);
    (file.channels['1'] as Record<string, unknown>)['output'] = { fader: -10, name: 'Sneaky' };
    const plan = planTuningImport(retargetTuning(file, 4)!, stateOf('704D'), model, 4);
    expect(plan.sets).toEqual([{ path: '/amp/channels/4/outputEqFilters/2/gain', value: -3 }]);
    expect(plan.changes).toEqual([
      { path: '/amp/channels/4/outputEqFilters/2/gain', group: 'eq', channel: 4, before: 0, after: -3 },
    ]);
  });

  it('lists the ADSP fields a smaller model lacks, and locks only what it has', () => {
    const adsp = getModel('CDS-508-ADSP');
    const small = getModel('354N');
    const props = tuningProperties(adsp, 1, ALL_TUNING_TICKS);
    const file = lockTuningFile(exportTuning(stateOf('CDS-508-ADSP'), adsp, 1, ALL_TUNING_TICKS), 1, {
      groupId: 'g',
      key: 'k',
      properties: props,
    });
    const moved = retargetTuning(file, 2)!;
    const plan = planTuningImport(moved, stateOf('354N'), small, 2);
    expect(plan.unsupported.map((u) => u.item)).toContain('/amp/channels/2/inputIirEqFilters');
    const lock = tuningLockOf(moved, small)!;
    expect(lock.key).toBe('k');
    expect(lock.properties.length).toBeGreaterThan(0);
    expect(lock.properties.some((p) => p.includes('inputIirEqFilters'))).toBe(false);
    expect(lock.properties.every((p) => p.startsWith('/amp/channels/2/'))).toBe(true);
  });

  it('a plain tuning asks no lock', () => {
    expect(tuningLockOf(exportTuning(stateOf('704D'), getModel('704D'), 1, eqOnly), getModel('704D'))).toBe(undefined);
  });
});

describe('channelLockedGroups (spec 3 §4)', () => {
  const g = (...properties: string[]) => ({ key: 'k', properties });
  it.each([
    ['no groups', undefined, { kind: 'none' }],
    ['groups on other channels', { groups: { a: g('/amp/channels/2/eq') } }, { kind: 'none' }],
    [
      'one group on the channel',
      { groups: { a: g('/amp/channels/1/x/y'), b: g('/amp/channels/2/x') } },
      { kind: 'one', groupId: 'a' },
    ],
    [
      'two groups on the channel',
      { groups: { a: g('/amp/channels/1/x'), b: g('/amp/channels/1/y') } },
      { kind: 'many', groupIds: ['a', 'b'] },
    ],
    [
      'a group also locking another channel',
      { groups: { a: g('/amp/channels/1/x', '/amp/channels/2/x') } },
      { kind: 'notUnlockable', groupIds: ['a'] },
    ],
    ['a group locking all channels', { groups: { a: g('/amp/channels') } }, { kind: 'notUnlockable', groupIds: ['a'] }],
    ['channel 10 is not channel 1', { groups: { a: g('/amp/channels/10/x') } }, { kind: 'none' }],
  ])('%s', (_, locked, expected) => {
    expect(channelLockedGroups(locked, 1)).toEqual(expected);
  });

  it('blocks an import for many groups and a group reaching elsewhere, not for none or one', () => {
    expect(importBlock({ kind: 'many', groupIds: ['a', 'b'] })).toBe('manyGroups');
    expect(importBlock({ kind: 'notUnlockable', groupIds: ['a'] })).toBe('notUnlockable');
    expect(importBlock({ kind: 'one', groupId: 'a' })).toBeUndefined();
    expect(importBlock({ kind: 'none' })).toBeUndefined();
  });
});

describe('a locked round trip', () => {
  it('export from channel 1 locked and signed, import into channel 3: verifies, retargets, locks channel 3', async () => {
    const model = getModel('704D');
    const source = stateOf('704D');
    ch(source, 1).crossover.bandGainAndDelay.gain = -2;
    const properties = tuningProperties(model, 1, ALL_TUNING_TICKS);
    const text = JSON.stringify(
      await signTransferFile(
        lockTuningFile(exportTuning(source, model, 1, ALL_TUNING_TICKS), 1, { groupId: 'g1', key: 'obf', properties }),
        '00:1B:2C:00:00:01',
      ),
    );

    const parsed = parseTransferFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await verifyTransferFile(parsed.file)).toEqual({ ok: true, signed: true });
    const moved = retargetTuning(parsed.file, 3)!;
    const plan = planTuningImport(moved, stateOf('704D'), model, 3);
    expect(plan.sets).toEqual([{ path: '/amp/channels/3/crossover/bandGainAndDelay/gain', value: -2 }]);
    expect(tuningLockOf(moved, model)).toEqual({
      key: 'obf',
      properties: tuningProperties(model, 3, ALL_TUNING_TICKS),
    });

    // a tampered tuning is caught before any retarget
    const tampered = { ...parsed.file, channels: { '1': { crossover: { bandGainAndDelay: { gain: 6 } } } } };
    expect(await verifyTransferFile(tampered)).toEqual({ ok: false, reason: 'badSignature' });
  });
});
