/**
 * IDOR matrix (issue 16): every route of the OpenAPI document with a path parameter is called by account B with
 * account A's ids (and, where a route takes two ids or an id in the query, with B's own id beside A's), for every
 * method the document declares, with a schema-valid body. Each must answer 404 NotFound, and A's rows (user, venues,
 * contacts and their venue selection, registration tokens, devices, images, rollouts, incidents) must be unchanged.
 *
 * A body is sampled from the route's schema until one passes validation (a 400 ValidationError or
 * RequiredFieldsMissing is the schema's answer, not the ownership check's, and is not counted); the first reply
 * that is not a validation error is the one asserted.
 */
import { buildFirmwareImage } from '@rackside/amp-sim';
import fc from 'fast-check';
import type { ErrorBody } from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { FakeBroker } from '../test/broker';
import { describeEachDatabase } from '../test/db';
import { createOwner, snapshotOf, type OwnedObjects } from './accounts';
import { documentRoutes } from './document';
import { fillTemplate, routeName, type Route } from './openapi-routes';
import { encodeAny, validArbitrary } from './schema-arbitrary';

/** Routes with an id that is not an account object's, by name, with the reason. */
const EXCLUDED: Readonly<Record<string, string>> = {
  'GET /firmware/{imageId}/download':
    "the amp's download: its credential is the job token in the query, not a bearer (firmware tests cover a wrong token)",
};

/** Which object of an account each path or query parameter names. */
const ID_OF: Readonly<Record<string, (o: OwnedObjects) => string | undefined>> = {
  venueId: (o) => o.venueId,
  deviceId: (o) => o.deviceId,
  contactId: (o) => o.contactId,
  imageId: (o) => o.imageId,
  rolloutId: (o) => o.rolloutId,
  incidentId: (o) => o.incidentId,
  sessionId: (o) => o.sessionId,
  userId: (o) => o.userId,
  invitationId: (o) => o.invitationId,
  grantId: (o) => o.grantId,
  passkeyId: (o) => o.passkeyId,
};

const ROUTES = await documentRoutes();
const IMAGE = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 1024 });
const MATRIX = ROUTES.filter((r) => r.params.length > 0 && !(routeName(r) in EXCLUDED));
const VALIDATION_ERRORS = new Set(['ValidationError', 'RequiredFieldsMissing', 'RequiredFieldMissing']);

/** The id combinations to try: all of A's; then, with two ids, each one B's in turn (B's own object beside A's). */
function combinations(route: Route, a: OwnedObjects, b: OwnedObjects): Record<string, string>[] {
  const value = (name: string, owner: OwnedObjects): string => {
    const id = ID_OF[name]?.(owner);
    if (id !== undefined) return id;
    const param = route.params.find((p) => p.name === name);
    const first = param?.schema.enum?.[0];
    if (typeof first === 'string') return first;
    throw new Error(`${routeName(route)}: no id for the parameter "${name}" (add it to ID_OF or EXCLUDED)`);
  };
  const names = route.params.map((p) => p.name);
  const ids = names.filter((n) => n in ID_OF);
  const all = Object.fromEntries(names.map((n) => [n, value(n, a)]));
  const mixed = ids.length > 1 ? ids.map((n) => ({ ...all, [n]: value(n, b) })) : [];
  return [all, ...mixed];
}

describeEachDatabase('IDOR: account B gets 404 for account A objects on every route with an id', (db) => {
  let t: TestApp;
  let a: OwnedObjects;
  let b: OwnedObjects;
  let before: unknown;

  beforeAll(async () => {
    const broker = new FakeBroker();
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice });
    a = await createOwner(t.app, t.mailer, db(), 'a', IMAGE);
    b = await createOwner(t.app, t.mailer, db(), 'b', IMAGE);
    before = await snapshotOf(db(), a);
  }, 90_000);
  afterAll(() => t.app.close());

  it('account A owns one of every object (the matrix has something to attack)', () => {
    expect(a.rolloutId, 'rollout').toBeDefined();
    expect(a.incidentId, 'incident').toBeDefined();
    expect(MATRIX.length).toBeGreaterThan(15);
  });

  it.each(MATRIX.map((route) => [routeName(route), route] as const))('%s', async (_, route) => {
    const query = route.query
      .filter((q) => q.required)
      .map((q) => {
        const own = ID_OF[q.name]?.(b); // B's own object as the target: the classic "move A's amp into my venue"
        const value =
          own ?? String(fc.sample(validArbitrary(q.schema, { uuids: [], deviceIds: [] }), { numRuns: 1, seed: 16 })[0]);
        return `${encodeAny(q.name)}=${encodeAny(value)}`;
      })
      .join('&');
    const bodies =
      route.body === undefined
        ? [undefined]
        : fc.sample(validArbitrary(route.body, { uuids: [a.venueId], deviceIds: [a.deviceId] }), {
            numRuns: 40,
            seed: 16,
          });
    for (const ids of combinations(route, a, b)) {
      const url = `/api${fillTemplate(route.path, ids)}${query === '' ? '' : `?${query}`}`;
      let answer: { status: number; body: ErrorBody } | undefined;
      for (const body of bodies) {
        const res = await t.app.inject({
          method: route.method,
          url,
          payload: body === undefined ? undefined : JSON.stringify(body),
          headers: {
            authorization: `Bearer ${b.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        });
        const reply = { status: res.statusCode, body: res.json<ErrorBody>() };
        if (reply.status === 400 && VALIDATION_ERRORS.has(reply.body.error)) continue;
        answer = reply;
        break;
      }
      expect(answer, `${url}: no schema-valid body among ${bodies.length} samples`).toBeDefined();
      expect([answer?.status, answer?.body.error], `${route.method} ${url}: ${JSON.stringify(answer?.body)}`).toEqual([
        404,
        'NotFound',
      ]);
    }
    expect(await snapshotOf(db(), a)).toEqual(before);
  });
});
