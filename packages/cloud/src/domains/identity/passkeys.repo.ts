/** The SQL of passkeys (issue 21): a user's credentials and the single-use challenges of ceremonies in progress. */
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeyChallenges, passkeys, sessions, type PasskeyCeremony } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;

/** A user's passkeys, oldest first. */
export async function listPasskeys(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The passkey with this WebAuthn credential id, whoever's it is. */
export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(
  db: Executor,
  passkey: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name' | 'createdAt'>,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(passkey).returning();
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/** Renames one of the user's passkeys; undefined when the user has no such passkey. */
export async function renamePasskey(
  db: Executor,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the user's passkeys; false when the user has no such passkey. */
export async function deletePasskey(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row;
}

/**
 * Records a use: the new signature counter and the time, only if the counter is still the one the assertion was
 * checked against (two uses racing: one wins) and the passkey still exists. False when refused.
 */
export async function recordPasskeyUse(
  db: Executor,
  id: string,
  checkedCounter: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** When the session signed in (for "a recent sign-in"); undefined when it is not live. */
export async function sessionStartedAt(db: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  return row?.createdAt;
}

// ---- ceremony challenges ----

/** Stores a ceremony's challenge; expired challenges of every ceremony are swept on the way (indexed). */
export async function insertPasskeyChallenge(
  db: Executor,
  challenge: Pick<
    PasskeyChallengeRow,
    'challenge' | 'ceremony' | 'userId' | 'signInChallengeId' | 'createdAt' | 'expiresAt'
  >,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, challenge.createdAt));
  await db.insert(passkeyChallenges).values(challenge);
}

/**
 * Spends a live challenge of this ceremony (and, when given, of this user and sign-in): deleted as it is read, so a
 * challenge verifies at most one response, on whichever node. Undefined when there is none.
 */
export async function takePasskeyChallenge(
  db: Executor,
  where: {
    challenge: string;
    ceremony: PasskeyCeremony;
    userId?: string;
    signInChallengeId?: string;
    now: Date;
  },
): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, where.challenge),
        eq(passkeyChallenges.ceremony, where.ceremony),
        where.userId === undefined ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, where.userId),
        where.signInChallengeId === undefined
          ? undefined
          : eq(passkeyChallenges.signInChallengeId, where.signInChallengeId),
        gt(passkeyChallenges.expiresAt, where.now),
      ),
    )
    .returning();
  return row;
}

/** True when the user has at least one passkey. */
export async function hasPasskeys(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
