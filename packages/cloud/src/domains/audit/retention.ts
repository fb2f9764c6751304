/**
 * The audit log's retention (issue 21: "kept 12 months (configurable) with a retention job"): every
 * AUDIT_RETENTION_SWEEP_MS each node deletes the events older than AUDIT_RETENTION_DAYS, in batches, each batch its
 * own short transaction. Several nodes may run it at once: a batch skips the rows another node's batch holds, and a
 * row deleted twice is deleted once. Only this job can delete (the table's trigger wants the cutoff it sets).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { safeError } from '../../plugins/errors';
import { deleteOlderThan } from './audit.repo';

/** Rows one batch deletes. */
export const RETENTION_BATCH = 5000;
const DAY_MS = 24 * 3600 * 1000;

/** What the job uses of the domain context. */
export type RetentionContext = Pick<DomainContext, 'db' | 'clock' | 'config'>;

/** The retention job of one node. */
export class AuditRetention {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(
    private readonly ctx: RetentionContext,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  /** The oldest moment kept now. */
  cutoff(): Date {
    return new Date(this.ctx.clock.now().getTime() - this.ctx.config.AUDIT_RETENTION_DAYS * DAY_MS);
  }

  /** Deletes every event older than the retention; answers how many went. One sweep at a time per node. */
  sweep(): Promise<number> {
    this.#running ??= this.#sweep().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #sweep(): Promise<number> {
    const cutoff = this.cutoff();
    let deleted = 0;
    for (;;) {
      const n = await deleteOlderThan(this.ctx.db, cutoff, RETENTION_BATCH);
      deleted += n;
      if (n < RETENTION_BATCH) break;
    }
    if (deleted > 0) this.log.info({ deleted, cutoff: cutoff.toISOString() }, 'audit: old events deleted');
    return deleted;
  }

  /** Sweeps now and every AUDIT_RETENTION_SWEEP_MS until stopped. */
  start(): void {
    const run = () => {
      this.sweep().catch((error: unknown) =>
        this.log.warn({ error: safeError(error) }, 'audit: the retention sweep failed'),
      );
    };
    run();
    this.#timer = setInterval(run, this.ctx.config.AUDIT_RETENTION_SWEEP_MS);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}
