/**
 * Undo/redo per amp for every write the console makes (issue 18).
 *
 * A small class held by the connection manager rather than a Redux slice: every write already goes through the
 * manager's `set`, undo and redo must write through that same path (shown at once, rolled back when refused), and
 * the history has to outlive a reconnect (the client is replaced) and the amp's store entry (removed and added again
 * with the fleet). Keyed by amp id and kept in memory only: a page reload loses it. React reads it through
 * `subscribe` and `historyOf` (useSyncExternalStore in use-write-history.ts); its snapshots are immutable.
 */

/** One change the user made: the object's url and, for each field written, its value before and after. */
export interface HistoryEntry {
  readonly id: number;
  /** The url of the `set` (an object: '/amp/channels/2/outputEqFilters/3'). */
  readonly url: string;
  /** The fields' previous values, shaped like the `set` params. */
  readonly before: Readonly<Record<string, unknown>>;
  /** The values written (clamped to the schema), the same shape as `before`. */
  readonly after: Readonly<Record<string, unknown>>;
}

/** One amp's history: `undo` oldest first (the last one is undone next), `redo` the same (the last is redone next). */
export interface AmpHistory {
  readonly undo: readonly HistoryEntry[];
  readonly redo: readonly HistoryEntry[];
}

/** Writes one `set` to an amp through the manager's write path (rejects when refused). */
export type HistoryWrite = (ampId: string, url: string, params: Record<string, unknown>) => Promise<void>;

/** Entries kept per amp (the oldest are forgotten). */
export const HISTORY_LIMIT = 100;
/** Writes of the same fields within this time of the previous one (a slider drag) make one entry. */
export const COALESCE_MS = 1_000;

export const EMPTY_HISTORY: AmpHistory = { undo: [], redo: [] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of `source` at the keys (and nested keys) of `shape`, cloned; undefined when none is there. */
export function pickLike(source: unknown, shape: Obj): Obj | undefined {
  if (!isObj(source)) return undefined;
  const out: Obj = {};
  for (const [key, want] of Object.entries(shape)) {
    if (!Object.hasOwn(source, key)) continue;
    const have = source[key];
    if (have === undefined) continue;
    if (isObj(want) && isObj(have)) {
      const sub = pickLike(have, want);
      if (sub) out[key] = sub;
    } else out[key] = structuredClone(have);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The leaf paths of a params object ('eq.gain'), to tell whether two writes touched the same fields. */
function leafPaths(value: Obj, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) => (isObj(v) ? leafPaths(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}
const sameFields = (a: Obj, b: Obj): boolean => leafPaths(a).sort().join('\n') === leafPaths(b).sort().join('\n');

interface Stacks {
  history: AmpHistory;
  /** When the last entry was written (ms), for coalescing; -Infinity once undo/redo touched the stacks. */
  lastAt: number;
  /** Undo and redo of this amp run one after another (three Ctrl+Z undo three entries, in order). */
  queue: Promise<unknown>;
}

/** Per-amp undo and redo stacks of the console's writes. */
export class WriteHistory {
  readonly #amps = new Map<string, Stacks>();
  readonly #listeners = new Set<() => void>();
  readonly #now: () => number;
  #nextId = 1;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? (() => Date.now());
  }

  /** The amp's history (the same object until it changes). */
  historyOf(ampId: string): AmpHistory {
    return this.#amps.get(ampId)?.history ?? EMPTY_HISTORY;
  }

  /** Calls `listener` whenever any amp's history changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A user write that the amp accepted: `before` (read before the change showed) and `after` (what was written).
   * Fields without a known previous value are left out; a write that changed nothing is not recorded. Clears redo.
   * `at` is when the write was made (defaults to now).
   */
  record(ampId: string, url: string, before: Obj | undefined, written: Obj, at = this.#now()): void {
    if (!before) return;
    const after = pickLike(written, before);
    if (!after) return;
    const amp = this.#stacks(ampId);
    const undo = [...amp.history.undo];
    const last = undo[undo.length - 1];
    if (last && last.url === url && at - amp.lastAt <= COALESCE_MS && sameFields(last.after, after)) {
      // a slider drag: one entry from where the drag started to where it is now
      undo.pop();
      if (!sameJson(last.before, after)) undo.push({ ...last, after });
    } else if (!sameJson(before, after)) {
      undo.push({ id: this.#nextId++, url, before, after });
      if (undo.length > HISTORY_LIMIT) undo.splice(0, undo.length - HISTORY_LIMIT);
    } else return;
    amp.lastAt = at;
    this.#set(amp, { undo, redo: [] });
  }

  /**
   * Writes the previous values of the amp's last change back through `write`; once the amp accepted them the change
   * moves to redo. Refused: the history stays as it was and the error is rethrown. Resolves false with nothing to undo.
   */
  undo(ampId: string, write: HistoryWrite): Promise<boolean> {
    return this.#step(ampId, 'undo', write);
  }

  /** Writes the values of the last undone change again; once accepted it moves back to undo. */
  redo(ampId: string, write: HistoryWrite): Promise<boolean> {
    return this.#step(ampId, 'redo', write);
  }

  #step(ampId: string, from: 'undo' | 'redo', write: HistoryWrite): Promise<boolean> {
    const amp = this.#stacks(ampId);
    const run = async (): Promise<boolean> => {
      const entry = amp.history[from].at(-1);
      if (!entry) return false;
      await write(ampId, entry.url, structuredClone(from === 'undo' ? entry.before : entry.after));
      const { undo, redo } = amp.history;
      amp.lastAt = -Infinity; // the next user write starts a new entry
      if (from === 'undo') this.#set(amp, { undo: undo.filter((e) => e.id !== entry.id), redo: [...redo, entry] });
      else this.#set(amp, { undo: [...undo, entry], redo: redo.filter((e) => e.id !== entry.id) });
      return true;
    };
    const result = amp.queue.then(run, run);
    amp.queue = result.catch(() => undefined);
    return result;
  }

  #stacks(ampId: string): Stacks {
    let amp = this.#amps.get(ampId);
    if (!amp) this.#amps.set(ampId, (amp = { history: EMPTY_HISTORY, lastAt: -Infinity, queue: Promise.resolve() }));
    return amp;
  }

  #set(amp: Stacks, history: AmpHistory): void {
    amp.history = history;
    for (const l of [...this.#listeners]) l();
  }
}
