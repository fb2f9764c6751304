/**
 * The remote relay's SQL: may this user (in this sign-in session) reach this device now? And the relay sessions open
 * on every node, which the caps count.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { devices, relaySessions, sessions, venues } from '../../db/schema/index';

/** The device, when it is in one of the user's venues; undefined otherwise. */
export async function findReachableDevice(
  db: Executor,
  userId: string,
  deviceId: string,
): Promise<{ id: string; connected: boolean } | undefined> {
  const [row] = await db
    .select({ id: devices.id, connected: devices.connected })
    .from(devices)
    .innerJoin(venues, eq(venues.id, devices.venueId))
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), eq(venues.userId, userId)))
    .limit(1);
  return row;
}

/** Whether the user's sign-in session is live (not revoked, not expired): signing out ends the relay too. */
export async function isSessionLive(db: Executor, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A relay session whose node has not renewed it for this long no longer counts (its node died; ms). */
export const RELAY_SESSION_STALE_MS = 45_000;

/** Why a relay session was not recorded: the user's or the amp's cap is reached (across every node). */
export type RelayCapHit = 'user' | 'amp';

/**
 * Records a relay session unless the user or the amp already has `caps` open sessions on any node. The count and the
 * insert run under transaction-scoped advisory locks on the user and on the amp (always in that order), so two nodes
 * opening sessions at once cannot both pass a cap with one place left.
 */
export function recordRelaySession(
  db: Db,
  session: { id: string; userId: string; deviceId: string },
  caps: { perUser: number; perAmp: number },
): Promise<RelayCapHit | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay:user:${session.userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay:amp:${session.deviceId}`}))`);
    const live = sql`${relaySessions.seenAt} > now() - ${RELAY_SESSION_STALE_MS} * interval '1 millisecond'`;
    const count = async (column: typeof relaySessions.userId | typeof relaySessions.deviceId, value: string) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(relaySessions)
        .where(and(eq(column, value), live));
      return row?.n ?? 0;
    };
    if ((await count(relaySessions.userId, session.userId)) >= caps.perUser) return 'user';
    if ((await count(relaySessions.deviceId, session.deviceId)) >= caps.perAmp) return 'amp';
    await tx.insert(relaySessions).values({ ...session, seenAt: sql`now()` });
    return undefined;
  });
}

/** Renews the node's open sessions, and forgets the stale sessions of nodes that died. */
export async function renewRelaySessions(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .update(relaySessions)
      .set({ seenAt: sql`now()` })
      .where(inArray(relaySessions.id, [...ids]));
  await db
    .delete(relaySessions)
    .where(sql`${relaySessions.seenAt} < now() - ${RELAY_SESSION_STALE_MS * 4} * interval '1 millisecond'`);
}

/** Forgets closed relay sessions. */
export async function deleteRelaySessions(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(relaySessions).where(inArray(relaySessions.id, [...ids]));
}
