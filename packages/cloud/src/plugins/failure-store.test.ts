/**
 * The failure back-off's stores: Redis keeps the same rules as memory (the same random sequences of attempts,
 * take-backs and clock moves answer the same waits on both, on a test clock far from Redis's own), FailureBackoff
 * fails closed when its store cannot answer, and the Redis client's log lines never carry the URL's password.
 */
import { createServer, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, testCounterStores, testRedisUrl, uniqueRedisPrefix } from '../test/counters';
import { AppError } from './errors';
import {
  MemoryFailureStore,
  RedisFailureStore,
  type AttemptKeys,
  type BackoffRules,
  type FailureStore,
} from './failure-store';
import { FailureBackoff, UNAVAILABLE_RETRY_S } from './rate-limit';
import { closeRedis, connectRedis } from './redis';

const rules: BackoffRules = { freePerAddress: 3, freePerAccount: 2, maxDelayMs: 8000, memoryMs: 3_600_000 };

const keysOf = (address: number, account: number | undefined): AttemptKeys =>
  account === undefined ? [`a${address}`] : [`a${address}`, `c${account}`, `p${account}|a${address}`];

type Op =
  | { kind: 'begin'; address: number; account: number | null }
  | { kind: 'takeBack'; address: number; account: number | null; forgetPair: boolean }
  | { kind: 'attempt'; address: number; account: number | null; succeeds: boolean }
  | { kind: 'advance'; ms: number };

const who = { address: fc.integer({ min: 0, max: 1 }), account: fc.option(fc.integer({ min: 0, max: 1 })) };
const ops = fc.array(
  fc.oneof(
    // as FailureBackoff.guard uses the store: begin, and when it may go and succeeds, take back
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('attempt' as const), ...who, succeeds: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('begin' as const), ...who }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('takeBack' as const), ...who, forgetPair: fc.boolean() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.oneof(fc.integer({ min: 0, max: 9000 }), fc.constantFrom(3_600_000, 3_600_001, 7_200_000)),
      }),
    },
  ),
  { maxLength: 60 },
);

/** The begin answers of a sequence of operations on a store, from a test clock in 2026. */
async function run(store: FailureStore, sequence: readonly Op[]): Promise<number[]> {
  let now = Date.parse('2026-01-15T10:00:00Z');
  const waits: number[] = [];
  for (const op of sequence) {
    if (op.kind === 'advance') {
      now += op.ms;
      continue;
    }
    const keys = keysOf(op.address, op.account ?? undefined);
    if (op.kind === 'takeBack') await store.takeBack(keys, op.forgetPair);
    else {
      const wait = await store.begin(keys, now, rules);
      waits.push(wait);
      if (op.kind === 'attempt' && wait === 0 && op.succeeds) await store.takeBack(keys, op.account !== null);
    }
  }
  return waits;
}

describe('MemoryFailureStore', () => {
  it('backs off after the free failures, 1 s doubling to the maximum, forgets after memoryMs', async () => {
    const store = new MemoryFailureStore();
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await store.begin(['x'], t0, rules)).toBe(0);
    expect(await store.begin(['x'], t0, rules)).toBe(1000);
    expect(await store.begin(['x'], t0 + 1000, rules)).toBe(0);
    expect(await store.begin(['x'], t0 + 1000, rules)).toBe(2000);
    expect(await store.begin(['x'], t0 + 1000 + 3_600_001, rules)).toBe(0); // forgotten: the first of a new count
  });

  it('keeps at most maxEntries counters, forgetting the least recent first', async () => {
    const store = new MemoryFailureStore(2);
    const once = { ...rules, freePerAddress: 1 };
    await store.begin(['a'], 1, once);
    await store.begin(['b'], 2, once);
    await store.begin(['c'], 3, once);
    expect(await store.begin(['a'], 3, once)).toBe(0); // forgotten
    expect(await store.begin(['c'], 3, once)).toBe(1000);
  });
});

describe.skipIf(!testCounterStores().includes('redis'))('RedisFailureStore', () => {
  const prefixes: string[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    await deleteRedisKeys(testRedisUrl(), prefixes);
    redis.disconnect();
  });
  const redisStore = () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    return new RedisFailureStore(redis, prefix);
  };

  it('answers every sequence of attempts, take-backs and clock moves as the memory store does', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        expect(await run(redisStore(), sequence)).toEqual(await run(new MemoryFailureStore(), sequence));
      }),
      {
        numRuns: 500,
        // always tried: a success forgets the address × account (the pair), not merely one failure of it
        examples: [
          [
            [
              { kind: 'begin', address: 1, account: 0 },
              { kind: 'attempt', address: 1, account: 0, succeeds: true },
              { kind: 'begin', address: 0, account: 0 },
              { kind: 'begin', address: 1, account: 0 },
            ],
          ],
        ],
      },
    );
  });

  it('counts parallel attempts atomically: of 30 at once only the free ones go', async () => {
    const store = redisStore();
    const waits = await Promise.all(Array.from({ length: 30 }, () => store.begin(['x'], 5_000_000, rules)));
    expect(waits.filter((w) => w === 0)).toHaveLength(rules.freePerAddress);
  });

  it('expires its keys memoryMs after the last failure (Redis TTL), under its prefix', async () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    await new RedisFailureStore(redis, prefix).begin(keysOf(0, 1), Date.now(), rules);
    const keys = (await redis.keys(`${prefix}*`)).sort();
    expect(keys).toEqual([`${prefix}a0`, `${prefix}c1`, `${prefix}p1|a0`]);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(rules.memoryMs - 60_000);
      expect(ttl).toBeLessThanOrEqual(rules.memoryMs);
    }
  });
});

describe('FailureBackoff when its store cannot answer', () => {
  const logged: unknown[] = [];
  const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
  const request = { ip: '10.30.0.1', log } as FastifyRequest;
  const limits = { RATE_LIMIT_PER_ACCOUNT: 3, RATE_LIMIT_FAILURES_PER_ADDRESS: 3, RATE_LIMIT_BACKOFF_MAX_S: 900 };
  const broken = (which: 'begin' | 'takeBack'): FailureStore => {
    const memory = new MemoryFailureStore();
    return {
      begin: (keys, now, r) => (which === 'begin' ? Promise.reject(new Error('down')) : memory.begin(keys, now, r)),
      takeBack: (keys, pair) =>
        which === 'takeBack' ? Promise.reject(new Error('down')) : memory.takeBack(keys, pair),
    };
  };

  it('fails closed: 503 ServiceUnavailable with Retry-After, and the attempt never runs', async () => {
    const backoff = new FailureBackoff(limits, () => new Date(), broken('begin'));
    let ran = false;
    const attempt = backoff.guard('sign-in', request, 'owner@example.com', [], () => {
      ran = true;
      return Promise.resolve('in');
    });
    await expect(attempt).rejects.toMatchObject({
      error: 'ServiceUnavailable',
      details: { retryAfterS: UNAVAILABLE_RETRY_S },
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(ran).toBe(false);
    expect(logged).toHaveLength(1);
  });

  it('answers a success whose take-back failed (the failure stays counted, logged)', async () => {
    const backoff = new FailureBackoff(limits, () => new Date(), broken('takeBack'));
    logged.length = 0;
    expect(await backoff.guard('sign-in', request, 'owner@example.com', [], () => Promise.resolve('in'))).toBe('in');
    expect(logged).toHaveLength(1);
  });
});

describe('the Redis client', () => {
  it('logs an unreachable Redis once, without the password of REDIS_URL, and closes', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const lines: string[] = [];
    const log = {
      error: (details: unknown, message: string) => lines.push(JSON.stringify([details, message])),
      info: (details: unknown, message: string) => lines.push(JSON.stringify([details, message])),
    } as unknown as FastifyBaseLogger;
    const redis = connectRedis(`redis://rackside:s3cret-pass@127.0.0.1:${port}/0?password=s3cret-q`, log);
    await expect(redis.ping()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 500)); // a few reconnect attempts
    await closeRedis(redis);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`redis://rackside:***@127.0.0.1:${port}/0?password=***`);
    expect(lines.join('\n')).not.toContain('s3cret');
  });
});
