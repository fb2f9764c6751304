/**
 * WebAuthn passkeys (issue 21, docs/adr/0009-passkeys.md): a user's credentials and the challenges of ceremonies in
 * progress. Challenges live in the database, not in a node's memory, so that the options from one cloud node verify
 * on any other, and each is spent once (deleted as it is checked).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { twoFactorChallenges, users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One passkey: the credential id and COSE public key the authenticator gave at registration (base64url). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn credential id (base64url): unique across accounts, so that an assertion names one passkey. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter after the last use (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator ('internal', 'usb', 'hybrid'…), as it reported them. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/** What a ceremony's challenge is for. */
export const PASSKEY_CEREMONIES = ['registration', 'second_factor', 'passwordless'] as const;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

/**
 * A ceremony in progress: the challenge the options carried (random, 32 bytes, base64url), for whom (none for a
 * passwordless sign-in) and, for a second factor, the password step's sign-in challenge it belongs to.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull().unique(),
    ceremony: text('ceremony', { enum: PASSKEY_CEREMONIES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signInChallengeId: uuid('sign_in_challenge_id').references(() => twoFactorChallenges.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_at_idx').on(t.expiresAt),
    check('passkey_challenges_ceremony_check', sql`${t.ceremony} in ('registration', 'second_factor', 'passwordless')`),
  ],
);
