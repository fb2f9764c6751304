/**
 * The worker's Info path (issue 15): leased Info rows sorted into void, quiet and per contact × channel, and each
 * contact × channel's rows sent as one digest, at most one per NOTIFY_DIGEST_MINUTES. Info goes in batches after the
 * single messages of a round (drain.ts), as before: digests are few and slow by design, and a batch sees every due
 * row of a contact at once.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationChannel } from '../../db/schema/index';
import { composeDigest, isVoid, quietHoursOf } from './compose';
import {
  cancel,
  claimDigestRest,
  defer,
  lastDigestAt,
  loadDetails,
  markSent,
  setDigest,
  type ClaimedRow,
} from './notifications.repo';
import { emptyReport, handOver, recordFailure, SEND_CONCURRENCY } from './outcome';
import { quietUntil } from './quiet-hours';
import type { WorkerContext } from './worker-context';

/** One leased batch of Info rows. */
export class DigestBatch {
  readonly report = emptyReport();

  constructor(
    private readonly ctx: WorkerContext,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly now: Date,
    private readonly lease: Date,
  ) {}

  private async cancel(ids: readonly string[]): Promise<void> {
    await cancel(this.ctx.db, ids, this.lease);
    this.report.cancelled += ids.length;
  }

  private async defer(ids: readonly string[], until: Date): Promise<void> {
    await defer(this.ctx.db, ids, this.lease, until);
    this.report.deferred += ids.length;
  }

  /**
   * One contact × channel's due Info rows: at most one digest per NOTIFY_DIGEST_MINUTES; when one may go, every
   * other pending Info row of that contact and channel joins it. The digest's id is stored on its rows before it is
   * sent, so a resend after a crash has the same Message-ID.
   */
  private async sendDigest(contactId: string, channel: NotificationChannel, rows: readonly ClaimedRow[]) {
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
    const ids = all.map((r) => r.id);
    const details = await loadDetails(db, ids);
    const digestId = all.find((r) => r.digestId !== null)?.digestId ?? randomUUID();
    await setDigest(db, ids, this.lease, digestId);
    const out = composeDigest(this.ctx, details, contactId, channel, digestId);
    if (out === null) return this.cancel(ids);
    try {
      await handOver(this.ctx, out);
    } catch (error) {
      return recordFailure(this.ctx, this.log, this.report, all, this.lease, this.now, error);
    }
    const incidents = [...new Set(all.map((r) => r.incidentId))];
    const entries = incidents.map((incidentId) => ({
      incidentId,
      type: 'notified' as const,
      actor: out.actor,
      detail: 'digest',
    }));
    const marked = await markSent(db, ids, this.lease, this.now, entries, digestId);
    this.report.sent += marked;
  }

  /** Sorts the batch into void, quiet and per contact × channel rows, and works each. */
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
    for (const row of batch) {
      const d = details.get(row.id);
      if (d === undefined || isVoid(d, row.channel, row.kind)) {
        voids.push(row.id);
        continue;
      }
      const until = quietUntil(this.now, quietHoursOf(d));
      if (until !== null) quiet.set(until.getTime(), [...(quiet.get(until.getTime()) ?? []), row.id]);
      else {
        const key = `${row.contactId}:${row.channel}`;
        digests.set(key, [...(digests.get(key) ?? []), row]);
      }
    }
    if (voids.length > 0) await this.cancel(voids);
    for (const [at, ids] of quiet) await this.defer(ids, new Date(at));
    const groups = [...digests.values()];
    let next = 0;
    const lane = async () => {
      while (next < groups.length) {
        const rows = groups[next++] as ClaimedRow[];
        const first = rows[0] as ClaimedRow;
        await this.sendDigest(first.contactId, first.channel, rows);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, groups.length) }, lane));
  }
}
