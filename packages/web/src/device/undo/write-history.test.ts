import { describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, HISTORY_LIMIT, WriteHistory } from './write-history';

const URL = '/amp/channels/1/output';
const ok = () => Promise.resolve();

describe('WriteHistory', () => {
  it('keeps the last HISTORY_LIMIT changes per amp, each amp on its own', () => {
    const h = new WriteHistory();
    for (let i = 0; i <= HISTORY_LIMIT; i++) h.record('a', URL, { fader: i }, { fader: i + 1 }, i * COALESCE_MS * 2);
    h.record('b', URL, { mute: false }, { mute: true });
    expect(h.historyOf('a').undo).toHaveLength(HISTORY_LIMIT);
    expect(h.historyOf('a').undo[0]?.before).toEqual({ fader: 1 });
    expect(h.historyOf('b').undo).toHaveLength(1);
  });

  it('makes one change of a drag, none of a write that changed nothing, and forgets redo on a new change', async () => {
    const h = new WriteHistory();
    h.record('a', URL, { fader: -10 }, { fader: -9 }, 0);
    h.record('a', URL, { fader: -9 }, { fader: -5 }, COALESCE_MS / 2);
    h.record('a', URL, { mute: false }, { mute: false }, COALESCE_MS);
    expect(h.historyOf('a').undo.map((e) => [e.before, e.after])).toEqual([[{ fader: -10 }, { fader: -5 }]]);
    await h.undo('a', ok);
    expect(h.historyOf('a').redo).toHaveLength(1);
    h.record('a', URL, { mute: false }, { mute: true }, 10 * COALESCE_MS);
    expect(h.historyOf('a').redo).toEqual([]);
  });

  it('runs an amp undos one after another, in order', async () => {
    const h = new WriteHistory();
    h.record('a', URL, { fader: -10 }, { fader: -9 }, 0);
    h.record('a', URL, { mute: false }, { mute: true }, 0);
    const write = vi.fn((_amp: string, _url: string, _params: Record<string, unknown>) => ok());
    await Promise.all([h.undo('a', write), h.undo('a', write), h.undo('a', write)]);
    expect(write.mock.calls.map((c) => c[2])).toEqual([{ mute: false }, { fader: -10 }]);
    expect(h.historyOf('a').undo).toEqual([]);
  });
});
