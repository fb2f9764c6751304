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
  /** Everyone acting in it but its owner must have two-factor sign-in on (migration 0012). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
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
    /** The venues the role is narrowed to; null: all of them. */
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
    /** The venues the role will be narrowed to; null: all of them (migration 0012). */
    venueIds: jsonb('venue_ids').$type<string[]>(),
  },
  (t) => [index('invitations_organisation_id_idx').on(t.organisationId)],
);

/** The roles a grant gives (never owner). */
export const GRANT_ROLES = ['admin', 'technician', 'operator', 'viewer'] as const;

/**
 * An integrator grant (migration 0012): the organisation lets the members of another one act in it with a role (capped
 * by theirs there) on some venues until `expiresAt`; revoked or expired, it gives nothing.
 */
export const orgGrants = pgTable(
  'org_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The granting organisation (whose data). */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The integrator organisation. */
    granteeOrganisationId: uuid('grantee_organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GRANT_ROLES }).notNull(),
    /** Never empty: a grant is always narrowed to venues. */
    venueIds: jsonb('venue_ids').$type<string[]>().notNull(),
    expiresAt: time('expires_at').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    index('org_grants_organisation_id_idx').on(t.organisationId),
    index('org_grants_grantee_organisation_id_idx').on(t.granteeOrganisationId),
    index('org_grants_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} IS NULL`),
    check('org_grants_role_check', sql`${t.role} in ('admin', 'technician', 'operator', 'viewer')`),
    check('org_grants_not_self_check', sql`${t.organisationId} <> ${t.granteeOrganisationId}`),
  ],
);
