/**
 * Authorisation in one place (issue 21, docs/adr/0008-organisations-and-roles.md). Every route of every domain
 * declares what it needs in its options, `config: { permission }`: a permission of the policy table
 * (@rackside/protocol cloud/policy.ts), `self` (the caller's own account) or `public` (no bearer). A domain route
 * without one stops the app from starting. For a permission, one onRequest hook (after the route's authentication,
 * before the body is read) resolves the organisation the request acts in — the `X-Rackside-Org` header, else the
 * caller's personal organisation — and answers 403 Forbidden when the caller's role there lacks the permission.
 * Allowed, `currentUser(request).id` becomes the organisation owner's id, so that every repository keeps scoping its
 * rows by owner; `actorId` keeps the signed-in account.
 */
import { can, ORG_HEADER, type OrgRole, type Permission, type RouteAccess } from '@rackside/protocol';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db, Executor } from '../db/client';
import { memberships, organisations, twoFactor } from '../db/schema/index';
import { currentUser, type AuthUser } from './auth';
import { AppError } from './errors';
import { grantStanding, keepInVenues } from './venue-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs (src/plugins/policy.ts); every domain route declares it. */
    permission?: RouteAccess;
    /**
     * `route`: the route checks the permission itself, with a credential of its own (the relay's: remote.service.ts
     * admit), so the hook does not; the permission is still declared here, for the table and its tests.
     */
    permissionCheckedBy?: 'route';
  }
  interface FastifyRequest {
    /** Set by the policy hook on routes that declare a permission; null elsewhere. */
    actor: Actor | null;
  }
}

/** Who acts, in which organisation, with which role. */
export interface Actor {
  /** The signed-in account. */
  readonly userId: string;
  /** The organisation named by the header; undefined for the caller's personal organisation (not looked up). */
  readonly organisationId: string | undefined;
  /** The account whose rows the request reads and writes. */
  readonly ownerId: string;
  readonly role: OrgRole;
  /** The venues the role is narrowed to; null: all. */
  readonly venueIds: readonly string[] | null;
  /** The integrator grant the caller acts through (not a membership); undefined for members and owners. */
  readonly grantId?: string;
  /** The organisation requires two-factor sign-in and the caller has not turned it on (403 TWO_FACTOR_REQUIRED). */
  readonly twoFactorMissing?: boolean;
}

/** What the 403 says a role may not do, per permission. */
const PHRASES: Record<Permission, string> = {
  'venue.read': 'see venues and amps',
  'venue.write': 'add, rename or delete venues',
  'device.add': 'add amps',
  'device.move': 'move amps',
  'device.remove': 'remove amps',
  'remote.control': 'control amps remotely',
  'remote.mute': 'mute amps',
  'firmware.read': 'see firmware',
  'firmware.manage': 'change the firmware library',
  'firmware.update': 'update firmware',
  'contact.read': 'see contacts',
  'contact.write': 'change contacts or notification settings',
  'incident.read': 'see incidents',
  'incident.ack': 'acknowledge incidents',
  'member.read': 'see members',
  'member.manage': 'manage members',
  'audit.read': 'see the audit log',
  'grant.manage': 'manage integrator access',
  'org.security': "change the organisation's security settings",
};

/** The actor of a route with a permission; throws on a route without one (a programming error). */
export function currentActor(request: FastifyRequest): Actor {
  if (request.actor === null) throw new AppError('Unauthorized', 'Sign in first');
  return request.actor;
}

/** The 403 of a role without the permission. */
export const forbidden = (role: OrgRole, permission: Permission): AppError =>
  new AppError('Forbidden', `Your role (${role}) may not ${PHRASES[permission]} in this organisation`);

const OrgIdSchema = z.uuid();

/** The organisation a request names in its header, or undefined; 400 when the header is no organisation id. */
export function requestedOrganisation(request: FastifyRequest): string | undefined {
  const value = request.headers[ORG_HEADER];
  if (value === undefined) return undefined;
  const parsed = OrgIdSchema.safeParse(typeof value === 'string' ? value.trim() : undefined);
  if (!parsed.success) throw new AppError('ValidationError', `${ORG_HEADER}: an organisation id (a UUID), once`);
  return parsed.data.toLowerCase();
}

/** The 403 of a caller without two-factor sign-in in an organisation that requires it. */
export const twoFactorRequired = (): AppError =>
  new AppError(
    'TWO_FACTOR_REQUIRED',
    'This organisation requires two-factor sign-in: turn it on in your profile (Two-factor sign-in), then try again',
  );

/**
 * The caller's standing in the organisation (the personal one when undefined): owner, member, or a member of an
 * integrator organisation with a live grant (the lower of both roles, the grant's venues); 404 NotFound otherwise, as
 * for an organisation that does not exist. A direct membership wins over a grant.
 */
export async function resolveActor(
  db: Executor,
  user: Pick<AuthUser, 'id'>,
  organisationId: string | undefined,
  now: Date,
): Promise<Actor> {
  if (organisationId === undefined)
    return { userId: user.id, organisationId, ownerId: user.id, role: 'owner', venueIds: null };
  const [row] = await db
    .select({
      ownerId: organisations.ownerUserId,
      requireTwoFactor: organisations.requireTwoFactor,
      role: memberships.role,
      venueIds: memberships.venueIds,
      twoFactorAt: twoFactor.enabledAt,
    })
    .from(organisations)
    .leftJoin(memberships, and(eq(memberships.organisationId, organisations.id), eq(memberships.userId, user.id)))
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(organisations.id, organisationId))
    .limit(1);
  if (row === undefined) throw new AppError('NotFound', 'No such organisation');
  // the owner is the owner, whatever its membership row says (or whether it has one yet)
  if (row.ownerId === user.id)
    return { userId: user.id, organisationId, ownerId: user.id, role: 'owner', venueIds: null };
  // two-factor on is TOTP on: a passkey alone does not make the password ask a second factor (docs/adr/0009-passkeys.md)
  const twoFactorMissing = row.requireTwoFactor && (row.twoFactorAt === null || row.twoFactorAt === undefined);
  const base = { userId: user.id, organisationId, ownerId: row.ownerId, twoFactorMissing };
  if (row.role !== null) return { ...base, role: row.role, venueIds: row.venueIds };
  const grant = await grantStanding(db, organisationId, user.id, now);
  if (grant === undefined) throw new AppError('NotFound', 'No such organisation');
  return { ...base, role: grant.role, venueIds: grant.venueIds, grantId: grant.grantId };
}

/** Method and path (with the API prefix, `:name` parameters) of each route, and what it declared. */
export type RoutePolicy = ReadonlyMap<string, RouteAccess>;

/** A route's key in the RoutePolicy map: `PUT /api/devices/:deviceId/relocate`. */
export const routeKey = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** What every domain route declared (the matrix test walks it); filled as the routes register. */
    routePolicy: RoutePolicy;
  }
}

/** Decorates the app with `routePolicy` and `request.actor`; returns `guard`, for the domains' onRoute hook. */
export function registerPolicy(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
): { guard: (route: RouteOptions) => void } {
  const table = new Map<string, RouteAccess>();
  app.decorate('routePolicy', table);
  app.decorateRequest('actor', null);

  const check = (permission: Permission) => async (request: FastifyRequest) => {
    const user = currentUser(request);
    const actor = await resolveActor(deps.db, user, requestedOrganisation(request), deps.clock.now());
    if (!can(actor.role, permission)) throw forbidden(actor.role, permission);
    if (actor.twoFactorMissing === true) throw twoFactorRequired();
    request.actor = actor;
    if (actor.ownerId !== user.id)
      request.user = {
        ...user,
        id: actor.ownerId,
        actorId: user.id,
        ...(actor.venueIds === null ? {} : { venueIds: actor.venueIds }),
      };
  };

  /** A role narrowed to venues reaches nothing outside them (after validation: the ids are well formed). */
  const narrowed = (permission: Permission) => async (request: FastifyRequest) => {
    const actor = request.actor;
    if (actor === null || actor.venueIds === null) return;
    await keepInVenues(deps.db, actor, permission, request);
  };

  /** Records the route's declaration and adds its check; throws (the app does not start) when it declares none. */
  const guard = (route: RouteOptions): void => {
    const access = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined)
      throw new Error(
        `${methods.join(',')} ${route.url}: no permission declared (config.permission: a permission of the ` +
          "policy table, 'self' or 'public'; docs/adr/0008-organisations-and-roles.md)",
      );
    for (const method of methods) table.set(routeKey(method, route.url), access);
    if (access === 'self' || access === 'public' || route.config?.permissionCheckedBy === 'route') return;
    const hooks =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // after the route's own authentication (scope hooks run before route hooks, route hooks in order)
    route.onRequest = [...hooks, check(access)];
    const handlers =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [narrowed(access), ...handlers];
  };
  return { guard };
}
