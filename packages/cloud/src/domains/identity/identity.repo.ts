/** The identity domain's SQL: users, sessions and verification codes. Emails are matched on lower(email). */
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sessions, users, verificationCodes, type CodePurpose } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;

export { isUniqueViolation };

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; a taken email (any case) throws a unique violation (see isUniqueViolation). */
export async function insertUser(db: Executor, email: string, passwordHash: string, now: Date): Promise<UserRow> {
  const [row] = await db.insert(users).values({ email, passwordHash, createdAt: now, updatedAt: now }).returning();
  if (row === undefined) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'email' | 'passwordHash' | 'confirmed' | 'emailVerified'>>,
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  if (row === undefined) throw new Error(`user ${id} vanished`);
  return row;
}

// ---- verification codes ----

export async function findCode(db: Executor, userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .limit(1);
  return row;
}

/** Stores the live code of a user and purpose, replacing the previous one (and its count of wrong tries). */
export async function putCode(
  db: Executor,
  code: Pick<CodeRow, 'userId' | 'purpose' | 'codeHash' | 'destination' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  const { codeHash, destination, createdAt, expiresAt } = code;
  await db
    .insert(verificationCodes)
    .values({ ...code, attempts: 0 })
    .onConflictDoUpdate({
      target: [verificationCodes.userId, verificationCodes.purpose],
      set: { codeHash, destination, createdAt, expiresAt, attempts: 0 },
    });
}

/**
 * Takes one try of a user's code atomically, unless it has used up `maxTries`: returns the code row (attempts
 * already counted) or undefined when there is no code or it is locked. Parallel guesses cannot exceed the limit.
 */
export async function takeCodeTry(
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  maxTries: number,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        lt(verificationCodes.attempts, maxTries),
      ),
    )
    .returning();
  return row;
}

export async function deleteCode(db: Executor, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
}

// ---- sessions ----

export async function insertSession(
  db: Executor,
  session: Pick<SessionRow, 'userId' | 'refreshHash' | 'createdAt' | 'expiresAt'> &
    Partial<Pick<SessionRow, 'userAgent' | 'address'>>,
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ ...session, refreshedAt: session.createdAt })
    .returning();
  if (row === undefined) throw new Error('insert into sessions returned nothing');
  return row;
}

export async function findSessionByRefreshHash(db: Executor, hash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.refreshHash, hash)).limit(1);
  return row;
}

export async function findSessionByPreviousHash(db: Executor, hash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.previousRefreshHash, hash)).limit(1);
  return row;
}

/**
 * Replaces a live session's refresh hash, only if it is still `from` (two refreshes racing with one token: one
 * wins, the other finds nothing). Returns the updated row, or undefined when it lost.
 */
export async function rotateRefreshHash(
  db: Executor,
  sessionId: string,
  from: string,
  to: string,
  now: Date,
  address?: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ refreshHash: to, previousRefreshHash: from, refreshedAt: now, ...(address ? { address } : {}) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, from), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except one when given (the caller's own). */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
      ),
    );
}
