/** The SQL of integrator grants and the organisation's security settings (issue 21, migration 0012). */
import { and, asc, eq, gt, inArray, isNull, lte, min, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { memberships, organisations, orgGrants, twoFactor, users, venues } from '../../db/schema/index';

export type GrantRow = typeof orgGrants.$inferSelect;

/** A live grant as the owner's list shows it: the integrator's name and owner, who granted. */
export interface GrantView {
  readonly grant: GrantRow;
  readonly integratorName: string;
  readonly integratorEmail: string;
  readonly createdBy: string;
}

/** The organisation whose owner has this address (any case), or undefined. */
export async function ownerIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id;
}

/** Whether an organisation with this id exists. */
export async function organisationExists(db: Executor, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row !== undefined;
}

/** Which of these venue ids are the owner's. */
export async function ownedVenueIds(db: Executor, ownerId: string, venueIds: readonly string[]): Promise<Set<string>> {
  if (venueIds.length === 0) return new Set();
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.userId, ownerId), inArray(venues.id, [...venueIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Stores a grant; a live grant of the same organisation to the same integrator ends (revoked now): a new grant
 * replaces it. Returns the stored row.
 */
export async function insertGrant(
  db: Executor,
  row: Omit<typeof orgGrants.$inferInsert, 'id' | 'revokedAt'>,
): Promise<GrantRow> {
  await db
    .update(orgGrants)
    .set({ revokedAt: row.createdAt })
    .where(
      and(
        eq(orgGrants.organisationId, row.organisationId),
        eq(orgGrants.granteeOrganisationId, row.granteeOrganisationId),
        isNull(orgGrants.revokedAt),
        gt(orgGrants.expiresAt, row.createdAt),
      ),
    );
  const [stored] = await db.insert(orgGrants).values(row).returning();
  if (stored === undefined) throw new Error('insert into org_grants returned nothing');
  return stored;
}

/** The organisation's live grants (neither revoked nor expired), the soonest to end first. */
export function liveGrants(db: Executor, organisationId: string, now: Date): Promise<GrantView[]> {
  const integrator = alias(organisations, 'integrator');
  const integratorOwner = alias(users, 'integrator_owner');
  const granter = alias(users, 'granter');
  return db
    .select({
      grant: orgGrants,
      integratorName: integrator.name,
      integratorEmail: integratorOwner.email,
      createdBy: granter.email,
    })
    .from(orgGrants)
    .innerJoin(integrator, eq(integrator.id, orgGrants.granteeOrganisationId))
    .innerJoin(integratorOwner, eq(integratorOwner.id, integrator.ownerUserId))
    .innerJoin(granter, eq(granter.id, orgGrants.createdBy))
    .where(and(eq(orgGrants.organisationId, organisationId), isNull(orgGrants.revokedAt), gt(orgGrants.expiresAt, now)))
    .orderBy(asc(orgGrants.expiresAt), asc(orgGrants.id));
}

/** Revokes a live grant of the organisation; the integrator organisation's id, or undefined when there was none. */
export async function revokeGrant(
  db: Executor,
  organisationId: string,
  grantId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(orgGrants)
    .set({ revokedAt: now })
    .where(
      and(
        eq(orgGrants.id, grantId),
        eq(orgGrants.organisationId, organisationId),
        isNull(orgGrants.revokedAt),
        gt(orgGrants.expiresAt, now),
      ),
    )
    .returning({ granteeOrganisationId: orgGrants.granteeOrganisationId });
  return row?.granteeOrganisationId;
}

/** Everyone of these organisations (owners and members): whose access a grant gave. */
export async function peopleOf(db: Executor, organisationIds: readonly string[]): Promise<string[]> {
  if (organisationIds.length === 0) return [];
  const [members, owners] = await Promise.all([
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(inArray(memberships.organisationId, [...organisationIds])),
    db
      .select({ userId: organisations.ownerUserId })
      .from(organisations)
      .where(inArray(organisations.id, [...organisationIds])),
  ]);
  return [...new Set([...members, ...owners].map((r) => r.userId))];
}

/** The integrator organisations of the organisation's live grants. */
export async function granteesOf(db: Executor, organisationId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orgGrants.granteeOrganisationId })
    .from(orgGrants)
    .where(
      and(eq(orgGrants.organisationId, organisationId), isNull(orgGrants.revokedAt), gt(orgGrants.expiresAt, now)),
    );
  return rows.map((r) => r.id);
}

/** The integrator organisations of grants (not revoked) that ended in (from, to]. */
export async function expiredBetween(db: Executor, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orgGrants.granteeOrganisationId })
    .from(orgGrants)
    .where(and(isNull(orgGrants.revokedAt), gt(orgGrants.expiresAt, from), lte(orgGrants.expiresAt, to)));
  return rows.map((r) => r.id);
}

/** When the next live grant ends (after `now`), or undefined. */
export async function nextExpiry(db: Executor, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(orgGrants.expiresAt) })
    .from(orgGrants)
    .where(and(isNull(orgGrants.revokedAt), gt(orgGrants.expiresAt, now)));
  return row?.at ?? undefined;
}

/**
 * The live grants to organisations the user belongs to (owner or member), of organisations the user is neither the
 * owner nor a member of, with the user's role in the integrator organisation: GET /orgs lists them "via grant".
 */
export function grantsReaching(db: Executor, userId: string, now: Date) {
  const granting = alias(organisations, 'granting');
  const grantee = alias(organisations, 'grantee');
  const owner = alias(users, 'owner');
  const direct = alias(memberships, 'direct');
  return db
    .select({
      grant: orgGrants,
      organisationId: granting.id,
      name: granting.name,
      personal: granting.personal,
      ownerEmail: owner.email,
      requireTwoFactor: granting.requireTwoFactor,
      granteeOwnerId: grantee.ownerUserId,
      memberRole: memberships.role,
    })
    .from(orgGrants)
    .innerJoin(granting, eq(granting.id, orgGrants.organisationId))
    .innerJoin(owner, eq(owner.id, granting.ownerUserId))
    .innerJoin(grantee, eq(grantee.id, orgGrants.granteeOrganisationId))
    .leftJoin(memberships, and(eq(memberships.organisationId, grantee.id), eq(memberships.userId, userId)))
    .leftJoin(direct, and(eq(direct.organisationId, granting.id), eq(direct.userId, userId)))
    .where(
      and(
        isNull(orgGrants.revokedAt),
        gt(orgGrants.expiresAt, now),
        ne(granting.ownerUserId, userId),
        isNull(direct.id),
        sql`(${memberships.id} is not null or ${grantee.ownerUserId} = ${userId})`,
      ),
    )
    .orderBy(asc(granting.name), asc(granting.id));
}

/** Whether the user has two-factor sign-in on (a confirmed TOTP). */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  return row?.enabledAt !== null && row?.enabledAt !== undefined;
}

/** The organisation's security settings. */
export async function requiresTwoFactor(db: Executor, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoFactor: organisations.requireTwoFactor })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row?.requireTwoFactor ?? false;
}

/** Sets whether the organisation requires two-factor sign-in. */
export async function setRequireTwoFactor(db: Executor, organisationId: string, value: boolean): Promise<void> {
  await db.update(organisations).set({ requireTwoFactor: value }).where(eq(organisations.id, organisationId));
}
