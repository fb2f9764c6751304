/**
 * The audit log's SQL (db/schema/audit.ts). Rows are only inserted, read newest first by keyset (at, id), and deleted
 * by the retention job in batches. Every read names the owner: an id alone never reaches another organisation's rows.
 */
import type { AuditKind } from '@rackside/protocol';
import { and, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { auditEvents, deviceJobs, devices, sessions, users, venues } from '../../db/schema/index';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

/** The longest User-Agent kept (as the sessions table keeps it). */
export const USER_AGENT_MAX = 512;

/** Inserts events, in one statement. */
export async function insertAudit(db: Executor, rows: readonly NewAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(auditEvents)
    .values(rows.map((row) => ({ ...row, userAgent: row.userAgent?.slice(0, USER_AGENT_MAX) ?? null })));
}

/** An event about an amp: its owner and venue are the amp's row's now; the actor's e-mail is read with it. */
export interface DeviceAuditRow {
  readonly deviceId: string;
  readonly at: Date;
  readonly kind: AuditKind;
  readonly details: unknown;
  readonly actorUserId?: string | null;
  readonly ip?: string | null;
  readonly userAgent?: string | null;
}

/** Inserts an event about an amp in one statement (nothing when the amp is gone); true when it was recorded. */
export async function insertDeviceAudit(db: Executor, row: DeviceAuditRow): Promise<boolean> {
  const actor = row.actorUserId ?? null;
  const email =
    actor === null ? sql`null` : sql`(select ${users.email} from ${users} where ${users.id} = ${actor}::uuid)`;
  const result = await db.execute(sql`
    insert into ${auditEvents} (owner_user_id, at, kind, actor_user_id, actor_email, ip, user_agent, venue_id,
      device_id, details)
    select ${devices.userId}, ${row.at.toISOString()}::timestamptz, ${row.kind}, ${actor}::uuid, ${email}, ${row.ip ?? null},
      ${row.userAgent?.slice(0, USER_AGENT_MAX) ?? null}, ${devices.venueId}, ${devices.id},
      ${JSON.stringify(row.details)}::jsonb
    from ${devices} where ${devices.id} = ${row.deviceId}
    returning id`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * An amp's report of a job's status (firmware.status), with the version its job carries, in one statement; nothing
 * when the job or the amp is gone.
 */
export async function insertJobStatusAudit(
  db: Executor,
  job: { deviceId: string; jobId: string; status: string; detail: string | null },
  at: Date,
): Promise<void> {
  await db.execute(sql`
    insert into ${auditEvents} (owner_user_id, at, kind, venue_id, device_id, details)
    select ${devices.userId}, ${at.toISOString()}::timestamptz, 'firmware.status', ${devices.venueId}, ${devices.id},
      jsonb_build_object('jobId', ${deviceJobs.id}::text, 'status', ${job.status}::text,
        'version', ${deviceJobs.payload}->>'version', 'detail', ${job.detail}::text)
    from ${deviceJobs} join ${devices} on ${devices.id} = ${deviceJobs.deviceId}
    where ${deviceJobs.id} = ${job.jobId}::uuid and ${deviceJobs.deviceId} = ${job.deviceId}`);
}

/**
 * How a new sign-in session compares with the account's others (live or ended, as long as they are kept): whether it
 * has any, and whether one came from the same User-Agent and address.
 */
export async function otherSessions(
  db: Executor,
  session: { userId: string; sessionId: string; userAgent: string; address: string },
): Promise<{ any: boolean; sameDevice: boolean }> {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      sameDevice: sql<boolean>`coalesce(bool_or(${sessions.userAgent} = ${session.userAgent}
        and ${sessions.address} = ${session.address}), false)`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.sessionId)));
  return { any: row?.any === true, sameDevice: row?.sameDevice === true };
}

/** What a timeline reads: whose, narrowed to a venue or an amp, filtered, after a cursor. */
export interface AuditSelection {
  readonly ownerId: string;
  /** A venue's timeline: events in it, and moves out of it. */
  readonly venueId?: string;
  readonly deviceId?: string;
  /** A member narrowed to venues sees only their events (none of the organisation's without a venue). */
  readonly venueIds?: readonly string[];
  readonly kinds?: readonly AuditKind[];
  readonly actorId?: string;
  readonly from?: Date;
  readonly to?: Date;
  /** Older than this (at, id). */
  readonly before?: { readonly at: Date; readonly id: string };
}

const inVenues = (ids: readonly string[]): SQL | undefined =>
  or(inArray(auditEvents.venueId, [...ids]), inArray(auditEvents.fromVenueId, [...ids]));

function where(s: AuditSelection): SQL | undefined {
  return and(
    eq(auditEvents.ownerUserId, s.ownerId),
    s.venueId === undefined
      ? undefined
      : or(eq(auditEvents.venueId, s.venueId), eq(auditEvents.fromVenueId, s.venueId)),
    s.deviceId === undefined ? undefined : eq(auditEvents.deviceId, s.deviceId),
    s.venueIds === undefined ? undefined : s.venueIds.length === 0 ? sql`false` : inVenues(s.venueIds),
    s.kinds === undefined ? undefined : inArray(auditEvents.kind, [...s.kinds]),
    s.actorId === undefined ? undefined : eq(auditEvents.actorUserId, s.actorId),
    s.from === undefined ? undefined : gte(auditEvents.at, s.from),
    s.to === undefined ? undefined : lt(auditEvents.at, s.to),
    s.before === undefined
      ? undefined
      : sql`(${auditEvents.at}, ${auditEvents.id}) < (${s.before.at.toISOString()}::timestamptz, ${s.before.id}::uuid)`,
  );
}

/** Up to `limit` events of the selection, newest first (ties by id, so that the keyset is total). */
export function listAudit(db: Executor, selection: AuditSelection, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(where(selection))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

/** Whether the owner has the venue now, or events about it are kept (a deleted venue's timeline stays readable). */
export async function knownVenue(db: Executor, ownerId: string, venueId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (select 1 from ${venues} where ${venues.id} = ${venueId} and ${venues.userId} = ${ownerId})
      or exists (select 1 from ${auditEvents} where ${auditEvents.ownerUserId} = ${ownerId}
        and (${auditEvents.venueId} = ${venueId} or ${auditEvents.fromVenueId} = ${venueId})) as known`);
  return (rows as { rows: { known: boolean }[] }).rows[0]?.known === true;
}

/** Whether the owner has the amp now, or events about it are kept (a removed amp's timeline stays readable). */
export async function knownDevice(db: Executor, ownerId: string, deviceId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (select 1 from ${devices} where ${devices.id} = ${deviceId} and ${devices.userId} = ${ownerId})
      or exists (select 1 from ${auditEvents} where ${auditEvents.ownerUserId} = ${ownerId}
        and ${auditEvents.deviceId} = ${deviceId}) as known`);
  return (rows as { rows: { known: boolean }[] }).rows[0]?.known === true;
}

/** The setting that lets this transaction's deletes through the append-only trigger (migration 0010). */
const DELETE_BEFORE = 'rackside.audit_delete_before';

/**
 * Deletes up to `batch` events older than the cutoff, in a transaction of its own that tells the trigger the cutoff;
 * rows another node's job holds are skipped (SKIP LOCKED), so that nodes running it together neither wait nor clash.
 * Returns how many went.
 */
export async function deleteOlderThan(db: Db, cutoff: Date, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config(${DELETE_BEFORE}, ${cutoff.toISOString()}, true)`);
    const rows = await tx.execute(sql`
      delete from ${auditEvents} where ${auditEvents.id} in (
        select ${auditEvents.id} from ${auditEvents} where ${auditEvents.at} < ${cutoff.toISOString()}::timestamptz
        limit ${batch} for update skip locked)
      returning id`);
    return (rows as { rows: unknown[] }).rows.length;
  });
}
