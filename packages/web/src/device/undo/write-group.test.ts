import { getAt, getModel, urlSegments } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { RecordedWrites } from './recorded-writes';
import { COALESCE_MS, settleLimited } from './write-history';

const AMP = '10.0.0.1';
const CH = (n: number) => `/amp/channels/${n}/output`;
type Obj = Record<string, unknown>;

/** An amp in memory: writes land in `tree` (a refused channel's writes reject and change nothing). */
function setup(refuse: (url: string) => boolean = () => false) {
  const tree: Obj = { amp: { channels: { 1: { output: { fader: -10 } }, 2: { output: { fader: -20 } } } } };
  const writes: { url: string; params: Obj }[] = [];
  let now = 0;
  const recorded = new RecordedWrites({
    write: (_amp, url, params) => {
      writes.push({ url, params });
      if (refuse(url)) return Promise.reject(new Error(`refused ${url}`));
      const at = getAt(tree, urlSegments(url)) as Obj;
      Object.assign(at, params);
      return Promise.resolve(params);
    },
    valueAt: (_amp, url) => structuredClone(getAt(tree, urlSegments(url))),
    modelOf: () => getModel('704D'),
    now: () => now,
  });
  const fader = (n: number) => (getAt(tree, urlSegments(`${CH(n)}/fader`)) as number) ?? NaN;
  return { recorded, writes, fader, tick: (ms: number) => (now += ms) };
}

describe('grouped writes (issue 18: linked channels, copied blocks)', () => {
  it('writes every part and records them as ONE undo step that undo and redo write back together', async () => {
    const { recorded, fader } = setup();
    const outcomes = await recorded.setGroup(AMP, [
      { url: CH(1), params: { fader: -3 } },
      { url: CH(2), params: { fader: -3 } },
    ]);
    expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
    expect([fader(1), fader(2)]).toEqual([-3, -3]);
    const [entry, ...more] = recorded.history.historyOf(AMP).undo;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      url: CH(1),
      before: { fader: -10 },
      after: { fader: -3 },
      also: [{ url: CH(2), before: { fader: -20 }, after: { fader: -3 } }],
    });
    await expect(recorded.undo(AMP)).resolves.toBe(true);
    expect([fader(1), fader(2)]).toEqual([-10, -20]);
    await expect(recorded.redo(AMP)).resolves.toBe(true);
    expect([fader(1), fader(2)]).toEqual([-3, -3]);
  });

  it('a linked drag (the same writes within the coalescing time) stays one entry from start to end', async () => {
    const { recorded, tick } = setup();
    for (const v of [-9, -8, -7]) {
      await recorded.setGroup(AMP, [
        { url: CH(1), params: { fader: v } },
        { url: CH(2), params: { fader: v } },
      ]);
      tick(COALESCE_MS / 2);
    }
    const undo = recorded.history.historyOf(AMP).undo;
    expect(undo).toHaveLength(1);
    expect(undo[0]).toMatchObject({ before: { fader: -10 }, after: { fader: -7 }, also: [{ before: { fader: -20 } }] });
    tick(COALESCE_MS * 2);
    await recorded.setGroup(AMP, [
      { url: CH(1), params: { fader: -1 } },
      { url: CH(2), params: { fader: -1 } },
    ]);
    expect(recorded.history.historyOf(AMP).undo).toHaveLength(2);
  });

  it('a refused part does not stop the others; only the accepted ones are recorded', async () => {
    const { recorded, fader } = setup((url) => url === CH(2));
    const outcomes = await recorded.setGroup(AMP, [
      { url: CH(1), params: { fader: -4 } },
      { url: CH(2), params: { fader: -4 } },
    ]);
    expect(outcomes[0]).toEqual({ ok: true });
    expect(outcomes[1]).toMatchObject({ ok: false });
    expect([fader(1), fader(2)]).toEqual([-4, -20]);
    const [entry] = recorded.history.historyOf(AMP).undo;
    expect(entry).toMatchObject({ url: CH(1), after: { fader: -4 } });
    expect(entry?.also).toBeUndefined();
  });

  it('an undo a part of which is refused keeps the step, to be tried again', async () => {
    let refusing = false;
    const { recorded } = setup((url) => refusing && url === CH(2));
    await recorded.setGroup(AMP, [
      { url: CH(1), params: { fader: -5 } },
      { url: CH(2), params: { fader: -5 } },
    ]);
    refusing = true;
    await expect(recorded.undo(AMP)).rejects.toThrow('refused');
    expect(recorded.history.historyOf(AMP).undo).toHaveLength(1);
    expect(recorded.history.historyOf(AMP).redo).toHaveLength(0);
  });

  it('settleLimited keeps at most `limit` tasks in flight and reports progress', async () => {
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const results = await settleLimited(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        if (n === 4) throw new Error('four');
        return n * 2;
      },
      (done) => progress.push(done),
    );
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'x'))).toEqual([2, 4, 6, 'x', 10, 12, 14]);
  });
});
