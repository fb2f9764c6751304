/**
 * The rollout domain's SQL: rollouts, their targets (joined with the device, its venue, its shadow and its job) and
 * their step log. Queries a user reaches name the owner; the runner's take a rollout id it read from the table.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  deviceJobs,
  deviceShadows,
  devices,
  firmwareImages,
  rolloutEvents,
  rolloutTargets,
  rollouts,
  venues,
} from '../../db/schema/index';
import { notifyLive } from '../live/changes';

export type RolloutRow = typeof rollouts.$inferSelect;
export type TargetRow = typeof rolloutTargets.$inferSelect;
export type EventRow = typeof rolloutEvents.$inferSelect;
export type NewEvent = Omit<typeof rolloutEvents.$inferInsert, 'id'>;

/** A target with what the runner and the views need of its device, venue, shadow and job. */
export type TargetView = TargetRow & {
  deviceName: string;
  modelId: string;
  venueId: string;
  venueName: string;
  connected: boolean;
  reported: unknown;
  shadowAt: Date | null;
  jobStatus: string | null;
  jobDetail: string | null;
};

/** A device of the user with its venue and shadow (the candidates view, and a new rollout's targets). */
export type UserDevice = typeof devices.$inferSelect & { venueName: string; reported: unknown; shadowAt: Date | null };

export function listUserDevices(db: Executor, userId: string, deviceIds?: readonly string[]): Promise<UserDevice[]> {
  return db
    .select({
      ...getTableColumns(devices),
      venueName: venues.name,
      reported: deviceShadows.reported,
      shadowAt: deviceShadows.updatedAt,
    })
    .from(devices)
    .innerJoin(venues, eq(venues.id, devices.venueId))
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
    .where(and(eq(devices.userId, userId), deviceIds === undefined ? undefined : inArray(devices.id, [...deviceIds])))
    .orderBy(asc(venues.name), asc(devices.deviceName), asc(devices.id));
}

export async function insertRollout(
  db: Executor,
  rollout: typeof rollouts.$inferInsert,
  targets: (typeof rolloutTargets.$inferInsert)[],
  events: NewEvent[],
): Promise<void> {
  await db.insert(rollouts).values(rollout);
  if (targets.length > 0) await db.insert(rolloutTargets).values(targets);
  if (events.length > 0) await db.insert(rolloutEvents).values(events);
  if (rollout.id !== undefined) await notifyLive(db, { r: [rollout.id] });
}

export async function findRollout(db: Executor, userId: string, rolloutId: string): Promise<RolloutRow | undefined> {
  const [row] = await db
    .select()
    .from(rollouts)
    .where(and(eq(rollouts.id, rolloutId), eq(rollouts.userId, userId)))
    .limit(1);
  return row;
}

/** The rollout by id only (the runner's), locked for the caller's transaction when `forUpdate`. */
export async function loadRollout(db: Executor, rolloutId: string, forUpdate = false): Promise<RolloutRow | undefined> {
  const q = db.select().from(rollouts).where(eq(rollouts.id, rolloutId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/**
 * What a runner's claim on a rollout found: its own lease (renewed), a rollout nobody ran or one released by a runner
 * that stopped (fresh), one whose runner's lease ran out (takenOver: that node died or hung), or one another runner
 * holds or is writing right now (busy: left alone this tick).
 */
export type RolloutClaim = 'held' | 'fresh' | 'takenOver' | 'busy';

/**
 * Claims a rollout for one runner for leaseMs (issue 20): several cloud nodes run a runner each, and each rollout is
 * moved on by one of them at a time. The row is read `for update skip locked`, so two nodes racing for it never
 * wait on each other; the lease is the database's clock (`now()`), the same for every node.
 */
export function claimRollout(db: Db, rolloutId: string, runnerId: string, leaseMs: number): Promise<RolloutClaim> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        runnerId: rollouts.runnerId,
        leftMs: sql<number | null>`extract(epoch from ${rollouts.runnerUntil} - now()) * 1000`.mapWith(Number),
      })
      .from(rollouts)
      .where(eq(rollouts.id, rolloutId))
      .for('update', { skipLocked: true });
    if (row === undefined) return 'busy';
    const live = row.leftMs !== null && row.leftMs > 0;
    if (row.runnerId !== null && row.runnerId !== runnerId && live) return 'busy';
    // its own lease with more than half of it left: no write (a tick a second would otherwise write every rollout)
    if (row.runnerId === runnerId && row.leftMs !== null && row.leftMs > leaseMs / 2) return 'held';
    await tx
      .update(rollouts)
      .set({ runnerId, runnerUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(eq(rollouts.id, rolloutId));
    return row.runnerId === runnerId ? 'held' : row.runnerId === null ? 'fresh' : 'takenOver';
  });
}

/** A runner that stops lets go of its rollouts, so that another node (or the next process) takes them at once. */
export async function releaseRollouts(db: Executor, runnerId: string): Promise<void> {
  await db.update(rollouts).set({ runnerId: null, runnerUntil: null }).where(eq(rollouts.runnerId, runnerId));
}

export function listRollouts(db: Executor, userId: string, limit = 50): Promise<RolloutRow[]> {
  return db
    .select()
    .from(rollouts)
    .where(eq(rollouts.userId, userId))
    .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
    .limit(limit);
}

/** The user's unfinished rollout (running, paused or stopped), if any. */
export async function activeRollout(db: Executor, userId: string): Promise<RolloutRow | undefined> {
  const [row] = await db
    .select()
    .from(rollouts)
    .where(and(eq(rollouts.userId, userId), inArray(rollouts.state, ['running', 'paused', 'stopped'])))
    .limit(1);
  return row;
}

/**
 * Rollouts the runner looks at: unfinished ones, finished ones with an amp still updating, and those with an amp
 * that ended since `recent` (its final board statuses may still arrive in its shadow).
 */
export async function rolloutsToFollow(db: Executor, recent: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: rollouts.id })
    .from(rollouts)
    .leftJoin(rolloutTargets, eq(rolloutTargets.rolloutId, rollouts.id))
    .where(
      sql`${rollouts.state} in ('running', 'paused', 'stopped') or ${rolloutTargets.state} in ('starting', 'inProgress')
        or (${rolloutTargets.sentAt} is not null and ${rolloutTargets.finishedAt} > ${recent.toISOString()}::timestamptz)`,
    );
  return rows.map((r) => r.id);
}

export async function updateRollout(
  db: Executor,
  rolloutId: string,
  set: Partial<Pick<RolloutRow, 'state' | 'stopReason' | 'currentWave' | 'updatedAt'>>,
): Promise<void> {
  await db.update(rollouts).set(set).where(eq(rollouts.id, rolloutId));
  await notifyLive(db, { r: [rolloutId] });
}

export function listTargets(db: Executor, rolloutId: string): Promise<TargetView[]> {
  return db
    .select({
      ...getTableColumns(rolloutTargets),
      deviceName: devices.deviceName,
      modelId: devices.modelId,
      venueId: devices.venueId,
      venueName: venues.name,
      connected: devices.connected,
      reported: deviceShadows.reported,
      shadowAt: deviceShadows.updatedAt,
      jobStatus: deviceJobs.status,
      jobDetail: deviceJobs.detail,
    })
    .from(rolloutTargets)
    .innerJoin(devices, eq(devices.id, rolloutTargets.deviceId))
    .innerJoin(venues, eq(venues.id, devices.venueId))
    .leftJoin(deviceShadows, eq(deviceShadows.deviceId, rolloutTargets.deviceId))
    .leftJoin(deviceJobs, eq(deviceJobs.id, rolloutTargets.jobId))
    .where(eq(rolloutTargets.rolloutId, rolloutId))
    .orderBy(asc(rolloutTargets.position));
}

export async function updateTarget(
  db: Executor,
  rolloutId: string,
  deviceId: string,
  set: Partial<Omit<TargetRow, 'rolloutId' | 'deviceId'>>,
): Promise<void> {
  await db
    .update(rolloutTargets)
    .set(set)
    .where(and(eq(rolloutTargets.rolloutId, rolloutId), eq(rolloutTargets.deviceId, deviceId)));
  await notifyLive(db, { t: [[rolloutId, deviceId]] });
}

/** Marks every pending target of the rollout cancelled; answers how many. */
export async function cancelPending(db: Executor, rolloutId: string): Promise<number> {
  const rows = await db
    .update(rolloutTargets)
    .set({ state: 'cancelled' })
    .where(and(eq(rolloutTargets.rolloutId, rolloutId), eq(rolloutTargets.state, 'pending')))
    .returning({ id: rolloutTargets.deviceId });
  if (rows.length > 0) await notifyLive(db, { r: [rolloutId] });
  return rows.length;
}

export async function insertEvents(db: Executor, events: NewEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(rolloutEvents).values(events);
}

export function listEvents(db: Executor, rolloutId: string): Promise<EventRow[]> {
  return db.select().from(rolloutEvents).where(eq(rolloutEvents.rolloutId, rolloutId)).orderBy(asc(rolloutEvents.id));
}

/** Target counts by state of several rollouts (the list view). */
export async function countTargets(
  db: Executor,
  rolloutIds: readonly string[],
): Promise<{ rolloutId: string; state: string; n: number }[]> {
  if (rolloutIds.length === 0) return [];
  return db
    .select({ rolloutId: rolloutTargets.rolloutId, state: rolloutTargets.state, n: sql<number>`count(*)::int` })
    .from(rolloutTargets)
    .where(inArray(rolloutTargets.rolloutId, [...rolloutIds]))
    .groupBy(rolloutTargets.rolloutId, rolloutTargets.state);
}

/** An amp's rollout targets, newest first (its firmware history). */
export function deviceTargets(db: Executor, deviceId: string): Promise<(TargetRow & { createdAt: Date })[]> {
  return db
    .select({ ...getTableColumns(rolloutTargets), createdAt: rollouts.createdAt })
    .from(rolloutTargets)
    .innerJoin(rollouts, eq(rollouts.id, rolloutTargets.rolloutId))
    .where(eq(rolloutTargets.deviceId, deviceId))
    .orderBy(desc(rollouts.createdAt));
}

/** True when an unfinished rollout still has to install the image (it cannot be deleted). */
export async function imageInUse(db: Executor, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rolloutTargets.deviceId })
    .from(rolloutTargets)
    .innerJoin(rollouts, eq(rollouts.id, rolloutTargets.rolloutId))
    .where(
      and(
        eq(rolloutTargets.imageId, imageId),
        inArray(rolloutTargets.state, ['pending', 'starting', 'inProgress']),
        inArray(rollouts.state, ['running', 'paused', 'stopped']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The image rows by id (the runner builds each job's download from its image). */
export function imagesById(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(firmwareImages)
    .where(inArray(firmwareImages.id, [...ids]));
}

/** Sets the payload of a job (its URL renewed when the runner sends it again after a restart). */
export async function setJobPayload(db: Executor, jobId: string, payload: unknown): Promise<void> {
  await db.update(deviceJobs).set({ payload }).where(eq(deviceJobs.id, jobId));
}
