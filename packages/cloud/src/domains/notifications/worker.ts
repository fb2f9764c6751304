/**
 * The notification delivery worker (issue 15). Every NOTIFY_TICK_MS it sweeps reminders and escalations
 * (sweep.ts), then leases due outbox rows in batches (`FOR UPDATE SKIP LOCKED`: workers on several cloud nodes share
 * the outbox without taking one row twice) and hands their messages to SMTP/SMPP, at most SEND_CONCURRENCY at once.
 *
 * Per leased row: a recipient that opted out meanwhile, or a reminder/escalation of an incident acknowledged or
 * resolved meanwhile → cancelled; Warning/Info inside the venue's quiet hours → due at their end (no attempt
 * counted); Info → a digest per contact and channel, at most one per NOTIFY_DIGEST_MINUTES; otherwise sent → `sent`
 * and a 'notified' timeline entry, or failed → retried after min(base·2^(n-1), max) ±20 % jitter, and after
 * NOTIFY_MAX_ATTEMPTS tries `failed` with a 'deliveryFailed' timeline entry.
 *
 * Exactly once, and its limit: a row is marked sent only after the mail server or SMS gateway took it. A worker that
 * dies before sending leaves the row pending under its lease; after NOTIFY_LEASE_MS another worker (or the restarted
 * cloud) sends it: nothing is lost. A worker that dies after the hand-over but before marking (rows are marked in
 * batches of MARK_BATCH, so up to that many) makes those rows go out again after the lease: for e-mail it carries the same Message-ID (from the idempotency key), which mail systems
 * deduplicate on (most do, not all); an SMS has no such key in SMPP v3.4, so that window (milliseconds between the
 * gateway's submit_sm_resp and the UPDATE) can send one SMS twice. No design closes it without the gateway's help.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import type { NotificationChannel } from '../../db/schema/index';
import { composeDigest, composeOne, isVoid, quietHoursOf, type Outgoing } from './compose';
import {
  cancel,
  claimDigestRest,
  claimDue,
  defer,
  lastDigestAt,
  loadDetails,
  markAttempt,
  markSent,
  setDigest,
  type ClaimedRow,
  type RowDetails,
  type TimelineEntry,
} from './notifications.repo';
import { quietUntil } from './quiet-hours';
import { sweepReminders } from './sweep';

/** Messages handed over at once (SMTP connections, SMPP submits in flight). */
export const SEND_CONCURRENCY = 32;
/** Rows leased per claim; a tick claims again while batches come back full (up to MAX_BATCHES). */
const BATCH = 256;
const MAX_BATCHES = 40;
/** Sent rows marked per transaction: a crash loses at most these marks (their e-mails keep their Message-ID). */
const MARK_BATCH = 32;

/** What the worker needs of the app. */
export type WorkerContext = Pick<DomainContext, 'config' | 'db' | 'mailer' | 'sms' | 'clock' | 'tokens'>;

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

/** A running worker: `tick()` runs one round now (after any round in progress); `stop()` ends it. */
export interface NotificationWorker {
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

const emptyReport = (): TickReport => ({
  sent: 0,
  retried: 0,
  failed: 0,
  cancelled: 0,
  deferred: 0,
  reminded: 0,
  escalated: 0,
});

/** Runs `fn` over the items, at most `limit` at once. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The error text kept on the row: one line, bounded (AppError messages name no secret; nodemailer's none either). */
const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/** The wait before try n+1 after n failed tries: base·2^(n-1), at most max, ±20 %. */
export function backoffMs(attempts: number, base: number, max: number, random: () => number = Math.random): number {
  const plain = Math.min(base * 2 ** Math.min(attempts - 1, 30), max);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** One round's work over one leased batch. */
class Round {
  readonly report = emptyReport();
  /** Handed over, not yet marked (marked in batches: one transaction per message would bound the rate). */
  private readonly sent: { id: string; entry: TimelineEntry }[] = [];

  constructor(
    private readonly ctx: WorkerContext,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly now: Date,
    private readonly lease: Date,
  ) {}

  private async hand(out: Outgoing): Promise<void> {
    if (out.channel === 'email') await this.ctx.mailer.send(out.mail);
    else await this.ctx.sms.send(out.sms);
  }

  private async failed(rows: readonly ClaimedRow[], error: unknown): Promise<void> {
    const { NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_BASE_MS, NOTIFY_RETRY_MAX_MS } = this.ctx.config;
    const text = errorText(error);
    for (const row of rows) {
      const attempts = row.attempts + 1;
      this.log?.warn({ notificationId: row.id, channel: row.channel, attempts, error: text }, 'notification not sent');
      if (attempts >= NOTIFY_MAX_ATTEMPTS) {
        const failed: TimelineEntry = { incidentId: row.incidentId, type: 'deliveryFailed', actor: null, detail: text };
        await markAttempt(this.ctx.db, row.id, this.lease, { attempts, error: text, failed }, this.now);
        this.report.failed += 1;
      } else {
        const wait = backoffMs(attempts, NOTIFY_RETRY_BASE_MS, NOTIFY_RETRY_MAX_MS);
        const dueAt = new Date(this.now.getTime() + wait);
        await markAttempt(this.ctx.db, row.id, this.lease, { attempts, error: text, dueAt }, this.now);
        this.report.retried += 1;
      }
    }
  }

  /** Sends one row's message and records the outcome. */
  async sendOne(row: ClaimedRow, d: RowDetails): Promise<void> {
    const out = composeOne(this.ctx, d, row, this.now);
    if (out === null) return this.cancel([row.id]);
    try {
      await this.hand(out);
    } catch (error) {
      return this.failed([row], error);
    }
    const entry = { incidentId: row.incidentId, type: 'notified' as const, actor: out.actor, detail: row.kind };
    this.sent.push({ id: row.id, entry });
    if (this.sent.length >= MARK_BATCH) await this.flushSent();
  }

  /** Marks the messages handed over so far as sent, in one transaction. */
  async flushSent(): Promise<void> {
    const items = this.sent.splice(0);
    if (items.length === 0) return;
    const ids = items.map((i) => i.id);
    // (`x += await y` would read x before the await: lanes running at once would lose counts)
    const marked = await markSent(
      this.ctx.db,
      ids,
      this.lease,
      this.now,
      items.map((i) => i.entry),
    );
    this.report.sent += marked;
  }

  async cancel(ids: readonly string[]): Promise<void> {
    await cancel(this.ctx.db, ids, this.lease);
    this.report.cancelled += ids.length;
  }

  async defer(ids: readonly string[], until: Date): Promise<void> {
    await defer(this.ctx.db, ids, this.lease, until);
    this.report.deferred += ids.length;
  }

  /**
   * One contact × channel's due Info rows: at most one digest per NOTIFY_DIGEST_MINUTES; when one may go, every
   * other pending Info row of that contact and channel joins it. The digest's id is stored on its rows before it is
   * sent, so a resend after a crash has the same Message-ID.
   */
  async sendDigest(contactId: string, channel: NotificationChannel, rows: readonly ClaimedRow[]): Promise<void> {
    const { db, config } = this.ctx;
    const last = await lastDigestAt(db, contactId, channel);
    const nextAt = last === null ? 0 : last.getTime() + config.NOTIFY_DIGEST_MINUTES * 60_000;
    if (nextAt > this.now.getTime())
      return this.defer(
        rows.map((r) => r.id),
        new Date(nextAt),
      );
    const rest = await claimDigestRest(db, contactId, channel, this.now, this.lease);
    const restDetails = await loadDetails(
      db,
      rest.map((r) => r.id),
    );
    const joining: ClaimedRow[] = [];
    for (const d of restDetails) {
      const row = rest.find((r) => r.id === d.id);
      if (row === undefined) continue;
      const quiet = quietUntil(this.now, quietHoursOf(d));
      if (quiet === null) joining.push(row);
      else await this.defer([row.id], quiet);
    }
    const all = [...rows, ...joining];
    const details = await loadDetails(
      db,
      all.map((r) => r.id),
    );
    const digestId = all.find((r) => r.digestId !== null)?.digestId ?? randomUUID();
    await setDigest(
      db,
      all.map((r) => r.id),
      this.lease,
      digestId,
    );
    const out = composeDigest(this.ctx, details, contactId, channel, digestId);
    if (out === null) return this.cancel(all.map((r) => r.id));
    try {
      await this.hand(out);
    } catch (error) {
      return this.failed(all, error);
    }
    const incidents = [...new Set(all.map((r) => r.incidentId))];
    const entries = incidents.map((incidentId) => ({
      incidentId,
      type: 'notified' as const,
      actor: out.actor,
      detail: 'digest',
    }));
    const marked = await markSent(
      db,
      all.map((r) => r.id),
      this.lease,
      this.now,
      entries,
      digestId,
    );
    this.report.sent += marked;
  }

  /** Sorts a leased batch into void, quiet, digest and plain rows, and works each. */
  async run(batch: readonly ClaimedRow[]): Promise<void> {
    const details = new Map(
      (
        await loadDetails(
          this.ctx.db,
          batch.map((r) => r.id),
        )
      ).map((d) => [d.id, d]),
    );
    const voids: string[] = [];
    const quiet = new Map<number, string[]>();
    const digests = new Map<string, ClaimedRow[]>();
    const plain: [ClaimedRow, RowDetails][] = [];
    for (const row of batch) {
      const d = details.get(row.id);
      if (d === undefined || isVoid(d, row.channel, row.kind)) {
        voids.push(row.id);
        continue;
      }
      const until = d.incident.severity === 'Critical' ? null : quietUntil(this.now, quietHoursOf(d));
      if (until !== null) quiet.set(until.getTime(), [...(quiet.get(until.getTime()) ?? []), row.id]);
      else if (d.incident.severity === 'Info') {
        const key = `${row.contactId}:${row.channel}`;
        digests.set(key, [...(digests.get(key) ?? []), row]);
      } else plain.push([row, d]);
    }
    if (voids.length > 0) await this.cancel(voids);
    for (const [at, ids] of quiet) await this.defer(ids, new Date(at));
    await eachLimit(plain, SEND_CONCURRENCY, ([row, d]) => this.sendOne(row, d));
    await this.flushSent();
    await eachLimit([...digests.values()], SEND_CONCURRENCY, (rows) => {
      const first = rows[0] as ClaimedRow;
      return this.sendDigest(first.contactId, first.channel, rows);
    });
  }
}

/** One round: the sweep, then due rows in batches until none are left (or MAX_BATCHES). */
async function round(ctx: WorkerContext, log: FastifyBaseLogger | undefined): Promise<TickReport> {
  const total = emptyReport();
  const swept = await sweepReminders(ctx.db, ctx.clock.now(), ctx.config.NOTIFY_MINUTE_S * 1000);
  total.reminded = swept.reminded;
  total.escalated = swept.escalated;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const now = ctx.clock.now();
    const lease = new Date(now.getTime() + ctx.config.NOTIFY_LEASE_MS);
    const batch = await claimDue(ctx.db, now, lease, BATCH);
    if (batch.length === 0) break;
    const r = new Round(ctx, log, now, lease);
    await r.run(batch);
    for (const k of Object.keys(total) as (keyof TickReport)[])
      if (k !== 'reminded' && k !== 'escalated') total[k] += r.report[k];
    if (batch.length < BATCH) break;
  }
  return total;
}

/**
 * Starts the worker: a round every NOTIFY_TICK_MS (unless `interval: false`, for tests and benches that call
 * tick()). Rounds never overlap; a round's failure is logged and the next round tries again.
 */
export function startNotificationWorker(
  ctx: WorkerContext,
  options: { log?: FastifyBaseLogger; interval?: boolean } = {},
): NotificationWorker {
  const { log, interval = true } = options;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const tick = (): Promise<TickReport> => {
    const next = chain.then(() => round(ctx, log));
    chain = next.catch(() => undefined);
    return next;
  };
  const schedule = () => {
    if (stopped || !interval) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log?.error({ error: errorText(error) }, 'notification round failed'))
        .finally(schedule);
    }, ctx.config.NOTIFY_TICK_MS);
  };
  schedule();
  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await chain;
    },
  };
}
