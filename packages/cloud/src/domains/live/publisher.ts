/**
 * What this node tells the others of the changes it learns in-process (issue 20): amps online, offline, moved or
 * removed (DeviceEvents.onChanged, told by ingestion once stored) and sign-outs (DeviceEvents.onSignedOut). They are
 * gathered for BATCH_MS and told in as few notifications as fit (changes.ts), so a connect storm of amps costs a
 * notification per batch, not one per amp. Incidents and rollouts need none of this: their repositories notify on the
 * transaction that records the change.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { safeError } from '../../plugins/errors';
import { notifyLive } from './changes';

/** How long changes are gathered before they are told (ms): small beside the 1 s the browser may wait. */
export const BATCH_MS = 20;

/** Gathers device changes and sign-outs, and tells them. */
export class LivePublisher {
  readonly #devices = new Set<string>();
  readonly #users = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** An amp went online or offline, moved or was removed. */
  device(deviceId: string): void {
    this.#devices.add(deviceId);
    this.#arm();
  }

  /** Some of the user's sign-in sessions ended. */
  signedOut(userId: string): void {
    this.#users.add(userId);
    this.#arm();
  }

  /** Tells what is gathered now; resolves once every notification so far is sent. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const d = [...this.#devices];
    const s = [...this.#users];
    this.#devices.clear();
    this.#users.clear();
    if (d.length + s.length > 0) {
      const sent = notifyLive(this.db, { d, s }).catch((error: unknown) =>
        this.log.warn({ error: safeError(error) }, 'live: changes could not be told to the other nodes'),
      );
      this.#sending = Promise.all([this.#sending, sent]).then(() => undefined);
    }
    return this.#sending;
  }

  #arm(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => void this.flush(), BATCH_MS);
    this.#timer.unref();
  }
}
