import { describe, expect, it, vi } from 'vitest';
import { getModel, type ImportPlan, type TransferFile } from '@rackside/protocol';
import { importTuning, LOCK_WAIT_MS, type TuningImportDeps } from './import-tuning';

const model = getModel('704D');
const plan: ImportPlan = {
  sets: [
    { path: '/amp/channels/2/crossover/bandGainAndDelay/gain', value: -3 },
    { path: '/amp/channels/2/outputEqFilters/1/gain', value: 2 },
    { path: '/amp/channels/2/crossover/bandGainAndDelay/delay', value: 1 },
  ],
  changes: [],
  unsupported: [],
};
const file = (locked: boolean): TransferFile =>
  ({
    version: 2,
    network: {},
    amp: {},
    inputs: {},
    channels: { '2': {} },
    ...(locked
      ? {
          lockedProperties: {
            groups: {
              g1: {
                key: 'obfuscated',
                properties: ['/amp/channels/2/crossover/bandGainAndDelay/gain', '/amp/channels/2/no/such/field'],
              },
            },
          },
        }
      : {}),
  }) as unknown as TransferFile;

function deps(over: Partial<TuningImportDeps> = {}) {
  const calls: string[] = [];
  const d: TuningImportDeps = {
    set: vi.fn((url: string, params: Record<string, unknown>) => {
      calls.push(`set ${url} ${JSON.stringify(params)}`);
      return Promise.resolve();
    }),
    lockedProperties: vi.fn((method: string, params: Record<string, unknown>) => {
      calls.push(`${method} ${JSON.stringify(params)}`);
      return Promise.resolve(method === 'lock' ? { groupId: 'new', group: { key: 'k' } } : {});
    }),
    waitForGroup: vi.fn(() => Promise.resolve(true)),
    ...over,
  };
  return { d, calls };
}
const input = (locked: boolean, locks: { kind: 'none' } | { kind: 'one'; groupId: string } = { kind: 'none' }) => ({
  file: file(locked),
  plan,
  locks,
  model,
  mac: 'AA:BB:CC:00:00:02',
});

describe('importTuning (spec 3 §4)', () => {
  it('writes one set per object, in order, and reports progress', async () => {
    const { d, calls } = deps();
    const progress: string[] = [];
    expect(await importTuning(input(false), d, (done, total) => progress.push(`${done}/${total}`))).toEqual({
      ok: true,
    });
    expect(calls).toEqual([
      'set /amp/channels/2/crossover/bandGainAndDelay {"gain":-3,"delay":1}',
      'set /amp/channels/2/outputEqFilters/1 {"gain":2}',
    ]);
    expect(progress).toEqual(['1/2', '2/2']);
  });

  it('resets the channel’s one lock first, then sets, then locks the file’s fields this model has, and waits for the group', async () => {
    const { d, calls } = deps();
    expect(await importTuning(input(true, { kind: 'one', groupId: 'old' }), d)).toEqual({ ok: true });
    expect(calls[0]).toBe('reset {"groupId":"old"}');
    expect(calls.at(-1)).toBe(
      'lock {"mac":"AA:BB:CC:00:00:02","key":"obfuscated","properties":["/amp/channels/2/crossover/bandGainAndDelay/gain"]}',
    );
    expect(d.waitForGroup).toHaveBeenCalledWith('new', LOCK_WAIT_MS);
  });

  it('stops at a refused reset and writes nothing', async () => {
    const { d, calls } = deps({ lockedProperties: vi.fn(async () => Promise.reject(new Error('no'))) });
    expect(await importTuning(input(false, { kind: 'one', groupId: 'old' }), d)).toEqual({
      ok: false,
      failure: 'resetFailed',
    });
    expect(calls).toEqual([]);
    expect(d.set).not.toHaveBeenCalled();
  });

  it('stops at a refused set and does not lock', async () => {
    const { d } = deps({ set: vi.fn(async () => Promise.reject(new Error('refused'))) });
    expect(await importTuning(input(true), d)).toEqual({ ok: false, failure: 'reasonSet' });
    expect(d.set).toHaveBeenCalledTimes(1);
    expect(d.lockedProperties).not.toHaveBeenCalled();
  });

  it('says the lock failed when the amp refuses it or answers nonsense', async () => {
    const { d } = deps({ lockedProperties: vi.fn(() => Promise.resolve({ nothing: true })) });
    expect(await importTuning(input(true), d)).toEqual({ ok: false, failure: 'reasonLock' });
  });
});
