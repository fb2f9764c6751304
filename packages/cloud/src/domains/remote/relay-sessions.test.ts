/**
 * The relay's caps across cloud nodes (issue 20): each node records its open sessions in relay_sessions, so a user's
 * or an amp's cap counts the sessions every node holds; sessions of a node that died stop counting once stale; and
 * nodes racing for the last place let exactly one through.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { devices, relaySessions, users, venues } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/db';
import { RELAY_SESSION_STALE_MS, deleteRelaySessions, recordRelaySession, renewRelaySessions } from './remote.repo';

/** A user with one venue and `amps` amps; their ids. */
async function owner(db: Db, amps: number): Promise<{ userId: string; deviceIds: string[] }> {
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const userId = user?.id ?? '';
  const [venue] = await db
    .insert(venues)
    .values({ userId, name: 'Hall', nameKey: 'hall', createdAt: now, updatedAt: now })
    .returning({ id: venues.id });
  const deviceIds = Array.from({ length: amps }, () => randomUUID());
  for (const id of deviceIds) {
    await db.insert(devices).values({
      id,
      userId,
      venueId: venue?.id ?? '',
      passwordHash: 'x',
      mac: '00:11:22:33:44:55',
      serialNumber: id.slice(0, 8),
      modelId: '704D',
      firmwareVersion: '1.5.0.0',
      deviceName: 'Amp',
      registeredAt: now,
    });
  }
  return { userId, deviceIds };
}

const caps = { perUser: 3, perAmp: 2 };
const session = (userId: string, deviceId: string) => ({ id: randomUUID(), userId, deviceId });

describeEachDatabase('relay sessions across nodes', (db) => {
  it('count every node’s sessions against the per-amp and per-user caps; a closed one frees its place', async () => {
    const { userId, deviceIds } = await owner(db(), 3);
    const [a, b, c] = deviceIds as [string, string, string];
    const onNodeA = session(userId, a);
    expect(await recordRelaySession(db(), onNodeA, caps)).toBeUndefined();
    expect(await recordRelaySession(db(), session(userId, a), caps)).toBeUndefined(); // "node B", same amp
    expect(await recordRelaySession(db(), session(userId, a), caps)).toBe('amp');
    expect(await recordRelaySession(db(), session(userId, b), caps)).toBeUndefined();
    expect(await recordRelaySession(db(), session(userId, c), caps)).toBe('user');

    await deleteRelaySessions(db(), [onNodeA.id]);
    expect(await recordRelaySession(db(), session(userId, c), caps)).toBeUndefined();
    const rows = await db().select().from(relaySessions).where(eq(relaySessions.userId, userId));
    expect(rows).toHaveLength(3);
  });

  it('stop counting a dead node’s sessions once they are stale, while a live node renews its own', async () => {
    const { userId, deviceIds } = await owner(db(), 1);
    const amp = deviceIds[0] ?? '';
    const live = session(userId, amp);
    const dead = session(userId, amp);
    await recordRelaySession(db(), live, caps);
    await recordRelaySession(db(), dead, caps);
    expect(await recordRelaySession(db(), session(userId, amp), caps)).toBe('amp');

    // both rows age past the stale limit; only the live node renews its own
    await db()
      .update(relaySessions)
      .set({ seenAt: sql`now() - ${RELAY_SESSION_STALE_MS + 1000} * interval '1 millisecond'` })
      .where(eq(relaySessions.userId, userId));
    await renewRelaySessions(db(), [live.id]);
    expect(await recordRelaySession(db(), session(userId, amp), caps)).toBeUndefined();
    expect(await recordRelaySession(db(), session(userId, amp), caps)).toBe('amp');
  });

  it('let exactly one of several nodes racing for an amp’s last place through', async () => {
    for (let round = 0; round < 3; round++) {
      const { userId, deviceIds } = await owner(db(), 1);
      const amp = deviceIds[0] ?? '';
      await recordRelaySession(db(), session(userId, amp), caps);
      const results = await Promise.all(
        Array.from({ length: 4 }, () => recordRelaySession(db(), session(userId, amp), caps)),
      );
      expect(results.filter((r) => r === undefined)).toHaveLength(1);
      expect(results.filter((r) => r === 'amp')).toHaveLength(3);
    }
  });
});
