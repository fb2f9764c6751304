/**
 * What the delivery worker's two paths (drain.ts for single messages, digests.ts for Info) share: the report of a
 * round, the error text kept on a row, the back-off, and recording a failed try (retry later or give up).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Outgoing } from './compose';
import { markAttempt, type ClaimedRow, type TimelineEntry } from './notifications.repo';
import type { WorkerContext } from './worker-context';

/** Messages handed over at once (SMTP connections, SMPP submits in flight). */
export const SEND_CONCURRENCY = 32;

/** Hands a message to SMTP or SMPP. */
export async function handOver(ctx: WorkerContext, out: Outgoing): Promise<void> {
  if (out.channel === 'email') await ctx.mailer.send(out.mail);
  else await ctx.sms.send(out.sms);
}

/** What one tick did. */
export interface TickReport {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  deferred: number;
  reminded: number;
  escalated: number;
}

export const emptyReport = (): TickReport => ({
  sent: 0,
  retried: 0,
  failed: 0,
  cancelled: 0,
  deferred: 0,
  reminded: 0,
  escalated: 0,
});

/** Adds `part`'s row outcomes (not the sweep's counts) to `total`. */
export function addOutcomes(total: TickReport, part: TickReport): void {
  for (const k of ['sent', 'retried', 'failed', 'cancelled', 'deferred'] as const) total[k] += part[k];
}

/** The error text kept on the row: one line, bounded (AppError messages name no secret; nodemailer's none either). */
export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/** The wait before try n+1 after n failed tries: base·2^(n-1), at most max, ±20 %. */
export function backoffMs(attempts: number, base: number, max: number, random: () => number = Math.random): number {
  const plain = Math.min(base * 2 ** Math.min(attempts - 1, 30), max);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** A failed try of these rows (leased until `lease`): due again after the back-off, or `failed` after the last try. */
export async function recordFailure(
  ctx: WorkerContext,
  log: FastifyBaseLogger | undefined,
  report: TickReport,
  rows: readonly ClaimedRow[],
  lease: Date,
  now: Date,
  error: unknown,
): Promise<void> {
  const { NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_BASE_MS, NOTIFY_RETRY_MAX_MS } = ctx.config;
  const text = errorText(error);
  for (const row of rows) {
    const attempts = row.attempts + 1;
    log?.warn({ notificationId: row.id, channel: row.channel, attempts, error: text }, 'notification not sent');
    if (attempts >= NOTIFY_MAX_ATTEMPTS) {
      const failed: TimelineEntry = { incidentId: row.incidentId, type: 'deliveryFailed', actor: null, detail: text };
      await markAttempt(ctx.db, row.id, lease, { attempts, error: text, failed }, now);
      report.failed += 1;
    } else {
      const wait = backoffMs(attempts, NOTIFY_RETRY_BASE_MS, NOTIFY_RETRY_MAX_MS);
      await markAttempt(ctx.db, row.id, lease, { attempts, error: text, dueAt: new Date(now.getTime() + wait) }, now);
      report.retried += 1;
    }
  }
}
