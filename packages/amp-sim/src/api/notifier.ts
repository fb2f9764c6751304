/**
 * Notification batching for one connection (spec 2 §7/§9, device-api-notes.md "Messages"): changes under the
 * subscribed URLs accumulate and go out as one `notify` rooted at `/` each period, holding only what changed.
 */
import { notifyFrame, resolveUrl } from '@rackside/protocol';
import { filterDelta, mergeInto, type Amp } from '../amp';

type Obj = Record<string, unknown>;

/** How a notifier sends and how often. */
export interface NotifierOptions {
  readonly periodMs: number;
  send(frame: string): void;
  /** While true, batches keep accumulating instead of being sent. */
  backpressured?(): boolean;
}

/**
 * Record nodes (UAC, lockedProperties, discovery, NSTProxy) are free-form values checked as a whole by their
 * schema: when anything in one changed, the batch carries the whole current record, so a client can replace it
 * (that is how a removed locked group disappears) and validate it.
 */
function wholeRecords(amp: Amp, batch: Obj, subscriptions: ReadonlySet<string>): Obj | undefined {
  let expanded = false;
  for (const key of Object.keys(batch)) {
    const r = resolveUrl(amp.model, '/' + key);
    if (r.ok && r.kind === 'node' && r.node.kind === 'record') {
      batch[key] = structuredClone(amp.read('/' + key));
      expanded = true;
    }
  }
  return expanded ? filterDelta(batch, subscriptions) : batch;
}

/**
 * One clock per amp and period: every connection's batch is flushed on the same tick, so a change reaches all
 * subscribers together (with a timer per connection, 100 clients got it spread over a whole period).
 */
interface Ticker {
  readonly timer: ReturnType<typeof setInterval>;
  readonly flushers: Set<() => void>;
}
const tickers = new WeakMap<Amp, Map<number, Ticker>>();

function joinTicker(amp: Amp, periodMs: number, flush: () => void): () => void {
  let byPeriod = tickers.get(amp);
  if (!byPeriod) tickers.set(amp, (byPeriod = new Map<number, Ticker>()));
  let ticker = byPeriod.get(periodMs);
  if (!ticker) {
    const flushers = new Set<() => void>();
    const timer = setInterval(() => {
      for (const f of flushers) f();
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
  const stopChanges = amp.onChange((delta) => {
    if (subscriptions.size === 0) return;
    const part = filterDelta(delta, subscriptions);
    if (part) batch = mergeInto(batch ?? {}, part);
  });
  const leave = joinTicker(amp, opts.periodMs, () => {
    if (!batch || opts.backpressured?.()) return;
    const params = wholeRecords(amp, batch, subscriptions);
    batch = undefined;
    if (params) opts.send(notifyFrame(params));
  });
  return () => {
    leave();
    stopChanges();
  };
}
