/**
 * The device domain's SQL: registration tokens, devices, shadows and jobs. Queries a user reaches name the owner;
 * the broker-side ones (credentials, ingestion) take a device id only, and do nothing for an unknown id.
 */
import { and, asc, eq, getTableColumns, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { deviceJobs, deviceShadows, devices, registrationTokens, type JobState } from '../../db/schema/index';

export type TokenRow = typeof registrationTokens.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type JobRow = typeof deviceJobs.$inferSelect;
/** A device with its shadow (null before its first report). */
export type DeviceWithShadow = DeviceRow & { reported: unknown; shadowUpdatedAt: Date | null };

// ---- registration tokens ----

export async function insertToken(
  db: Executor,
  token: Pick<TokenRow, 'userId' | 'venueId' | 'tokenHash' | 'createdAt' | 'expiresAt' | 'issuedBy'>,
): Promise<void> {
  await db.insert(registrationTokens).values(token);
}

/** Spends a live, unused token atomically (two amps racing with one token: one wins); undefined when it is not. */
export async function spendToken(db: Executor, tokenHash: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(registrationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(registrationTokens.tokenHash, tokenHash),
        isNull(registrationTokens.usedAt),
        gt(registrationTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findToken(db: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(registrationTokens).where(eq(registrationTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function setTokenDevice(db: Executor, tokenId: string, deviceId: string): Promise<void> {
  await db.update(registrationTokens).set({ deviceId }).where(eq(registrationTokens.id, tokenId));
}

// ---- devices ----

export async function insertDevice(db: Executor, device: typeof devices.$inferInsert): Promise<void> {
  await db.insert(devices).values(device);
}

export async function findDevice(db: Executor, userId: string, deviceId: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .limit(1);
  return row;
}

/** A venue's devices with their shadows, oldest registration first; optionally only the given ids. */
export function listVenueDevices(
  db: Executor,
  userId: string,
  venueId: string,
  deviceIds?: readonly string[],
): Promise<DeviceWithShadow[]> {
  return db
    .select({
      ...getTableColumns(devices),
      reported: deviceShadows.reported,
      shadowUpdatedAt: deviceShadows.updatedAt,
    })
    .from(devices)
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(
      and(
        eq(devices.venueId, venueId),
        eq(devices.userId, userId),
        deviceIds === undefined ? undefined : inArray(devices.id, [...deviceIds]),
      ),
    )
    .orderBy(asc(devices.registeredAt), asc(devices.id));
}

export async function moveDevice(db: Executor, userId: string, deviceId: string, venueId: string): Promise<void> {
  await db
    .update(devices)
    .set({ venueId })
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)));
}

/**
 * Serialises registrations of one amp (its MAC and serial number) until the transaction ends: two tokens racing for
 * the same amp leave one record of it, not two.
 */
export async function lockAmp(db: Executor, mac: string, serialNumber: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`amp|${mac.toLowerCase()}|${serialNumber}`}, 0))`,
  );
}

/** Every account's records of one amp: the same MAC (any case) and the same serial number. */
export function findDevicesOfAmp(db: Executor, mac: string, serialNumber: string): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(sql`lower(${devices.mac}) = ${mac.toLowerCase()}`, eq(devices.serialNumber, serialNumber)));
}

/** Deletes device records by id, whoever's they are (their shadows, jobs and incidents go with them). */
export async function deleteDevicesById(db: Executor, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length > 0) await db.delete(devices).where(inArray(devices.id, [...deviceIds]));
}

/** Deletes a device with its shadow and jobs (its broker credentials go with it); answers the deleted row. */
export async function deleteDevice(db: Executor, userId: string, deviceId: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .delete(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .returning();
  return row;
}

// ---- the broker side ----

/** The stored digest of a device's broker password, or undefined for an unknown device. */
export async function findPasswordHash(db: Executor, deviceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: devices.passwordHash })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return row?.passwordHash;
}

/** The stored digests of several devices' broker passwords, by device id (unknown ids absent). */
export async function findPasswordHashes(db: Executor, deviceIds: readonly string[]): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, passwordHash: devices.passwordHash })
    .from(devices)
    .where(inArray(devices.id, [...deviceIds]));
  return new Map(rows.map((r) => [r.id, r.passwordHash]));
}

/**
 * Records the connection states of several devices in one statement (at most one entry per device); answers the ids
 * it found. Unknown devices are skipped.
 */
export async function setConnectedMany(
  db: Executor,
  states: readonly { readonly deviceId: string; readonly connected: boolean }[],
  now: Date,
): Promise<Set<string>> {
  if (states.length === 0) return new Set();
  const rows = JSON.stringify(states.map((s) => ({ id: s.deviceId, connected: s.connected })));
  const result = await db.execute(sql`
    update ${devices} set connected = v.connected, last_seen_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as v(id text, connected boolean)
    where ${devices.id} = v.id
    returning ${devices.id} as id`);
  // node-postgres and PGlite both answer {rows}
  return new Set((result as { rows: { id: string }[] }).rows.map((r) => r.id));
}

/** Records a device's connection state from its `status` topic; false when the device is unknown. */
export async function setConnected(db: Executor, deviceId: string, connected: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ connected, lastSeenAt: now })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** Every device offline: at the start of a process whose embedded broker nobody can be connected to yet. */
export async function markAllDisconnected(db: Executor): Promise<void> {
  await db.update(devices).set({ connected: false }).where(eq(devices.connected, true));
}

/**
 * The condition under which a live reported state replaces the stored one: always, but for the very state stored (the
 * same `ts` and the same content), which is the same message again. With several nodes one state can reach two: a
 * node's write still on its way to the database when it died, and another node's catch-up of the retained copy
 * (broker/service-client.ts); the second then changes nothing, and the state is written once.
 */
const notTheStoredState = sql`jsonb_typeof(${deviceShadows.reported}->'ts') is distinct from 'number'
  or ${deviceShadows.reported} is distinct from excluded.reported`;

/** Stores a device's reported shadow; false when the device is unknown (removed, or never registered). */
export async function upsertShadow(db: Executor, deviceId: string, reported: unknown, now: Date): Promise<boolean> {
  try {
    await db
      .insert(deviceShadows)
      .values({ deviceId, reported, updatedAt: now })
      .onConflictDoUpdate({
        target: deviceShadows.deviceId,
        set: { reported, updatedAt: now },
        setWhere: notTheStoredState,
      });
    return true;
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

type ShadowEntry = { readonly deviceId: string; readonly reported: unknown };

/**
 * Stores the reported shadows of several devices in one statement (at most one entry per device), each over the
 * stored one where `replaces` holds (`excluded` is the entry, the table's columns the stored state). Answers, per known
 * device, whether it was written; unknown devices are skipped.
 */
async function upsertShadowsWhere(
  db: Executor,
  shadows: readonly ShadowEntry[],
  now: Date,
  replaces: SQL,
): Promise<Map<string, boolean>> {
  if (shadows.length === 0) return new Map();
  const rows = JSON.stringify(shadows.map((s) => ({ device_id: s.deviceId, reported: s.reported })));
  // the insert runs to completion whether or not the select reads it (PostgreSQL: data-modifying statements in WITH)
  const result = await db.execute(sql`
    with v as (
      select x.device_id, x.reported
      from jsonb_to_recordset(${rows}::jsonb) as x(device_id text, reported jsonb)
      where exists (select 1 from ${devices} d where d.id = x.device_id)
    ), w as (
      insert into ${deviceShadows} (device_id, reported, updated_at)
      select v.device_id, v.reported, ${now.toISOString()}::timestamptz from v
      on conflict (device_id) do update set reported = excluded.reported, updated_at = excluded.updated_at
        where ${replaces}
      returning device_id
    )
    select v.device_id, exists (select 1 from w where w.device_id = v.device_id) as written from v`);
  // node-postgres and PGlite both answer {rows}
  const stored = (result as { rows: { device_id: string; written: boolean }[] }).rows;
  return new Map(stored.map((r) => [r.device_id, r.written]));
}

/**
 * Stores live reported states of several devices in one statement (the state stored already is not written again:
 * notTheStoredState); answers the ids of the known devices. A device removed by another connection meanwhile can
 * still fail the whole statement with a foreign-key violation: the caller then stores the entries one by one
 * (upsertShadow).
 */
export async function upsertShadows(db: Executor, shadows: readonly ShadowEntry[], now: Date): Promise<Set<string>> {
  return new Set((await upsertShadowsWhere(db, shadows, now, notTheStoredState)).keys());
}

/**
 * Stores retained copies of devices' reported states (a catch-up read them from the broker again), each only over an
 * older stored state (the state's `ts`; none stored, or one without a time, counts as older): a copy read while a
 * newer live state reached another node must not take its place. Answers, per known device, whether it was written.
 */
export function upsertShadowsIfNewer(
  db: Executor,
  shadows: readonly ShadowEntry[],
  now: Date,
): Promise<Map<string, boolean>> {
  return upsertShadowsWhere(
    db,
    shadows,
    now,
    sql`jsonb_typeof(${deviceShadows.reported}->'ts') is distinct from 'number'
      or (excluded.reported->>'ts')::numeric > (${deviceShadows.reported}->>'ts')::numeric`,
  );
}

// ---- jobs ----

export async function insertJobs(db: Executor, jobs: (typeof deviceJobs.$inferInsert)[]): Promise<void> {
  if (jobs.length > 0) await db.insert(deviceJobs).values(jobs);
}

export async function setJobStatus(
  db: Executor,
  deviceId: string,
  jobId: string,
  status: JobState,
  detail: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceJobs)
    .set({ status, detail, updatedAt: now })
    .where(and(eq(deviceJobs.id, jobId), eq(deviceJobs.deviceId, deviceId)))
    .returning({ id: deviceJobs.id });
  return rows.length > 0;
}

export function listJobs(db: Executor, deviceId: string): Promise<JobRow[]> {
  return db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId)).orderBy(asc(deviceJobs.createdAt));
}
