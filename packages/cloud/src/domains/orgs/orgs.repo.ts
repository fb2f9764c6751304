/** The organisations domain's SQL: organisations, memberships, invitations, and who may reach an amp (issue 21). */
import { can, type MemberRole, type OrgRole, type Permission } from '@rackside/protocol';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { devices, invitations, memberships, organisations, twoFactor, users, venues } from '../../db/schema/index';
import { grantStanding } from '../../plugins/venue-scope';

export type OrganisationRow = typeof organisations.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

/** A member as the members list shows it. */
export interface MemberRow {
  readonly userId: string;
  readonly email: string;
  readonly role: OrgRole;
  readonly venueIds: string[] | null;
  readonly createdAt: Date;
}

/**
 * The account's personal organisation, made (with the owner's membership) when it has none yet: migration 0009 made
 * one for every account that existed; an account made since gets its own on first need.
 */
export async function ensurePersonalOrganisation(db: Executor, userId: string, now: Date): Promise<OrganisationRow> {
  const [found] = await db.select().from(organisations).where(eq(organisations.ownerUserId, userId)).limit(1);
  if (found !== undefined) return found;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (owner === undefined) throw new Error('ensurePersonalOrganisation: no such user');
  await db
    .insert(organisations)
    .values({ ownerUserId: userId, name: owner.email, personal: true, createdAt: now })
    .onConflictDoNothing({ target: organisations.ownerUserId });
  const [org] = await db.select().from(organisations).where(eq(organisations.ownerUserId, userId)).limit(1);
  if (org === undefined) throw new Error('ensurePersonalOrganisation: not made');
  await db
    .insert(memberships)
    .values({ organisationId: org.id, userId, role: 'owner', createdAt: now })
    .onConflictDoNothing({ target: [memberships.organisationId, memberships.userId] });
  return org;
}

/** The organisations the user is a member of (not the personal one), with the user's role and the owner's e-mail. */
export function memberOrganisations(db: Executor, userId: string) {
  const owner = alias(users, 'owner');
  return db
    .select({
      organisationId: organisations.id,
      name: organisations.name,
      personal: organisations.personal,
      ownerUserId: organisations.ownerUserId,
      ownerEmail: owner.email,
      role: memberships.role,
      venueIds: memberships.venueIds,
      requireTwoFactor: organisations.requireTwoFactor,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(owner, eq(owner.id, organisations.ownerUserId))
    .where(and(eq(memberships.userId, userId), ne(organisations.ownerUserId, userId)))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

const memberColumns = {
  userId: memberships.userId,
  email: users.email,
  role: memberships.role,
  venueIds: memberships.venueIds,
  createdAt: memberships.createdAt,
};

/** The organisation's members, the owner first, then by e-mail. */
export function listMembers(db: Executor, organisationId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(sql`${memberships.role} <> 'owner'`, asc(sql`lower(${users.email})`));
}

/** One member, or undefined. */
export async function findMember(db: Executor, organisationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Whether an address (any case) is already a member's. */
export async function isMemberEmail(db: Executor, organisationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

/**
 * Changes a member's role and, unless undefined, the venues it is narrowed to (null: all); never the owner's (the
 * caller checked, the WHERE makes sure).
 */
export async function setMemberRole(
  db: Executor,
  organisationId: string,
  userId: string,
  role: MemberRole,
  venueIds?: string[] | null,
): Promise<boolean> {
  const rows = await db
    .update(memberships)
    .set(venueIds === undefined ? { role } : { role, venueIds })
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.userId, userId),
        ne(memberships.role, 'owner'),
      ),
    )
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** Removes a member; never the owner. */
export async function deleteMember(db: Executor, organisationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.userId, userId),
        ne(memberships.role, 'owner'),
      ),
    )
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** Adds a member (an accepted invitation), narrowed to venues or not; a member already keeps the role it has. */
export async function addMember(
  db: Executor,
  organisationId: string,
  userId: string,
  role: MemberRole,
  now: Date,
  venueIds: string[] | null = null,
): Promise<void> {
  await db
    .insert(memberships)
    .values({ organisationId, userId, role, venueIds, createdAt: now })
    .onConflictDoNothing({ target: [memberships.organisationId, memberships.userId] });
}

/** Stores an invitation, withdrawing the pending ones to the same address (the new link replaces them). */
export async function insertInvitation(
  db: Executor,
  row: Omit<typeof invitations.$inferInsert, 'id' | 'acceptedAt'>,
): Promise<InvitationRow> {
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.organisationId, row.organisationId),
        sql`lower(${invitations.email}) = lower(${row.email})`,
        isNull(invitations.acceptedAt),
      ),
    );
  const [stored] = await db.insert(invitations).values(row).returning();
  if (stored === undefined) throw new Error('insert into invitations returned nothing');
  return stored;
}

/** The pending invitations (not accepted, not expired), newest first, with the inviter's address. */
export function pendingInvitations(db: Executor, organisationId: string, now: Date) {
  return db
    .select({ invitation: invitations, invitedBy: users.email })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt), asc(invitations.id));
}

/** Withdraws a pending invitation of the organisation. */
export async function deleteInvitation(
  db: Executor,
  organisationId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organisationId, organisationId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning();
  return row;
}

/** Marks the pending, unexpired invitation with this token digest accepted (once); undefined when there is none. */
export async function spendInvitation(db: Executor, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning();
  return row;
}

/** The pending invitation with this token digest (to check its address before spending it). */
export async function findPendingInvitation(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row;
}

/** An organisation by id, with its owner's e-mail. */
export async function findOrganisation(db: Executor, organisationId: string) {
  const [row] = await db
    .select({ organisation: organisations, ownerEmail: users.email })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.ownerUserId))
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row;
}

/**
 * The amp when the user holds the permission for it: its owner, or someone acting in the owner's organisation — a
 * member, or a member of an integrator organisation with a live grant (the lower role, the grant's venues) — whose
 * role holds it, whose venues (when narrowed) include the amp's, and who has two-factor on when the organisation
 * requires it. The relay's admission check and its rechecks (remote.service.ts): the same rules as the policy hook.
 */
export async function findDeviceWith(
  db: Executor,
  userId: string,
  deviceId: string,
  permission: Permission,
  now: Date = new Date(),
): Promise<{ id: string; connected: boolean } | undefined> {
  const [row] = await db
    .select({
      id: devices.id,
      connected: devices.connected,
      ownerId: devices.userId,
      venueId: devices.venueId,
      organisationId: organisations.id,
      requireTwoFactor: organisations.requireTwoFactor,
      role: memberships.role,
      venueIds: memberships.venueIds,
      twoFactorAt: twoFactor.enabledAt,
    })
    .from(devices)
    .innerJoin(venues, and(eq(venues.id, devices.venueId), eq(venues.userId, devices.userId)))
    .leftJoin(organisations, eq(organisations.ownerUserId, devices.userId))
    .leftJoin(memberships, and(eq(memberships.organisationId, organisations.id), eq(memberships.userId, userId)))
    .leftJoin(twoFactor, eq(twoFactor.userId, userId))
    .where(eq(devices.id, deviceId))
    .limit(1);
  if (row === undefined) return undefined;
  const found = { id: row.id, connected: row.connected };
  if (row.ownerId === userId) return found;
  if (row.organisationId === null) return undefined;
  if (row.requireTwoFactor === true && (row.twoFactorAt === null || row.twoFactorAt === undefined)) return undefined;
  const standing =
    row.role !== null
      ? { role: row.role, venueIds: row.venueIds }
      : await grantStanding(db, row.organisationId, userId, now);
  if (standing === undefined) return undefined;
  const reachable =
    can(standing.role, permission) && (standing.venueIds === null || standing.venueIds.includes(row.venueId));
  return reachable ? found : undefined;
}
