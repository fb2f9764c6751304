/**
 * The SQL of notification delivery (issue 15): leasing due outbox rows (`FOR UPDATE SKIP LOCKED`, so workers of
 * several cloud nodes never take one row together), what a message needs to be written, and the outcomes (sent,
 * retried, failed, deferred, cancelled). Every outcome is fenced by the lease the worker took: a worker whose lease
 * ran out (another took the row) changes nothing. Times are the caller's clock, never the database's.
 */
import type { IncidentEventType } from '@rackside/protocol';
import { and, eq, inArray, isNotNull, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  contacts,
  devices,
  incidentEvents,
  incidents,
  notifications,
  venueNotificationSettings,
  venues,
  type NotificationChannel,
} from '../../db/schema/index';

/** A leased outbox row. */
export type ClaimedRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'incidentId' | 'contactId' | 'channel' | 'kind' | 'idempotencyKey' | 'attempts' | 'digestId'
>;

const claimedColumns = {
  id: notifications.id,
  incidentId: notifications.incidentId,
  contactId: notifications.contactId,
  channel: notifications.channel,
  kind: notifications.kind,
  idempotencyKey: notifications.idempotencyKey,
  attempts: notifications.attempts,
  digestId: notifications.digestId,
};

const leaseFree = (now: Date) => or(isNull(notifications.lockedUntil), lt(notifications.lockedUntil, now));

/** Rows whose incident is (`info`) or is not (`single`) of severity Info: digests and single messages. */
const ofKind = (which: 'info' | 'single') =>
  which === 'info'
    ? sql`exists (select 1 from ${incidents} where ${incidents.id} = ${notifications.incidentId} and ${incidents.severity} = 'Info')`
    : sql`not exists (select 1 from ${incidents} where ${incidents.id} = ${notifications.incidentId} and ${incidents.severity} = 'Info')`;

/**
 * Leases up to `limit` due pending rows until `lease`, oldest due first (the answer in that order); rows another worker holds are skipped.
 * `which`: only rows of Info incidents (digests) or only the others (single messages); default both.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  lease: Date,
  limit: number,
  which?: 'info' | 'single',
): Promise<ClaimedRow[]> {
  const due = and(
    eq(notifications.state, 'pending'),
    lte(notifications.dueAt, now),
    leaseFree(now),
    which === undefined ? undefined : ofKind(which),
  );
  // Two statements, not `update … where id in (select … limit n for update skip locked)`: PostgreSQL may run that
  // subquery more than once, and then it leased every due row (1,000 for a limit of 64, measured). The update
  // re-checks `due`, so a row another worker leased between the two is not taken twice.
  const picked = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(due)
    .orderBy(notifications.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (picked.length === 0) return [];
  const order = new Map(picked.map((p, i) => [p.id, i]));
  const rows = await db
    .update(notifications)
    .set({ lockedUntil: lease })
    .where(
      and(
        inArray(
          notifications.id,
          picked.map((p) => p.id),
        ),
        due,
      ),
    )
    .returning(claimedColumns);
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Leases every other pending Info row of one contact and channel, due or not: they join the digest going out. */
export async function claimDigestRest(
  db: Executor,
  contactId: string,
  channel: NotificationChannel,
  now: Date,
  lease: Date,
): Promise<ClaimedRow[]> {
  const info = db.select({ id: incidents.id }).from(incidents).where(eq(incidents.severity, 'Info'));
  const rest = and(
    eq(notifications.contactId, contactId),
    eq(notifications.channel, channel),
    eq(notifications.state, 'pending'),
    inArray(notifications.incidentId, info),
    leaseFree(now),
  );
  const ids = db.select({ id: notifications.id }).from(notifications).where(rest).for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({ lockedUntil: lease })
    .where(and(inArray(notifications.id, ids), rest))
    .returning(claimedColumns);
}

/** What writing one row's message needs: the incident, its amp and venue, the recipient, the venue's settings. */
export async function loadDetails(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      incident: {
        id: incidents.id,
        userId: incidents.userId,
        venueId: incidents.venueId,
        deviceId: incidents.deviceId,
        conditionType: incidents.conditionType,
        channel: incidents.channel,
        detail: incidents.detail,
        severity: incidents.severity,
        state: incidents.state,
        openedAt: incidents.openedAt,
        resolvedAt: incidents.resolvedAt,
        acknowledgedAt: incidents.acknowledgedAt,
      },
      ampName: devices.deviceName,
      venueName: venues.name,
      contact: {
        name: contacts.name,
        email: contacts.email,
        emailEnabled: contacts.emailEnabled,
        emailUnsubscribedAt: contacts.emailUnsubscribedAt,
        phone: contacts.phone,
        smsStoppedAt: contacts.smsStoppedAt,
      },
      quietStart: venueNotificationSettings.quietStart,
      quietEnd: venueNotificationSettings.quietEnd,
      timeZone: venueNotificationSettings.timeZone,
    })
    .from(notifications)
    .innerJoin(incidents, eq(incidents.id, notifications.incidentId))
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .innerJoin(venues, eq(venues.id, incidents.venueId))
    .innerJoin(contacts, eq(contacts.id, notifications.contactId))
    .leftJoin(venueNotificationSettings, eq(venueNotificationSettings.venueId, incidents.venueId))
    .where(inArray(notifications.id, [...ids]));
}
export type RowDetails = Awaited<ReturnType<typeof loadDetails>>[number];

/**
 * claimDue and loadDetails of the rows leased, in one transaction: one turn for a connection instead of two when the
 * database is busy (PGlite runs one statement or transaction at a time, in the order asked; a pool queues likewise).
 */
export async function claimWithDetails(
  db: Db,
  now: Date,
  lease: Date,
  limit: number,
  which?: 'info' | 'single',
): Promise<{ rows: ClaimedRow[]; details: RowDetails[] }> {
  return db.transaction(async (tx) => {
    const rows = await claimDue(tx, now, lease, limit, which);
    const details = await loadDetails(
      tx,
      rows.map((r) => r.id),
    );
    return { rows, details };
  });
}

/** A timeline entry to write with an outcome. */
export interface TimelineEntry {
  readonly incidentId: string;
  readonly type: IncidentEventType;
  readonly actor: string | null;
  readonly detail: string | null;
}

const held = (ids: readonly string[], lease: Date) =>
  and(inArray(notifications.id, [...ids]), eq(notifications.state, 'pending'), eq(notifications.lockedUntil, lease));

/** Marks rows sent (only while this worker's lease holds) and writes their timeline entries; the rows changed. */
export async function markSent(
  db: Db,
  ids: readonly string[],
  lease: Date,
  now: Date,
  timeline: readonly TimelineEntry[],
  digestId?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ state: 'sent', sentAt: now, lockedUntil: null, lastError: null, ...(digestId ? { digestId } : {}) })
      .where(held(ids, lease))
      .returning({ id: notifications.id });
    if (rows.length > 0 && timeline.length > 0) {
      await tx.insert(incidentEvents).values(timeline.map((t) => ({ ...t, at: now })));
    }
    return rows.length;
  });
}

/** Rows handed over under one lease, to be marked sent at `now`, with their timeline entries. */
export interface SentGroup {
  readonly lease: Date;
  readonly now: Date;
  readonly rows: readonly { readonly id: string; readonly entry: TimelineEntry }[];
}

/**
 * Marks several leases' handed-over rows sent in one transaction (each only while its lease holds), with the
 * timeline entries of the rows it changed; answers how many it changed.
 */
export async function markSentGroups(db: Db, groups: readonly SentGroup[]): Promise<number> {
  if (groups.every((g) => g.rows.length === 0)) return 0;
  return db.transaction(async (tx) => {
    let marked = 0;
    const timeline: (TimelineEntry & { at: Date })[] = [];
    for (const g of groups) {
      if (g.rows.length === 0) continue;
      const changed = await tx
        .update(notifications)
        .set({ state: 'sent', sentAt: g.now, lockedUntil: null, lastError: null })
        .where(
          held(
            g.rows.map((r) => r.id),
            g.lease,
          ),
        )
        .returning({ id: notifications.id });
      const ids = new Set(changed.map((c) => c.id));
      for (const r of g.rows) if (ids.has(r.id)) timeline.push({ ...r.entry, at: g.now });
      marked += changed.length;
    }
    if (timeline.length > 0) await tx.insert(incidentEvents).values(timeline);
    return marked;
  });
}

/** Lets rows go that this worker leased and will not work now (another claim, by any worker, takes them). */
export async function release(db: Executor, ids: readonly string[], lease: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ lockedUntil: null }).where(held(ids, lease));
}

/** A failed try: the next one at `dueAt` (lease cleared), or given up (`failed`, with its timeline entry). */
export async function markAttempt(
  db: Db,
  id: string,
  lease: Date,
  outcome:
    { attempts: number; error: string; dueAt: Date } | { attempts: number; error: string; failed: TimelineEntry },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const base = { attempts: outcome.attempts, lastError: outcome.error, lockedUntil: null };
    const set = 'failed' in outcome ? { ...base, state: 'failed' as const } : { ...base, dueAt: outcome.dueAt };
    const rows = await tx
      .update(notifications)
      .set(set)
      .where(held([id], lease))
      .returning({ id: notifications.id });
    if (rows.length > 0 && 'failed' in outcome) await tx.insert(incidentEvents).values({ ...outcome.failed, at: now });
  });
}

/** Rows that wait (quiet hours, the digest's pace): due later, lease cleared, no attempt counted. */
export async function defer(db: Executor, ids: readonly string[], lease: Date, dueAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ dueAt, lockedUntil: null }).where(held(ids, lease));
}

/** Rows no longer worth sending (the recipient opted out, the incident was acknowledged). */
export async function cancel(db: Executor, ids: readonly string[], lease: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ state: 'cancelled', lockedUntil: null }).where(held(ids, lease));
}

/** Names the digest its rows go out in before it is sent (a resend after a crash reuses it as the Message-ID). */
export async function setDigest(db: Executor, ids: readonly string[], lease: Date, digestId: string): Promise<void> {
  await db.update(notifications).set({ digestId }).where(held(ids, lease));
}

/** When the last digest went to this contact on this channel (null: never). */
export async function lastDigestAt(
  db: Executor,
  contactId: string,
  channel: NotificationChannel,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${notifications.sentAt})` })
    .from(notifications)
    .where(
      and(
        eq(notifications.contactId, contactId),
        eq(notifications.channel, channel),
        eq(notifications.state, 'sent'),
        isNotNull(notifications.digestId),
      ),
    );
  return row?.at == null ? null : new Date(row.at);
}
