/**
 * Undo/redo per amp for every write the console makes (issue 18).
 *
 * A small class held by the connection manager rather than a Redux slice: every write already goes through the
 * manager's `set`, undo and redo must write through that same path (shown at once, rolled back when refused), and
 * the history has to outlive a reconnect (the client is replaced) and the amp's store entry (removed and added again
 * with the fleet). Keyed by amp id and kept in memory only: a page reload loses it. React reads it through
 * `subscribe` and `historyOf` (useSyncExternalStore in use-write-history.ts); its snapshots are immutable.
 */

/** One object's part of a change: the url of its `set` and, for each field written, its value before and after. */
export interface HistoryPart {
  /** The url of the `set` (an object: '/amp/channels/2/outputEqFilters/3'). */
  readonly url: string;
  /** The fields' previous values, shaped like the `set` params. */
  readonly before: Readonly<Record<string, unknown>>;
  /** The values written (clamped to the schema), the same shape as `before`. */
  readonly after: Readonly<Record<string, unknown>>;
}

/** One change the user made: an object's fields before and after, and any other objects written with it. */
export interface HistoryEntry extends HistoryPart {
  readonly id: number;
  /**
   * The other objects the same user action wrote (linked channels, a block copied to other channels): undone and
   * redone together with the first, as one step.
   */
  readonly also?: readonly HistoryPart[];
}

/** A write of a group as the history records it: the values before (undefined when not known) and as written. */
export interface RecordedPart {
  readonly url: string;
  readonly before: Obj | undefined;
  readonly written: Obj;
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
/** The most writes of one grouped change (or of its undo) in flight at once, well under the cloud relay's limit. */
export const GROUP_CONCURRENCY = 8;

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
const partsOf = (e: HistoryEntry): HistoryPart[] => [
  { url: e.url, before: e.before, after: e.after },
  ...(e.also ?? []),
];
/** Two changes that write the same fields of the same objects (a linked slider drag), in the same order. */
const sameShape = (a: readonly HistoryPart[], b: readonly HistoryPart[]): boolean =>
  a.length === b.length && a.every((p, i) => p.url === b[i]?.url && sameFields(p.after, b[i].after));
const unchanged = (parts: readonly HistoryPart[]): boolean => parts.every((p) => sameJson(p.before, p.after));

/**
 * Runs `task` over the items, at most `limit` at a time, in order of start; settles every one (a refusal does not
 * stop the others) and calls `onSettled` after each.
 */
export async function settleLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
  onSettled: (done: number) => void = () => undefined,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await task(items[i]!) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
      onSettled(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const entryOf = (id: number, [first, ...also]: readonly HistoryPart[]): HistoryEntry => ({
  id,
  ...first!,
  ...(also.length > 0 ? { also } : {}),
});

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
    this.recordGroup(ampId, [{ url, before, written }], at);
  }

  /**
   * Several writes of one user action (linked channels, a copied block) that the amp accepted, recorded as ONE change:
   * undo and redo write them all. The first part names the entry; parts without a known previous value are left out.
   * A repeat of the same writes within COALESCE_MS (a linked slider drag) extends the last entry.
   */
  recordGroup(ampId: string, written: readonly RecordedPart[], at = this.#now()): void {
    const parts = written.flatMap(({ url, before, written: w }): HistoryPart[] => {
      const after = before && pickLike(w, before);
      return before && after ? [{ url, before, after }] : [];
    });
    const [first, ...also] = parts;
    if (!first) return;
    const amp = this.#stacks(ampId);
    const undo = [...amp.history.undo];
    const last = undo[undo.length - 1];
    if (last && at - amp.lastAt <= COALESCE_MS && sameShape(partsOf(last), parts)) {
      // a slider drag: one entry from where the drag started to where it is now
      undo.pop();
      const merged = partsOf(last).map((p, i) => ({ ...p, after: parts[i]!.after }));
      if (!unchanged(merged)) undo.push(entryOf(last.id, merged));
    } else if (!unchanged(parts)) {
      undo.push(entryOf(this.#nextId++, [first, ...also]));
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
      const parts = partsOf(entry);
      const results = await settleLimited(parts, GROUP_CONCURRENCY, (p) =>
        write(ampId, p.url, structuredClone(from === 'undo' ? p.before : p.after)),
      );
      const refused = results.find((r) => r.status === 'rejected');
      if (refused) throw refused.reason; // the history stays: the same step can be tried again
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
