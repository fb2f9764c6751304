/**
 * The policy matrix (issue 21, docs/adr/0008-organisations-and-roles.md), generated: every route of the OpenAPI
 * document × every organisation role. An owner holds one of every object (accounts.ts createOwner); one member per
 * role is invited into the owner's organisation; each calls each route acting in it (the X-Rackside-Org header) with
 * real ids and a schema-valid body. A role the policy table (@rackside/protocol cloud/policy.ts) does not give the
 * route's permission must answer 403 Forbidden; a role it gives must not (it may answer 2xx, 400, 404, 409...).
 * `self` routes ignore the organisation: no role gets 403. Public routes have no bearer and are not in the matrix;
 * the test checks that what each route declared agrees with its OpenAPI security. A failure lists, per role, what
 * the route answered ('allowed', '403' or a 5xx status) beside what the table wants.
 */
import { buildFirmwareImage } from '@rackside/amp-sim';
import fc from 'fast-check';
import {
  can,
  IDENTITY_PATHS,
  ORG_HEADER,
  ORG_ROLES,
  PERMISSIONS,
  type ErrorBody,
  type MemberRole,
  type OrgRole,
  type RouteAccess,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routeKey } from '../plugins/policy';
import { buildTestApp, type TestApp } from '../test/app';
import { FakeBroker } from '../test/broker';
import { describeEachDatabase } from '../test/db';
import { call, signIn } from '../test/factories';
import { createMember, personalOrganisation } from '../test/members';
import { createOwner, type OwnedObjects } from './accounts';
import { documentRoutes } from './document';
import { fillTemplate, routeName, type Route } from './openapi-routes';
import { encodeAny, validArbitrary } from './schema-arbitrary';

/** The domains' routes: not the development outboxes (app.ts, RACKSIDE_DEV only, outside every domain). */
const ROUTES = (await documentRoutes()).filter((r) => !r.tags.includes('dev'));
const MATRIX = ROUTES.filter((r) => r.bearer);
const IMAGE = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 1024 });
const MEMBER_ROLES = ORG_ROLES.filter((r): r is MemberRole => r !== 'owner');
/** A session id that is nobody's: DELETE /auth/sessions/{sessionId} must not sign a member out mid-matrix. */
const NOBODYS = '00000000-0000-4000-8000-000000000000';

/** The route's key in app.routePolicy: the API prefix and `:name` parameters. */
const keyOf = (route: Route): string => routeKey(route.method, `/api${route.path.replace(/\{([^}]+)\}/g, ':$1')}`);

describeEachDatabase('policy matrix: every route × every role → allowed or 403, as the policy table says', (db) => {
  let t: TestApp;
  let owner: OwnedObjects;
  let organisationId: string;
  /** The target of the member routes: a member the matrix changes and removes, never one that acts. */
  let targetId: string;
  const callers = new Map<OrgRole, { email: string; token: string }>();

  beforeAll(async () => {
    const broker = new FakeBroker();
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice });
    owner = await createOwner(t.app, t.mailer, db(), 'matrix', IMAGE);
    organisationId = await personalOrganisation(t.app, owner.token);
    callers.set('owner', { email: owner.email, token: owner.token });
    for (const role of MEMBER_ROLES) {
      const member = await createMember(t.app, t.mailer, owner.token, role);
      callers.set(role, { email: member.email, token: member.token });
    }
    targetId = (await createMember(t.app, t.mailer, owner.token, 'viewer')).userId;
  }, 90_000);
  afterAll(() => t.app.close());

  /** The caller's token, signed in again when a route (sign-out, a password change) ended its session. */
  async function liveToken(role: OrgRole): Promise<string> {
    const caller = callers.get(role);
    if (caller === undefined) throw new Error(`no ${role}`);
    const me = await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, caller.token);
    if (me.statusCode === 200) return caller.token;
    const token = (await signIn(t.app, caller.email)).idToken;
    callers.set(role, { ...caller, token });
    return token;
  }

  it('every route declared its permission, and a public one is exactly one without a bearer', () => {
    expect(MATRIX.length).toBeGreaterThan(40);
    for (const route of ROUTES) {
      const access: RouteAccess | undefined = t.app.routePolicy.get(keyOf(route));
      expect(access, routeName(route)).toBeDefined();
      expect(access === 'public', `${routeName(route)}: ${access}`).toBe(!route.bearer);
    }
    // the table holds no permission that nothing asks for; remote.control is asked by the relay credential's scope
    // (the remote-session route wants remote.mute and gives remote.control's roles the whole API: remote.service.ts)
    const declared = new Set(t.app.routePolicy.values());
    expect(PERMISSIONS.filter((p) => !declared.has(p))).toEqual(['remote.control']);
  });

  const ids = (route: Route): Record<string, string> => {
    const known: Record<string, string | undefined> = {
      venueId: owner.venueId,
      deviceId: owner.deviceId,
      contactId: owner.contactId,
      imageId: owner.imageId,
      rolloutId: owner.rolloutId,
      incidentId: owner.incidentId,
      invitationId: owner.invitationId,
      grantId: owner.grantId,
      sessionId: NOBODYS,
      passkeyId: NOBODYS,
      userId: targetId,
    };
    return Object.fromEntries(
      route.params.map((p) => {
        const value = known[p.name] ?? (typeof p.schema.enum?.[0] === 'string' ? p.schema.enum[0] : undefined);
        if (value === undefined) throw new Error(`${routeName(route)}: no value for the parameter "${p.name}"`);
        return [p.name, value];
      }),
    );
  };

  it.each(MATRIX.map((route) => [routeName(route), route] as const))('%s', async (_, route) => {
    const access = t.app.routePolicy.get(keyOf(route));
    if (access === undefined || access === 'public') throw new Error(`${routeName(route)}: declared ${access}`);
    const query = route.query
      .filter((q) => q.required)
      .map((q) => `${encodeAny(q.name)}=${encodeAny(q.name === 'venueId' ? owner.venueId : 'x')}`)
      .join('&');
    const url = `/api${fillTemplate(route.path, ids(route))}${query === '' ? '' : `?${query}`}`;
    const [body] =
      route.body === undefined
        ? [undefined]
        : fc.sample(validArbitrary(route.body, { uuids: [owner.venueId], deviceIds: [owner.deviceId] }), {
            numRuns: 1,
            seed: 21,
          });
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const role of ORG_ROLES) {
      const res = await t.app.inject({
        method: route.method,
        url,
        payload: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          authorization: `Bearer ${await liveToken(role)}`,
          [ORG_HEADER]: organisationId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      const forbidden = res.statusCode === 403 && res.json<ErrorBody>().error === 'Forbidden';
      outcome[role] = forbidden ? '403' : res.statusCode >= 500 ? `${res.statusCode}` : 'allowed';
      expected[role] = access === 'self' || can(role, access) ? 'allowed' : '403';
    }
    expect(outcome, `${routeName(route)} (${access})`).toEqual(expected);
  });
});
