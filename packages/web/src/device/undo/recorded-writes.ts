/**
 * The connection manager's writes with their undo history (issue 18): every user write is recorded (the values
 * before it as the console showed them, the values written as clamped), and undo and redo write through the same
 * instant path (shown at once, rolled back when refused) without being recorded as new changes. The history is keyed
 * by amp id, never by client, so it outlives a reconnect.
 */
import type { ModelInfo } from '@rackside/protocol';
import { undoableParams } from './undoable';
import { GROUP_CONCURRENCY, WriteHistory, pickLike, settleLimited, type AmpHistory } from './write-history';

/** One `set` of a grouped write. */
export interface GroupWrite {
  readonly url: string;
  readonly params: Record<string, unknown>;
}

/** What became of one write of a group: accepted, or refused (or failed) with the error. */
export type GroupWriteOutcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** How RecordedWrites reaches the amps: the manager's instant write path and what the console shows. */
export interface RecordedWritesDeps {
  /** Writes `set url params`, shown at once; resolves with what was written (clamped), rejects when refused. */
  readonly write: (ampId: string, url: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** The amp's value at a url as the console shows it now (the store), undefined when not known. */
  readonly valueAt: (ampId: string, url: string) => unknown;
  /** The amp's model, once known (to leave out action and read-only fields). */
  readonly modelOf: (ampId: string) => ModelInfo | undefined;
  readonly now?: () => number;
}

/** What React reads of the history: one amp's stacks and a change signal (useSyncExternalStore). */
export interface WriteHistorySource {
  historyOf(ampId: string): AmpHistory;
  subscribe(listener: () => void): () => void;
}

/** User writes with per-amp undo and redo. */
export class RecordedWrites {
  readonly history: WriteHistory;
  readonly #deps: RecordedWritesDeps;

  constructor(deps: RecordedWritesDeps) {
    this.#deps = deps;
    this.history = new WriteHistory(deps.now ? { now: deps.now } : {});
  }

  /** A user's write: written through the instant path, recorded once the amp accepted it; rejects when refused. */
  async set(ampId: string, url: string, params: Record<string, unknown>): Promise<void> {
    const recordable = undoableParams(url, params, this.#deps.modelOf(ampId));
    // read before the optimistic change shows: the previous values of exactly the fields written
    const before = recordable && pickLike(this.#deps.valueAt(ampId, url), recordable);
    const written = await this.#deps.write(ampId, url, params);
    this.history.record(ampId, url, before, written);
  }

  /**
   * Several writes of one user action (issue 18: a write fanned out to linked channels, a block copied to other
   * channels), each through the instant path, at most GROUP_CONCURRENCY at a time; the ones the amp accepted join the
   * history as ONE change. Never rejects: resolves with each write's outcome, in order; `onProgress(done)` after each.
   */
  async setGroup(
    ampId: string,
    writes: readonly GroupWrite[],
    onProgress?: (done: number) => void,
  ): Promise<GroupWriteOutcome[]> {
    const model = this.#deps.modelOf(ampId);
    const befores = writes.map(({ url, params }) => {
      const recordable = undoableParams(url, params, model);
      return recordable && pickLike(this.#deps.valueAt(ampId, url), recordable);
    });
    const results = await settleLimited(
      writes,
      GROUP_CONCURRENCY,
      (w) => this.#deps.write(ampId, w.url, w.params),
      onProgress,
    );
    this.history.recordGroup(
      ampId,
      results.flatMap((r, i) =>
        r.status === 'fulfilled' ? [{ url: writes[i]!.url, before: befores[i], written: r.value }] : [],
      ),
    );
    return results.map((r): GroupWriteOutcome => {
      if (r.status === 'fulfilled') return { ok: true };
      const error: unknown = r.reason;
      return { ok: false, error };
    });
  }

  /** Writes back the values before the amp's last change; resolves false with nothing to undo. */
  undo(ampId: string): Promise<boolean> {
    return this.history.undo(ampId, this.#replay);
  }

  /** Writes again the values of the amp's last undone change; resolves false with nothing to redo. */
  redo(ampId: string): Promise<boolean> {
    return this.history.redo(ampId, this.#replay);
  }

  readonly #replay = async (ampId: string, url: string, params: Record<string, unknown>): Promise<void> => {
    await this.#deps.write(ampId, url, params);
  };
}
