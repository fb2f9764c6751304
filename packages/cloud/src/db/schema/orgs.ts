/**
 * Organisations and roles (issue 21, docs/adr/0008-organisations-and-roles.md). An organisation is the data of one
 * owner account: the rows of every other table stay owned by that account's user id, so nothing else moved. Each
 * account has its personal organisation (made by migration 0009 for existing accounts, on first need for new ones).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One organisation: the account whose data it is (one organisation per account). */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The owner's own organisation (every one today; kept for organisations that are no person's). */
  personal: boolean('personal').notNull().default(true),
  createdAt: time('created_at').notNull(),
});

/** The roles of memberships.role (protocol ORG_ROLES). */
export const MEMBERSHIP_ROLES = ['owner', 'admin', 'technician', 'operator', 'viewer'] as const;

/** A user's role in an organisation; the owner has one too (role owner, unique per organisation). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull(),
    /** The venues the role is narrowed to; null: all of them (not settable through the API yet). */
    venueIds: jsonb('venue_ids').$type<string[]>(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('memberships_organisation_user_key').on(t.organisationId, t.userId),
    index('memberships_user_id_idx').on(t.userId),
    // issue 21: an organisation has one owner
    uniqueIndex('memberships_owner_key')
      .on(t.organisationId)
      .where(sql`${t.role} = 'owner'`),
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'technician', 'operator', 'viewer')`),
  ],
);

/** An invitation by e-mail: the SHA-256 of its single-use token, 7 days (protocol INVITATION_TTL_S). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** As typed (trimmed); matched case-insensitively against the accepting account's address. */
    email: text('email').notNull(),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    acceptedAt: time('accepted_at'),
  },
  (t) => [index('invitations_organisation_id_idx').on(t.organisationId)],
);
