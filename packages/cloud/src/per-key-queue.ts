/**
 * Work queued per key (a device id): one key's work runs one after another, in the order it came, while different
 * keys run in parallel. Ingestion stores one amp's messages in arrival order with it (domains/devices/shadow.ts); the
 * incident deriver runs one amp's passes with it (domains/incidents/deriver.ts).
 */
export class PerKeyQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` after the key's earlier work; its result (or failure) is the caller's, never the next work's. */
  run(key: string, work: () => Promise<void>): Promise<void> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Settles when the key's work queued so far has ended (whatever its outcome). */
  tail(key: string): Promise<void> {
    return this.tails.get(key) ?? Promise.resolve();
  }

  /** Settles when every key's work queued so far has ended. */
  async idle(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}
