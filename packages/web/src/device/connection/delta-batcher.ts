/**
 * Coalesces device notifications before they reach the store: meters arrive every 200 ms for every channel of
 * the open amp, so one dispatch every 50 ms (at most) carries whatever every amp sent meanwhile.
 */
import { type DeviceDelta } from '@rackside/protocol';
import { applyDelta, type AmpDelta } from '../store/devices-slice';

/** The batching period (ms): short enough to feel live, long enough to merge a meter burst into one render. */
export const DELTA_BATCH_MS = 50;

type Obj = Record<string, unknown>;

/** Collects deltas per amp and hands them over in one call per period. */
export class DeltaBatcher {
  readonly #pending = new Map<string, Obj>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (batch: AmpDelta[]) => void,
    private readonly periodMs = DELTA_BATCH_MS,
  ) {}

  /** Adds one amp's change; the first change of a period schedules the delivery. */
  add(ampId: string, delta: DeviceDelta): void {
    let into = this.#pending.get(ampId);
    if (!into) this.#pending.set(ampId, (into = {}));
    // mergeDelta clones what it stores, so the pending batch shares nothing with the client's tree
    applyDelta(into, delta);
    this.#timer ??= setTimeout(() => this.flush(), this.periodMs);
  }

  /** Forgets what is pending for one amp (its whole state is about to be replaced). */
  drop(ampId: string): void {
    this.#pending.delete(ampId);
  }

  /** Delivers what is pending now (before a connection change, so the store sees events in order). */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending].map(([ampId, delta]) => ({ ampId, delta: delta }));
    this.#pending.clear();
    this.deliver(batch);
  }

  /** Stops without delivering. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }
}
