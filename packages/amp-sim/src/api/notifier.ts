/**
 * Notification batching for one connection (spec 2 §7/§9, device-api-notes.md "Messages"): changes under the
 * subscribed URLs accumulate and go out as one `notify` rooted at `/` each period, holding only what changed.
 *
 * Connections with the same subscriptions see the same changes, so the work is shared between them: a change is
 * filtered (and copied) once per distinct subscription list, batches grow by a merge that never mutates (two
 * connections holding the same batch and receiving the same part get the same merged batch), and each distinct
 * batch becomes a frame once per tick, the same string then going to every connection that holds it. What each
 * connection is sent is what its own filter-and-merge would give.
 */
import { UNSAFE_KEYS, notifyFrame, resolveUrl } from '@rackside/protocol';
import { filterDelta, type Amp } from '../amp';

type Obj = Record<string, unknown>;

/** How a notifier sends and how often. */
export interface NotifierOptions {
  readonly periodMs: number;
  send(frame: string): void;
  /** While true, batches keep accumulating instead of being sent. */
  backpressured?(): boolean;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A subscription list as a key (in its order, which sets the key order of what it filters). */
interface SubscriptionKey {
  list: string[];
  key: string;
}

function keyOf(subscriptions: ReadonlySet<string>, last: SubscriptionKey): string {
  if (last.list.length === subscriptions.size) {
    let i = 0;
    let same = true;
    for (const s of subscriptions)
      if (s !== last.list[i++]) {
        same = false;
        break;
      }
    if (same) return last.key;
  }
  last.list = [...subscriptions];
  last.key = JSON.stringify(last.list);
  return last.key;
}

/**
 * Parts and batches are shared between connections and never mutated once made: filterDelta copies what it
 * keeps (arrays aside, which nothing mutates), and merges copy the objects on the way to what they change.
 */
const filtered = new WeakMap<Obj, Map<string, Obj | null>>();
const merged = new WeakMap<Obj, WeakMap<Obj, Obj>>();

/** filterDelta(delta, subscriptions), once per delta and subscription list. */
function sharedPart(delta: Obj, subscriptions: ReadonlySet<string>, key: string): Obj | undefined {
  let byKey = filtered.get(delta);
  if (!byKey) filtered.set(delta, (byKey = new Map<string, Obj | null>()));
  let part = byKey.get(key);
  if (part === undefined) byKey.set(key, (part = filterDelta(delta, subscriptions) ?? null));
  return part ?? undefined;
}

/**
 * What mergeInto(a copy of batch, part) gives, without mutating either: the objects on the way to a change are
 * copied (keys keep their order; new keys come after, in the part's order), everything else is shared.
 */
export function mergeShared(batch: Obj, part: Obj): Obj {
  const out: Obj = { ...batch };
  for (const k of Object.keys(part)) {
    // skipped as mergeInto skips them (and `out.__proto__ = v` would set the copy's prototype)
    if (UNSAFE_KEYS.has(k)) continue;
    const v = part[k];
    const cur = out[k];
    out[k] = isObj(cur) && isObj(v) ? mergeShared(cur, v) : v;
  }
  return out;
}

function sharedMerge(batch: Obj, part: Obj): Obj {
  let byPart = merged.get(batch);
  if (!byPart) merged.set(batch, (byPart = new WeakMap<Obj, Obj>()));
  let out = byPart.get(part);
  if (!out) byPart.set(part, (out = mergeShared(batch, part)));
  return out;
}

/**
 * Record nodes (UAC, lockedProperties, discovery, NSTProxy) are free-form values checked as a whole by their
 * schema: when anything in one changed, the batch carries the whole current record, so a client can replace it
 * (that is how a removed locked group disappears) and validate it. The batch itself is left as it is.
 */
function wholeRecords(amp: Amp, batch: Obj, subscriptions: ReadonlySet<string>): Obj | undefined {
  let expanded: Obj | undefined;
  for (const key of Object.keys(batch)) {
    const r = resolveUrl(amp.model, '/' + key);
    if (r.ok && r.kind === 'node' && r.node.kind === 'record') {
      expanded ??= { ...batch };
      expanded[key] = structuredClone(amp.read('/' + key));
    }
  }
  return expanded ? filterDelta(expanded, subscriptions) : batch;
}

/** The frames made in one tick, per batch and subscription list (null: nothing to send). */
type TickFrames = Map<Obj, Map<string, string | null>>;

/**
 * One clock per amp and period: every connection's batch is flushed on the same tick, so a change reaches all
 * subscribers together (with a timer per connection, 100 clients got it spread over a whole period).
 */
interface Ticker {
  readonly timer: ReturnType<typeof setInterval>;
  readonly flushers: Set<(frames: TickFrames) => void>;
}
const tickers = new WeakMap<Amp, Map<number, Ticker>>();

function joinTicker(amp: Amp, periodMs: number, flush: (frames: TickFrames) => void): () => void {
  let byPeriod = tickers.get(amp);
  if (!byPeriod) tickers.set(amp, (byPeriod = new Map<number, Ticker>()));
  let ticker = byPeriod.get(periodMs);
  if (!ticker) {
    const flushers = new Set<(frames: TickFrames) => void>();
    const timer = setInterval(() => {
      const frames: TickFrames = new Map();
      for (const f of flushers) f(frames);
    }, periodMs);
    timer.unref();
    byPeriod.set(periodMs, (ticker = { timer, flushers }));
  }
  const t = ticker;
  t.flushers.add(flush);
  return () => {
    t.flushers.delete(flush);
    if (t.flushers.size === 0) {
      clearInterval(t.timer);
      byPeriod.delete(periodMs);
    }
  };
}

/** Starts batching the amp's changes for a set of subscriptions (read live); returns the stop function. */
export function startNotifier(amp: Amp, subscriptions: ReadonlySet<string>, opts: NotifierOptions): () => void {
  let batch: Obj | undefined;
  const lastKey: SubscriptionKey = { list: [], key: '[]' };
  const stopChanges = amp.onChange((delta) => {
    if (subscriptions.size === 0) return;
    const part = sharedPart(delta, subscriptions, keyOf(subscriptions, lastKey));
    if (part) batch = batch ? sharedMerge(batch, part) : part;
  });
  const leave = joinTicker(amp, opts.periodMs, (frames) => {
    if (!batch || opts.backpressured?.()) return;
    const key = keyOf(subscriptions, lastKey);
    let byKey = frames.get(batch);
    if (!byKey) frames.set(batch, (byKey = new Map<string, string | null>()));
    let frame = byKey.get(key);
    if (frame === undefined) {
      const params = wholeRecords(amp, batch, subscriptions);
      byKey.set(key, (frame = params ? notifyFrame(params) : null));
    }
    batch = undefined;
    if (frame !== null) opts.send(frame);
  });
  return () => {
    leave();
    stopChanges();
  };
}
