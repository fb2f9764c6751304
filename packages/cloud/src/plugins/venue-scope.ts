/**
 * Venue narrowing (issue 21, docs/adr/0008-organisations-and-roles.md): a member narrowed to some venues, or an
 * integrator's member acting through a grant, reaches nothing outside those venues. The policy hook calls
 * `keepInVenues` on every route with a permission once the request is validated: an id of a venue, an amp, an incident
 * or a rollout outside them answers 404 NotFound, exactly as another organisation's would; a narrowed role adds no
 * venue. The listings filter with `AuthUser.venueIds` in their services. Contacts and the firmware library belong to
 * the whole organisation and are not narrowed.
 */
import { ORG_ROLES, type MemberRole, type Permission } from '@rackside/protocol';
import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import {
  devices,
  incidents,
  memberships,
  organisations,
  orgGrants,
  rolloutTargets,
  rollouts,
} from '../db/schema/index';
import { AppError } from './errors';

/** What keepInVenues needs of the actor. */
interface NarrowedActor {
  readonly ownerId: string;
  readonly venueIds: readonly string[] | null;
}

/** The lower of two roles (ORG_ROLES lists the most powerful first). */
export const lowerRole = <R extends string>(a: R, b: string): R =>
  (ORG_ROLES.indexOf(b as never) > ORG_ROLES.indexOf(a as never) ? b : a) as R;

/** A user's standing in an organisation through an integrator grant. */
export interface GrantStanding {
  readonly grantId: string;
  /** The lower of the granted role and the user's role in the integrator organisation. */
  readonly role: MemberRole;
  readonly venueIds: string[];
  readonly expiresAt: Date;
}

/**
 * The live grant (neither revoked nor expired at `now`) of the organisation to an organisation the user belongs to;
 * with several, the one giving the highest role (then the one lasting longest). Undefined when there is none.
 */
export async function grantStanding(
  db: Executor,
  organisationId: string,
  userId: string,
  now: Date,
): Promise<GrantStanding | undefined> {
  const grantee = alias(organisations, 'grantee');
  const rows = await db
    .select({
      grantId: orgGrants.id,
      role: orgGrants.role,
      venueIds: orgGrants.venueIds,
      expiresAt: orgGrants.expiresAt,
      memberRole: memberships.role,
      granteeOwner: grantee.ownerUserId,
    })
    .from(orgGrants)
    .innerJoin(grantee, eq(grantee.id, orgGrants.granteeOrganisationId))
    .leftJoin(memberships, and(eq(memberships.organisationId, grantee.id), eq(memberships.userId, userId)))
    .where(
      and(
        eq(orgGrants.organisationId, organisationId),
        isNull(orgGrants.revokedAt),
        gt(orgGrants.expiresAt, now),
        or(isNotNull(memberships.id), eq(grantee.ownerUserId, userId)),
      ),
    );
  const standings = rows.map((r) => ({
    grantId: r.grantId,
    role: lowerRole(r.role, r.granteeOwner === userId ? 'owner' : (r.memberRole ?? 'viewer')),
    venueIds: r.venueIds,
    expiresAt: r.expiresAt,
  }));
  standings.sort(
    (a, b) => ORG_ROLES.indexOf(a.role) - ORG_ROLES.indexOf(b.role) || b.expiresAt.getTime() - a.expiresAt.getTime(),
  );
  return standings[0];
}

const notFound = (what: string) => new AppError('NotFound', `No such ${what}`);

const idsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

/**
 * 404 NotFound when the request names (in its path, query or body) a venue, an amp, an incident or a rollout outside the
 * actor's venues; 403 Forbidden when a narrowed role would add a venue (it could never see it).
 */
export async function keepInVenues(
  db: Db,
  actor: NarrowedActor,
  permission: Permission,
  request: FastifyRequest,
): Promise<void> {
  if (actor.venueIds === null) return;
  const allowed = new Set(actor.venueIds.map((id) => id.toLowerCase()));
  const outside = (venueId: string) => !allowed.has(venueId.toLowerCase());
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = request.body;
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;

  if (permission === 'venue.write' && params.venueId === undefined)
    throw new AppError('Forbidden', 'Your access is limited to some venues: you may not add venues');
  if ([...idsIn(params.venueId), ...idsIn(query.venueId), ...idsIn(body.venueId)].some(outside))
    throw notFound('venue');

  const deviceIds = [...idsIn(params.deviceId), ...idsIn(body.deviceIds)];
  if (deviceIds.length > 0) {
    const rows = await db
      .select({ venueId: devices.venueId })
      .from(devices)
      .where(and(eq(devices.userId, actor.ownerId), inArray(devices.id, deviceIds)));
    if (rows.some((r) => outside(r.venueId))) throw notFound('device');
  }
  const incidentIds = idsIn(params.incidentId);
  if (incidentIds.length > 0) {
    const rows = await db
      .select({ venueId: incidents.venueId })
      .from(incidents)
      .where(and(eq(incidents.userId, actor.ownerId), inArray(incidents.id, incidentIds)));
    if (rows.some((r) => outside(r.venueId))) throw notFound('incident');
  }
  const rolloutIds = idsIn(params.rolloutId);
  if (rolloutIds.length > 0 && !(await rolloutsWithin(db, actor.ownerId, rolloutIds, outside)))
    throw notFound('rollout');
}

/** Whether every amp of the rollouts is in the venues (a rollout touching another venue is not the actor's). */
async function rolloutsWithin(
  db: Executor,
  ownerId: string,
  rolloutIds: string[],
  outside: (venueId: string) => boolean,
): Promise<boolean> {
  const rows = await db
    .select({ venueId: devices.venueId })
    .from(rolloutTargets)
    .innerJoin(rollouts, eq(rollouts.id, rolloutTargets.rolloutId))
    .innerJoin(devices, eq(devices.id, rolloutTargets.deviceId))
    .where(and(eq(rollouts.userId, ownerId), inArray(rolloutTargets.rolloutId, rolloutIds)));
  return !rows.some((r) => outside(r.venueId));
}

/** The rollouts (of these ids) whose every amp is in the venues: the rollouts list of a narrowed role. */
export async function rolloutIdsWithin(
  db: Executor,
  ownerId: string,
  rolloutIds: readonly string[],
  venueIds: readonly string[],
): Promise<Set<string>> {
  if (rolloutIds.length === 0) return new Set();
  const allowed = new Set(venueIds.map((id) => id.toLowerCase()));
  const rows = await db
    .select({ rolloutId: rolloutTargets.rolloutId, venueId: devices.venueId })
    .from(rolloutTargets)
    .innerJoin(rollouts, eq(rollouts.id, rolloutTargets.rolloutId))
    .innerJoin(devices, eq(devices.id, rolloutTargets.deviceId))
    .where(and(eq(rollouts.userId, ownerId), inArray(rolloutTargets.rolloutId, [...rolloutIds])));
  const within = new Set(rolloutIds);
  for (const r of rows) if (!allowed.has(r.venueId.toLowerCase())) within.delete(r.rolloutId);
  return within;
}

/** The rollouts a caller sees: all of them, or for a role narrowed to venues those whose every amp is in them. */
export async function visibleRollouts<T extends { readonly id: string }>(
  db: Executor,
  caller: { readonly id: string; readonly venueIds?: readonly string[] },
  rows: readonly T[],
): Promise<T[]> {
  if (caller.venueIds === undefined) return [...rows];
  const within = await rolloutIdsWithin(
    db,
    caller.id,
    rows.map((r) => r.id),
    caller.venueIds,
  );
  return rows.filter((r) => within.has(r.id));
}

/** Whether a venue is within the caller's (absent: every venue). */
export const venueAllowed = (venueIds: readonly string[] | undefined, venueId: string): boolean =>
  venueIds === undefined || venueIds.some((id) => id.toLowerCase() === venueId.toLowerCase());
