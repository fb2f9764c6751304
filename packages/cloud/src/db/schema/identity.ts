/** Identity tables: users, their sessions (refresh tokens) and their one-time codes. Times come from the app clock. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A cloud account. `email` keeps the case it was typed in; uniqueness and look-ups use lower(email). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Sign-up confirmed with the e-mailed code; until then sign-in answers UserNotConfirmed. */
    confirmed: boolean('confirmed').notNull().default(false),
    /** The current email proved by a code (false again after an email change until it is verified). */
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/**
 * One signed-in session (a device or browser): the hash of its current refresh token, rotated on every refresh.
 * The id and access tokens name the session (`sid`), so revoking it ends them too.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull().unique(),
    /** The refresh token this one replaced: presenting it again means it leaked, and the session is revoked. */
    previousRefreshHash: text('previous_refresh_hash'),
    createdAt: time('created_at').notNull(),
    refreshedAt: time('refreshed_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    /** The client's User-Agent at sign-in (cut to 512 characters), for the sessions page (issue 21). */
    userAgent: text('user_agent').notNull().default(''),
    /** The client address at sign-in or at the last refresh. */
    address: text('address').notNull().default(''),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_previous_refresh_hash_idx').on(t.previousRefreshHash),
  ],
);

/** What a code proves. */
export const CODE_PURPOSES = ['sign_up', 'reset_password', 'verify_email'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The one live code per user and purpose, stored as a keyed hash; a resend replaces it. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    // A surrogate key, not primary key (user_id, purpose): db:generate cannot introspect composite primary keys.
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address the code went to: a verify-email code proves this address and no other. */
    destination: text('destination').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('verification_codes_user_purpose_key').on(t.userId, t.purpose),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('sign_up', 'reset_password', 'verify_email')`),
  ],
);

/**
 * A user's TOTP second factor (issue 21). `enabledAt` null: an enrolment started and not confirmed yet (sign-in does
 * not ask for a code). `lastUsedStep` is the 30 s time step of the last accepted code: a code is accepted only for a
 * later step, so each code works once. The secret is stored as is (docs/security.md "Two-factor sign-in").
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: time('enabled_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: time('created_at').notNull(),
});

/** One-time recovery codes (argon2id hashes, as passwords); a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: time('used_at'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** A sign-in waiting for its second factor: the SHA-256 of a random token, short-lived, single use, few tries. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
);
