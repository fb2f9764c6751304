/**
 * The notification delivery worker (issue 15). A round sweeps reminders and escalations (sweep.ts), then drains the
 * due single messages through a continuous pipeline (drain.ts: rows leased in small chunks just ahead of
 * SEND_CONCURRENCY lanes, sent marks batched by count and time), then sends Info as digests in batches (digests.ts).
 * Leases use `FOR UPDATE SKIP LOCKED`: workers on several cloud nodes share the outbox without taking one row twice.
 * Rounds follow each other at once while they find work, else every NOTIFY_TICK_MS; a transaction that enqueued
 * rows in this process wakes the worker right after its commit (signal.ts), and a drain under way claims again.
 *
 * Per leased row: a recipient that opted out meanwhile, or a reminder/escalation of an incident acknowledged or
 * resolved meanwhile → cancelled; Warning/Info inside the venue's quiet hours → due at their end (no attempt
 * counted); Info → a digest per contact and channel, at most one per NOTIFY_DIGEST_MINUTES; otherwise sent → `sent`
 * and a 'notified' timeline entry, or failed → retried after min(base·2^(n-1), max) ±20 % jitter, and after
 * NOTIFY_MAX_ATTEMPTS tries `failed` with a 'deliveryFailed' timeline entry.
 *
 * Exactly once, and its limit: a row is marked sent only after the mail server or SMS gateway took it. A worker that
 * dies before sending leaves the row pending under its lease; after NOTIFY_LEASE_MS another worker (or the restarted
 * cloud) sends it: nothing is lost. A worker that dies after the hand-over but before marking (marks wait up to
 * MARK_MS or MARK_ROWS rows, drain.ts) makes those rows go out again after the lease: for e-mail it carries the same
 * Message-ID (from the idempotency key), which mail systems deduplicate on (most do, not all); an SMS has no such key
 * in SMPP v3.4, so that window (up to MARK_MS between the gateway's submit_sm_resp and the UPDATE) can send one SMS
 * twice. No design closes it without the gateway's help.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DigestBatch } from './digests';
import { Drain } from './drain';
import { claimDue } from './notifications.repo';
import { addOutcomes, emptyReport, errorText, type TickReport } from './outcome';
import { onWake } from './signal';
import { sweepReminders } from './sweep';
import type { WorkerContext } from './worker-context';

export { backoffMs, SEND_CONCURRENCY, type TickReport } from './outcome';
export type { WorkerContext } from './worker-context';

/** Info rows leased per digest batch; a round takes batches while they come back full (up to MAX_BATCHES). */
const BATCH = 256;
const MAX_BATCHES = 40;

/** A running worker: `tick()` runs one round now (after any round in progress); `stop()` ends it. */
export interface NotificationWorker {
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

/** Due Info rows in batches, as digests. */
async function digestRounds(ctx: WorkerContext, log: FastifyBaseLogger | undefined, total: TickReport) {
  for (let i = 0; i < MAX_BATCHES; i++) {
    const now = ctx.clock.now();
    const lease = new Date(now.getTime() + ctx.config.NOTIFY_LEASE_MS);
    const batch = await claimDue(ctx.db, now, lease, BATCH, 'info');
    if (batch.length === 0) break;
    const digests = new DigestBatch(ctx, log, now, lease);
    await digests.run(batch);
    addOutcomes(total, digests.report);
    if (batch.length < BATCH) break;
  }
}

const worked = (r: TickReport) => r.sent + r.retried + r.failed + r.cancelled + r.deferred > 0;

/**
 * Starts the worker: rounds back to back while they find work, else one every NOTIFY_TICK_MS or on a wake-up
 * (unless `interval: false`, for tests and benches that call tick()). Rounds never overlap; a round's failure is
 * logged and the next round tries again.
 */
export function startNotificationWorker(
  ctx: WorkerContext,
  options: { log?: FastifyBaseLogger; interval?: boolean } = {},
): NotificationWorker {
  const { log, interval = true } = options;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let woken = false;
  let stopped = false;
  let draining: Drain | undefined;

  const round = async (): Promise<TickReport> => {
    const total = emptyReport();
    const swept = await sweepReminders(ctx.db, ctx.clock.now(), ctx.config.NOTIFY_MINUTE_S * 1000);
    total.reminded = swept.reminded;
    total.escalated = swept.escalated;
    const drain = new Drain(ctx, log);
    draining = drain;
    if (stopped) drain.finish();
    try {
      await drain.run();
    } finally {
      draining = undefined;
    }
    addOutcomes(total, drain.report);
    await digestRounds(ctx, log, total);
    return total;
  };
  const tick = (): Promise<TickReport> => {
    const next = chain.then(round);
    chain = next.catch(() => undefined);
    return next;
  };
  const schedule = (delay: number) => {
    if (stopped || !interval) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = true;
      woken = false;
      tick()
        .then(
          (report) => worked(report),
          (error: unknown) => {
            log?.error({ error: errorText(error) }, 'notification round failed');
            return false;
          },
        )
        .then((busy) => {
          running = false;
          // busy: the outbox may hold more due rows, so no tick sleep; woken: rows came in during the round
          schedule(busy || woken ? 0 : ctx.config.NOTIFY_TICK_MS);
        })
        .catch(() => undefined);
    }, delay);
  };
  const offWake = onWake(() => {
    woken = true;
    draining?.more();
    if (!running && timer !== undefined) {
      clearTimeout(timer);
      schedule(0);
    }
  });
  schedule(ctx.config.NOTIFY_TICK_MS);
  return {
    tick,
    stop: async () => {
      stopped = true;
      offWake();
      if (timer !== undefined) clearTimeout(timer);
      draining?.finish();
      await chain;
    },
  };
}
