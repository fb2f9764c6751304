/**
 * Issue 20: two cloud nodes (buildApp twice on one database) enforce ONE set of rate limits and back-offs when they
 * share a Redis (REDIS_URL, each test its own REDIS_PREFIX), and each counts alone on memory (the one-node default,
 * run here as the control that shows the Redis checks would catch a node counting alone). Redis out of reach: the
 * limited endpoints fail closed (503 + Retry-After), the rest of the service goes on, the app still closes.
 */
import { createServer, type AddressInfo } from 'node:net';
import { IDENTITY_PATHS as P } from '@rackside/protocol';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, TestClock, type TestApp } from '../test/app';
import { describeEachCounterStore, testCounterStores, testRedisUrl, useRedisConfig } from '../test/counters';
import { useTestDb } from '../test/db';
import { call, createSignedInUser, errorOf, PASSWORD, uniqueEmail } from '../test/factories';
import { startTcpProxy } from '../test/tcp-proxy';
import { UNAVAILABLE_RETRY_S } from './rate-limit';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis';

const db = useTestDb();
let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.app.close()));
  apps = [];
});

const signIn = (app: FastifyInstance, email: string, remoteAddress: string, password = 'Wr0ng.pass!') =>
  app.inject({ method: 'POST', url: `/api${P.signIn}`, payload: { email, password }, remoteAddress });

describeEachCounterStore('two cloud nodes', (counters, store) => {
  const shared = store === 'redis';

  /** Two nodes on one database, one clock and (with Redis) one key prefix. */
  const twoNodes = async (config: Record<string, string>): Promise<[TestApp, TestApp]> => {
    const overrides = { ...counters(), ...config };
    const clock = new TestClock();
    const a = await buildTestApp(db(), { clock, config: overrides });
    const b = await buildTestApp(db(), { clock, config: overrides });
    apps.push(a, b);
    expect([a.app.sharedCounters.kind, b.app.sharedCounters.kind]).toEqual([store, store]);
    return [a, b];
  };

  it(`${shared ? 'shares' : 'does not share'} failures: the N+1-th wrong password across both nodes is held`, async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FAILURES_PER_ADDRESS: '1000' });
    const owner = await createSignedInUser(a.app, a.mailer);
    // 3 free failures per account, made on A, B, A
    for (const node of [a, b, a]) {
      const res = await signIn(node.app, owner.email, '10.20.0.1');
      expect([res.statusCode, errorOf(res).error]).toEqual([400, 'InvalidPassword']);
    }
    // the 4th, on B: held for 1 s by the failures B saw and those A saw
    const fourth = await signIn(b.app, owner.email, '10.20.0.1');
    if (shared) {
      expect([fourth.statusCode, errorOf(fourth).error]).toEqual([429, 'TooManyRequests']);
      expect(fourth.headers['retry-after']).toBe('1');
      // held on A too, the right password included
      expect((await signIn(a.app, owner.email, '10.20.0.1', PASSWORD)).statusCode).toBe(429);
      // the owner, from an address that has not failed, signs in at once on either node
      expect((await signIn(b.app, owner.email, '192.0.2.50', PASSWORD)).statusCode).toBe(200);
      expect((await signIn(a.app, owner.email, '192.0.2.50', PASSWORD)).statusCode).toBe(200);
      // after the wait, one more try on A; then 2 s
      a.clock.advanceSeconds(1);
      expect((await signIn(a.app, owner.email, '10.20.0.1')).statusCode).toBe(400);
      const next = await signIn(b.app, owner.email, '10.20.0.1');
      expect([next.statusCode, next.headers['retry-after']]).toEqual([429, '2']);
    } else {
      // B has seen one failure of the account: it lets the guess through (each node counts alone)
      expect([fourth.statusCode, errorOf(fourth).error]).toEqual([400, 'InvalidPassword']);
    }
  });

  it(`${shared ? 'shares' : 'does not share'} the per-address back-off across accounts`, async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_FAILURES_PER_ADDRESS: '2' });
    expect((await signIn(a.app, uniqueEmail(), '10.20.1.1')).statusCode).toBe(404);
    expect((await signIn(b.app, uniqueEmail(), '10.20.1.1')).statusCode).toBe(404);
    const third = await signIn(a.app, uniqueEmail(), '10.20.1.1');
    expect(third.statusCode).toBe(shared ? 429 : 404);
  });

  it(`${shared ? 'shares' : 'does not share'} the per-address request limit`, async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_PER_ADDRESS: '3' });
    const owner = await createSignedInUser(a.app, a.mailer);
    for (const node of [a, b, a])
      expect((await signIn(node.app, owner.email, '10.20.2.1', PASSWORD)).statusCode).toBe(200);
    const fourth = await signIn(b.app, owner.email, '10.20.2.1', PASSWORD);
    if (shared) {
      expect([fourth.statusCode, errorOf(fourth).error]).toEqual([429, 'TooManyRequests']);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not limited, on either node
      expect((await signIn(a.app, owner.email, '10.20.2.2', PASSWORD)).statusCode).toBe(200);
    } else {
      expect(fourth.statusCode).toBe(200);
    }
  });

  it(`${shared ? 'shares' : 'does not share'} the per-account limit of the code-sending endpoints`, async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_PER_ACCOUNT: '2' });
    const owner = await createSignedInUser(a.app, a.mailer);
    const forgot = (node: TestApp) => call(node.app, 'POST', P.forgotPassword, { email: owner.email });
    expect(errorOf(await forgot(a)).error).not.toBe('TooManyRequests');
    expect(errorOf(await forgot(b)).error).not.toBe('TooManyRequests');
    const third = await forgot(a);
    if (shared) expect(errorOf(third).error).toBe('TooManyRequests');
    else expect(errorOf(third).error).not.toBe('TooManyRequests');
  });

  it(`${shared ? 'counts' : 'does not count'} parallel guesses on both nodes as one`, async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FAILURES_PER_ADDRESS: '1000' });
    const owner = await createSignedInUser(a.app, a.mailer);
    // the first guess makes the address × account pair on A
    expect((await signIn(a.app, owner.email, '10.20.3.1')).statusCode).toBe(400);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn((i % 2 === 0 ? a : b).app, owner.email, '10.20.3.1')),
    );
    const wrong = replies.filter((r) => errorOf(r).error === 'InvalidPassword').length;
    const held = replies.filter((r) => errorOf(r).error === 'TooManyRequests').length;
    if (shared) expect([wrong, held]).toEqual([2, 18]);
    else expect(wrong).toBeGreaterThan(2);
  });
});

describe.skipIf(!testCounterStores().includes('redis'))('Redis: keys, outage, close', () => {
  const counters = useRedisConfig();

  it('writes only expiring keys under REDIS_PREFIX, with no email address in them', async () => {
    const overrides = counters();
    const t = await buildTestApp(db(), { config: { ...overrides, RATE_LIMIT_PER_ACCOUNT: '3' } });
    apps.push(t);
    const owner = await createSignedInUser(t.app, t.mailer);
    await signIn(t.app, owner.email, '10.20.4.1');
    await call(t.app, 'POST', P.forgotPassword, { email: owner.email });
    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys(`${overrides.REDIS_PREFIX}*`);
      const kinds = new Set(keys.map((k) => k.slice(overrides.REDIS_PREFIX.length).split(':')[0]));
      expect([...kinds].sort()).toEqual(['backoff', 'rate-limit']);
      for (const key of keys) {
        expect(key).not.toContain(owner.email);
        expect(key).not.toContain(owner.email.split('@')[0]);
        const ttl = await redis.pttl(key);
        expect(ttl, key).toBeGreaterThan(0);
        expect(ttl, key).toBeLessThanOrEqual(3600_000);
      }
      // the back-off counted the failure per address, per account and per pair
      expect(keys.filter((k) => k.includes('backoff:sign-in|'))).toHaveLength(3);
    } finally {
      redis.disconnect();
    }
  });

  it('fails closed while Redis is out of reach (503 + Retry-After), serves the rest, and recovers', async () => {
    const upstream = new URL(testRedisUrl());
    const proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 6379));
    try {
      const { REDIS_PREFIX } = counters();
      const t = await buildTestApp(db(), {
        config: { REDIS_URL: `redis://127.0.0.1:${new URL(proxy.url).port}`, REDIS_PREFIX },
      });
      apps.push(t);
      const owner = await createSignedInUser(t.app, t.mailer);
      expect((await signIn(t.app, owner.email, '10.20.5.1')).statusCode).toBe(400);

      proxy.blackhole(); // Redis silent: no reply, no close
      const started = Date.now();
      const refused = await signIn(t.app, owner.email, '10.20.5.1', PASSWORD);
      expect([refused.statusCode, errorOf(refused).error]).toEqual([503, 'ServiceUnavailable']);
      expect(refused.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_S));
      expect(Date.now() - started).toBeLessThan(3 * REDIS_COMMAND_TIMEOUT_MS);
      // (the request limit comes first here; failure-store.test.ts shows the back-off failing closed on its own)
      // what is not rate-limited goes on
      expect((await call(t.app, 'GET', P.me, undefined, owner.token)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      proxy.heal(); // the cut connections close; the client reconnects
      let back = refused;
      for (let i = 0; i < 50 && back.statusCode === 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        back = await signIn(t.app, owner.email, '10.20.5.2', PASSWORD);
      }
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('answers 503 quickly when nothing listens at REDIS_URL, and still closes', async () => {
    const port = await closedPort();
    const t = await buildTestApp(db(), { config: { REDIS_URL: `redis://:s3cret@127.0.0.1:${port}` } });
    const started = Date.now();
    const res = await signIn(t.app, uniqueEmail(), '10.20.6.1');
    expect([res.statusCode, errorOf(res).error]).toEqual([503, 'ServiceUnavailable']);
    expect(Date.now() - started).toBeLessThan(3 * REDIS_COMMAND_TIMEOUT_MS);
    const closing = Date.now();
    await t.app.close();
    expect(Date.now() - closing).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    expect(t.app.sharedCounters.redis?.status).not.toBe('ready');
  });

  it('closes its Redis connection when the app closes', async () => {
    const t = await buildTestApp(db(), { config: counters() });
    expect((await signIn(t.app, uniqueEmail(), '10.20.7.1')).statusCode).toBe(404);
    const client = t.app.sharedCounters.redis;
    if (client === undefined) throw new Error('no Redis client');
    const id = Number(await client.client('ID'));
    const redis = new Redis(testRedisUrl());
    try {
      const listed = async () => String(await redis.call('CLIENT', 'LIST', 'ID', String(id)));
      expect(await listed()).toContain('name=rackside-cloud');
      await t.app.close();
      expect(client.status).toBe('end');
      expect(await listed()).toBe('');
    } finally {
      redis.disconnect();
    }
  });
});

/** A port on 127.0.0.1 where nothing listens (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
