/** The remote relay's SQL: may this user (in this sign-in session) reach this device now? */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices, sessions, venues } from '../../db/schema/index';

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
