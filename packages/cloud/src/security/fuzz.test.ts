/**
 * Generated fuzzing of every route of the OpenAPI document (issue 16): for each route (method + path), requests built
 * by fast-check from its JSON schemas (body, query, path parameters) mixed with hostile values (hostile.ts: NUL, lone
 * surrogates, 1 MiB strings, deep nesting, prototype keys, wrong types, huge numbers, empty bodies, wrong content
 * types, hostile headers), as the signed-in owner of one of every object, as nobody, and with broken credentials.
 * Every reply must be 2xx, 3xx or 4xx, never 5xx; afterwards the app still answers /api/health and nothing reached
 * Object.prototype.
 *
 * The app has a stand-in broker (FakeBroker), so the routes that send jobs (firmware, rollouts, remote sessions) run
 * their whole path. Not fuzzed here: the relay's WebSocket (GET /devices/{deviceId}/relay) is not in the document
 * (an upgrade, not a REST route); domains/remote/relay.fuzz.test.ts fuzzes it, and a plain GET of it is sent below.
 *
 * FUZZ_RUNS (default 10,500) is the number of requests per database, shared out over the routes; FUZZ_RUNS_POSTGRES
 * (default the same) on PostgreSQL; FUZZ_SEED (default fixed) picks the requests. A failure lists the requests.
 */
import { buildFirmwareImage } from '@rackside/amp-sim';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { FakeBroker } from '../test/broker';
import { describeEachDatabase } from '../test/db';
import { signIn } from '../test/factories';
import { createOwner, type OwnedObjects } from './accounts';
import { documentRoutes } from './document';
import { routeName } from './openapi-routes';
import { describeRequest, requestArbitrary, type FuzzRequest } from './schema-arbitrary';

const SEED = Number(process.env.FUZZ_SEED ?? 16_016);
const API = '/api';

const ROUTES = await documentRoutes();
const IMAGE = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 1024 });

describeEachDatabase('fuzz: every route of the OpenAPI document answers 2xx-4xx, never 5xx', (db, driver) => {
  const total = Number(
    (driver === 'postgres' ? process.env.FUZZ_RUNS_POSTGRES : undefined) ?? process.env.FUZZ_RUNS ?? 10_500,
  );
  const perRoute = Math.ceil(total / ROUTES.length);
  const image = buildFirmwareImage({ prefix: 'ASBT', version: '1.7.0.0', payloadBytes: 1024 });
  let t: TestApp;
  let owner: OwnedObjects;
  let sent = 0;
  let idToken = '';

  /** The owner's token, signed in again when the fuzz has signed the owner out (sign-out, global too). */
  async function liveToken(): Promise<string> {
    const me = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { authorization: `Bearer ${idToken}` } });
    if (me.statusCode !== 200) idToken = (await signIn(t.app, owner.email)).idToken;
    return idToken;
  }

  beforeAll(async () => {
    const broker = new FakeBroker();
    t = await buildTestApp(db(), { broker, disconnectDevice: broker.disconnectDevice });
    owner = await createOwner(t.app, t.mailer, db(), 'fuzz', IMAGE);
    idToken = owner.token;
  }, 60_000);
  afterAll(async () => {
    await t.app.close();
  });

  async function send(request: FuzzRequest, token: string) {
    const headers: Record<string, string> = { ...request.headers };
    if (request.caller === 'owner') headers.authorization = `Bearer ${token}`;
    else if (typeof request.caller !== 'string') headers.authorization = request.caller.authorization;
    let payload: string | Buffer | undefined;
    if ('json' in request.body) {
      payload = JSON.stringify(request.body.json);
      if (payload !== undefined) headers['content-type'] = 'application/json';
    } else {
      payload = request.body.payload;
      if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
    }
    sent++;
    try {
      return await t.app.inject({ method: request.method, url: request.url, headers, payload });
    } catch (error) {
      // light-my-request refuses what no HTTP client can send (a header value Node's parser would reject)
      if (error instanceof TypeError && /header/i.test(error.message)) return undefined;
      throw error;
    }
  }

  it.each(ROUTES.map((route) => [routeName(route), route] as const))(
    '%s',
    async (_, route) => {
      const token = await liveToken();
      const ids = {
        uuids: [owner.venueId, owner.contactId, owner.imageId, owner.rolloutId, owner.incidentId].filter(
          (id): id is string => id !== undefined,
        ),
        deviceIds: [owner.deviceId],
      };
      const requests = fc.sample(requestArbitrary(route, ids, API, image), { numRuns: perRoute, seed: SEED });
      const failures: string[] = [];
      for (const request of requests) {
        const res = await send(request, token);
        if (res !== undefined && res.statusCode >= 500)
          failures.push(`${res.statusCode} ${res.body.slice(0, 200)} ← ${describeRequest(request)}`);
      }
      expect(failures, `${failures.length} of ${requests.length} requests answered 5xx`).toEqual([]);
    },
    120_000,
  );

  it('the relay WebSocket route refuses a plain GET with 4xx', async () => {
    for (const url of [`${API}/devices/${owner.deviceId}/relay`, `${API}/devices/%00/relay?token=%00`]) {
      const res = await t.app.inject({ method: 'GET', url });
      sent++;
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it(`sent at least ${total} requests, the app still answers and nothing reached Object.prototype`, async () => {
    expect(sent).toBeGreaterThanOrEqual(total);
    const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.statusCode).toBe(200);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('admin');
  });
});
