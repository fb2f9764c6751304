/** The SQL of two-factor sign-in (issue 21): the TOTP factor, recovery codes, sign-in challenges, session lists. */
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recoveryCodes, sessions, twoFactor, twoFactorChallenges } from '../../db/schema/index';

export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

/** Starts (or restarts) an enrolment: a new secret, not enabled. Refuses nothing: the caller checks it is off. */
export async function putPendingTwoFactor(db: Executor, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret, createdAt: now, enabledAt: null, lastUsedStep: null },
      // never overwrite a factor that is on (two enrolments racing with a confirmation)
      setWhere: isNull(twoFactor.enabledAt),
    });
}

/**
 * Records `step` as the last used time step, only if it is later than the one used before (each code works once,
 * parallel uses of one code included); with `enable`, also turns a pending factor on. False when refused.
 */
export async function useTotpStep(
  db: Executor,
  userId: string,
  step: number,
  options: { enable?: Date; secret?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, ...(options.enable ? { enabledAt: options.enable } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        options.secret === undefined ? undefined : eq(twoFactor.secret, options.secret),
        options.enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/** Turns two-factor off: the factor, its recovery codes and pending challenges go. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  hashes: readonly string[],
  now: Date,
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function unusedRecoveryCodes(db: Executor, userId: string): Promise<RecoveryCodeRow[]> {
  return db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** Marks a recovery code used, only if it was not (two uses racing: one wins). */
export async function useRecoveryCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

// ---- sign-in challenges ----

export async function insertChallenge(
  db: Executor,
  challenge: Pick<ChallengeRow, 'userId' | 'tokenHash' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  // a user's expired challenges are swept on the way
  await db
    .delete(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.userId, challenge.userId), lt(twoFactorChallenges.expiresAt, challenge.createdAt)),
    );
  await db.insert(twoFactorChallenges).values(challenge);
}

export async function findChallenge(db: Executor, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Takes one try of a live challenge atomically (undefined: none, expired or out of tries). */
export async function takeChallengeTry(
  db: Executor,
  tokenHash: string,
  maxTries: number,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        lt(twoFactorChallenges.attempts, maxTries),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Uses a challenge up (single use): true for the one caller that deleted it. */
export async function deleteChallenge(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

// ---- the sessions page ----

/** A user's live sessions (not revoked, not expired), most recently seen first. */
export async function liveSessions(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.refreshedAt), desc(sessions.createdAt));
}

/** Revokes one live session of this user; false when there is none (another user's, ended, unknown). */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Revokes every live session of a user but one; how many ended. */
export async function revokeOtherSessions(db: Executor, userId: string, keepId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.id} <> ${keepId}`,
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
