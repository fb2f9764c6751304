/**
 * When an integrator grant reaches its end, its integrator's people check their access again at once
 * (deviceEvents.signedOut), so that their open relay sessions close within a second of the expiry rather than at the
 * relay's next 15 s recheck (issue 21). One timer per process, armed for the next end read from the database (so every
 * cloud node closes its own sessions), re-armed on each new grant and at least every WATCH_MAX_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { expiredBetween, nextExpiry, peopleOf } from './grants.repo';

/** The longest the watch sleeps without looking at the table again. */
const WATCH_MAX_MS = 60_000;
/** The shortest (a grant ending right now is not a busy loop). */
const WATCH_MIN_MS = 50;

export class GrantExpiryWatch {
  #timer: NodeJS.Timeout | undefined;
  #since: Date | undefined;
  #running = false;

  constructor(
    private readonly ctx: Pick<DomainContext, 'db' | 'clock' | 'deviceEvents'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#running = true;
    this.#since = this.ctx.clock.now();
    void this.#arm();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }

  /** A grant was made: its end may be sooner than the one the timer waits for. */
  nudge(): void {
    if (this.#running) void this.#arm();
  }

  async #arm(): Promise<void> {
    try {
      const now = this.ctx.clock.now();
      const next = await nextExpiry(this.ctx.db, now);
      const wait = next === undefined ? WATCH_MAX_MS : next.getTime() - now.getTime();
      if (!this.#running) return;
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => void this.#tick(), Math.min(Math.max(wait, WATCH_MIN_MS), WATCH_MAX_MS));
      this.#timer.unref();
    } catch (error) {
      this.log.warn({ error }, 'grant expiry watch: could not read the next expiry');
      if (this.#running) this.#timer = setTimeout(() => void this.#arm(), WATCH_MAX_MS).unref();
    }
  }

  async #tick(): Promise<void> {
    const now = this.ctx.clock.now();
    const since = this.#since ?? now;
    try {
      const ended = await expiredBetween(this.ctx.db, since, now);
      this.#since = now;
      for (const userId of await peopleOf(this.ctx.db, ended)) this.ctx.deviceEvents.signedOut(userId);
    } catch (error) {
      this.log.warn({ error }, 'grant expiry watch: could not read the ended grants');
    }
    if (this.#running) await this.#arm();
  }
}
