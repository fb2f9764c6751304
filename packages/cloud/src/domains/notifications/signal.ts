/**
 * The in-process wake-up of the delivery worker (issue 15): whoever commits a transaction that enqueued rows calls
 * wakeWorkers() after the commit, and the workers of this process claim at once instead of at their next tick (the
 * tick stays: rows written by other cloud nodes, and due times in the future). A wake before the commit would find
 * nothing to claim, hence the counter: enqueue counts rows it stored, the committer compares before and after.
 */

const listeners = new Set<() => void>();
let enqueued = 0;

/** enqueue.ts: `n` outbox rows written on a transaction not yet committed. */
export function countEnqueued(n: number): void {
  enqueued += n;
}

/** Rows enqueued in this process so far (compare before and after a transaction to know whether to wake). */
export const enqueuedSoFar = (): number => enqueued;

/** Wakes every worker of this process (call after the commit). */
export function wakeWorkers(): void {
  for (const listener of listeners) listener();
}

/** A worker listens; the answer stops it listening. */
export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
