/**
 * One runner at a time per rollout across cloud nodes (issue 20): the lease a runner takes on every tick, what another
 * node's runner finds while it is held, after it ran out (the node died) and after a clean stop, and two runners
 * racing for the same rollout.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rollouts, users } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { describeEachDatabase } from '../../test/db';
import { claimRollout, releaseRollouts } from './rollouts.repo';

async function newRollout(db: Db): Promise<string> {
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const [row] = await db
    .insert(rollouts)
    .values({
      userId: user?.id ?? '',
      state: 'running',
      canary: 1,
      percent: 100,
      failureThresholdPercent: 0,
      force: false,
      waveCount: 2,
      currentWave: 0,
      versions: {},
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: rollouts.id });
  return row?.id ?? '';
}

/** Makes the rollout's lease run out now, as it does LEASE after its node's last tick. */
const expire = (db: Db, id: string) =>
  db
    .update(rollouts)
    .set({ runnerUntil: sql`now() - interval '1 second'` })
    .where(eq(rollouts.id, id));

describeEachDatabase('rollout leases', (db) => {
  it('are held by one runner, refused to another while live, taken over once run out', async () => {
    const id = await newRollout(db());
    expect(await claimRollout(db(), id, 'node-a', 15_000)).toBe('fresh');
    expect(await claimRollout(db(), id, 'node-a', 15_000)).toBe('held');
    expect(await claimRollout(db(), id, 'node-b', 15_000)).toBe('busy');

    await expire(db(), id); // node A was killed: no tick renews its lease
    expect(await claimRollout(db(), id, 'node-b', 15_000)).toBe('takenOver');
    expect(await claimRollout(db(), id, 'node-a', 15_000)).toBe('busy'); // A coming back does not take it back
    const [row] = await db().select().from(rollouts).where(eq(rollouts.id, id));
    expect(row?.runnerId).toBe('node-b');
    expect(row?.runnerUntil?.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('are released by a runner that stops, for the next one to take at once', async () => {
    const [one, two] = [await newRollout(db()), await newRollout(db())];
    await claimRollout(db(), one, 'node-a', 15_000);
    await claimRollout(db(), two, 'node-a', 15_000);
    await releaseRollouts(db(), 'node-a');
    expect(await claimRollout(db(), one, 'node-b', 15_000)).toBe('fresh');
    expect(await claimRollout(db(), two, 'node-c', 15_000)).toBe('fresh');
  });

  it('go to exactly one of several runners racing for a rollout', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newRollout(db());
      const claims = await Promise.all(['a', 'b', 'c', 'd'].map((n) => claimRollout(db(), id, `node-${n}`, 15_000)));
      expect(claims.filter((c) => c !== 'busy')).toEqual(['fresh']);
    }
  });
});
