/**
 * The worker's single messages (every severity but Info) as a continuous pipeline (issue 15): rows are leased in
 * chunks of CHUNK just ahead of SEND_CONCURRENCY lanes, a lane takes the next row the moment it frees, and the rows
 * handed over are marked sent in one transaction per MARK_ROWS rows or MARK_MS, whichever comes first. A row thus
 * waits for the rows ahead of it, not for a whole batch; and a chunk is leased for NOTIFY_LEASE_MS while it stays
 * queued for seconds at most (a row still queued at half its lease is let go, never sent late).
 *
 * Per row, as before: void (opted out, acknowledged meanwhile) → cancelled; Warning inside quiet hours → due at their
 * end; otherwise sent, or the failure recorded with back-off (outcome.ts). Messages of one incident to one contact on
 * one channel go one after another, in the order leased (oldest due first): `opened` never overtakes by a lane.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { composeOne, isVoid, quietHoursOf } from './compose';
import {
  cancel,
  claimWithDetails,
  defer,
  markSentGroups,
  release,
  type ClaimedRow,
  type RowDetails,
  type SentGroup,
} from './notifications.repo';
import { emptyReport, handOver, recordFailure, SEND_CONCURRENCY, type TickReport } from './outcome';
import { quietUntil } from './quiet-hours';
import type { WorkerContext } from './worker-context';

/**
 * Rows leased per claim at first; the next claim goes out when fewer than CHUNK wait for a lane. A claim that comes
 * back full doubles the next one, up to MAX_CHUNK: when the database is busy (ingestion, the deriver), every claim
 * waits its turn for a connection, and a backlog is then leased in fewer turns. A short claim resets it.
 */
export const CHUNK = 64;
export const MAX_CHUNK = 512;
/** Rows one drain leases at most; then the round ends (the sweep and the digests get their turn) and a new one starts. */
export const MAX_ROWS = 10_240;
/** Sent rows marked per transaction at most, and the longest a handed-over row waits for its mark (ms). A crash in
 * between loses at most these marks: those rows go out again after their lease (e-mails with the same Message-ID). */
export const MARK_ROWS = 64;
export const MARK_MS = 50;

/** The moment a chunk was leased, and until when. */
interface Lease {
  readonly now: Date;
  readonly until: Date;
}

interface Item {
  readonly row: ClaimedRow;
  readonly d: RowDetails;
  readonly lease: Lease;
}

/** Handed-over rows waiting for their mark, flushed by count or time; one flush at a time. */
class SentMarks {
  private groups = new Map<Lease, SentGroup['rows'][number][]>();
  private count = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly report: TickReport,
    private readonly failed: (error: unknown) => void,
  ) {}

  add(lease: Lease, row: SentGroup['rows'][number]): void {
    const rows = this.groups.get(lease) ?? [];
    rows.push(row);
    this.groups.set(lease, rows);
    this.count += 1;
    if (this.count >= MARK_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), MARK_MS);
  }

  /** Marks what is waiting now; resolves when every flush so far has ended. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const groups: SentGroup[] = [...this.groups].map(([lease, rows]) => ({ lease: lease.until, now: lease.now, rows }));
    this.groups = new Map();
    this.count = 0;
    this.chain = this.chain.then(async () => {
      if (groups.length === 0) return;
      try {
        const marked = await markSentGroups(this.db, groups);
        this.report.sent += marked;
      } catch (error) {
        this.failed(error);
      }
    });
    return this.chain;
  }
}

const keyOf = (row: ClaimedRow) => `${row.incidentId}:${row.contactId}:${row.channel}`;

/** One drain of the due single-message rows: run() resolves when none is left (or MAX_ROWS), all marked. */
export class Drain {
  readonly report = emptyReport();
  private readonly queue: Item[] = [];
  /** Per incident × contact × channel in flight: the rows of that key waiting behind it. */
  private readonly inFlight = new Map<string, Item[]>();
  private readonly marks: SentMarks;
  private active = 0;
  private claiming = false;
  private exhausted = false;
  private claimed = 0;
  private chunk = CHUNK;
  /** Wake-ups so far: a claim that came back short while one arrived claims again. */
  private wakes = 0;
  private error: Error | undefined;
  private done = false;
  private settle: () => void = () => undefined;
  private readonly finished = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(
    private readonly ctx: WorkerContext,
    private readonly log: FastifyBaseLogger | undefined,
  ) {
    this.marks = new SentMarks(ctx.db, this.report, (error) => this.fail(error));
  }

  async run(): Promise<void> {
    this.pump();
    await this.finished;
    await this.marks.flush();
    if (this.error !== undefined) throw this.error;
  }

  /** Rows were enqueued: claim again, even after a claim came back short. */
  more(): void {
    this.wakes += 1;
    if (this.done || this.claimed >= MAX_ROWS || this.error !== undefined) return;
    this.exhausted = false;
    this.pump();
  }

  /** Claims no more: the drain ends once the rows it holds are worked (the worker stops). */
  finish(): void {
    this.exhausted = true;
    this.claimed = MAX_ROWS;
    this.pump();
  }

  private fail(error: unknown): void {
    this.error ??= error instanceof Error ? error : new Error(String(error));
    this.exhausted = true;
    // the rows not started stay leased: another claim takes them after NOTIFY_LEASE_MS
    this.queue.length = 0;
    this.pump();
  }

  private pump(): void {
    if (this.done) return;
    while (this.active < SEND_CONCURRENCY && this.queue.length > 0) this.start(this.queue.shift() as Item);
    if (!this.claiming && !this.exhausted && this.queue.length < CHUNK) void this.claim();
    if (!this.claiming && this.active === 0 && this.queue.length === 0 && this.exhausted) {
      this.done = true;
      this.settle();
    }
  }

  private start(item: Item): void {
    const key = keyOf(item.row);
    const behind = this.inFlight.get(key);
    if (behind !== undefined) {
      behind.push(item);
      return;
    }
    this.inFlight.set(key, []);
    this.active += 1;
    this.send(item)
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        this.active -= 1;
        const waiting = this.inFlight.get(key) ?? [];
        this.inFlight.delete(key);
        if (this.error === undefined) this.queue.unshift(...waiting);
        this.pump();
      });
  }

  private async send({ row, d, lease }: Item): Promise<void> {
    const { ctx } = this;
    // a row not started within half its lease is let go rather than sent near its end (another may take it then)
    if (ctx.clock.now().getTime() > lease.until.getTime() - ctx.config.NOTIFY_LEASE_MS / 2)
      return release(ctx.db, [row.id], lease.until);
    const out = composeOne(ctx, d, row, lease.now);
    if (out === null) {
      await cancel(ctx.db, [row.id], lease.until);
      this.report.cancelled += 1;
      return;
    }
    try {
      await handOver(ctx, out);
    } catch (error) {
      return recordFailure(ctx, this.log, this.report, [row], lease.until, lease.now, error);
    }
    this.marks.add(lease, {
      id: row.id,
      entry: { incidentId: row.incidentId, type: 'notified', actor: out.actor, detail: row.kind },
    });
  }

  private async claim(): Promise<void> {
    this.claiming = true;
    const wakes = this.wakes;
    try {
      const now = this.ctx.clock.now();
      const lease: Lease = { now, until: new Date(now.getTime() + this.ctx.config.NOTIFY_LEASE_MS) };
      const limit = Math.min(this.chunk, MAX_ROWS - this.claimed);
      const { rows, details } = await claimWithDetails(this.ctx.db, now, lease.until, limit, 'single');
      this.claimed += rows.length;
      this.chunk = rows.length < limit ? CHUNK : Math.min(2 * this.chunk, MAX_CHUNK);
      if ((rows.length < limit && this.wakes === wakes) || this.claimed >= MAX_ROWS) this.exhausted = true;
      if (rows.length > 0) await this.sort(rows, details, lease);
    } catch (error) {
      this.fail(error);
    } finally {
      this.claiming = false;
      this.pump();
    }
  }

  /** Queues the rows to send; cancels the void ones and defers those inside quiet hours. */
  private async sort(rows: readonly ClaimedRow[], loaded: readonly RowDetails[], lease: Lease): Promise<void> {
    const details = new Map(loaded.map((d) => [d.id, d]));
    const voids: string[] = [];
    const quiet = new Map<number, string[]>();
    for (const row of rows) {
      const d = details.get(row.id);
      if (d === undefined || isVoid(d, row.channel, row.kind)) {
        voids.push(row.id);
        continue;
      }
      const until = d.incident.severity === 'Critical' ? null : quietUntil(lease.now, quietHoursOf(d));
      if (until === null) this.queue.push({ row, d, lease });
      else quiet.set(until.getTime(), [...(quiet.get(until.getTime()) ?? []), row.id]);
    }
    this.pump();
    if (voids.length > 0) {
      await cancel(this.ctx.db, voids, lease.until);
      this.report.cancelled += voids.length;
    }
    for (const [at, ids] of quiet) {
      await defer(this.ctx.db, ids, lease.until, new Date(at));
      this.report.deferred += ids.length;
    }
  }
}
