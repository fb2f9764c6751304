/**
 * Where route tests keep the rate limits and back-offs (issue 20): in memory, and with TEST_REDIS_URL (e.g.
 * redis://127.0.0.1:6379, which .ci/run sets when it has started Redis) in that Redis too, each app under its own key
 * prefix so that tests, files and runs never count on each other's counters. TEST_COUNTER_STORES=memory|redis|
 * memory,redis narrows the set. In CI (CI set) a missing TEST_REDIS_URL is an error, not a silent skip.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';

export type CounterStore = 'memory' | 'redis';

/** The stores this run tests (see the file comment). */
export function testCounterStores(env: NodeJS.ProcessEnv = process.env): CounterStore[] {
  const url = env.TEST_REDIS_URL?.trim();
  const wanted = env.TEST_COUNTER_STORES?.split(',').map((s) => s.trim());
  const stores: CounterStore[] = wanted?.length
    ? wanted.filter((s): s is CounterStore => s === 'memory' || s === 'redis')
    : ['memory', ...(url || env.CI ? (['redis'] as const) : [])];
  if (stores.includes('redis') && !url) {
    throw new Error(
      env.CI
        ? 'CI runs the shared-counter tests on Redis: set TEST_REDIS_URL (.ci/run starts Redis on 127.0.0.1:6379)'
        : 'TEST_COUNTER_STORES names redis but TEST_REDIS_URL is unset',
    );
  }
  return stores;
}

/** TEST_REDIS_URL, which must be set. */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL?.trim();
  if (!url) throw new Error('TEST_REDIS_URL is unset');
  return url;
}

/** A key prefix no other test, file or run uses: rackside:test:{pid}:{random}: */
export function uniqueRedisPrefix(): string {
  return `rackside:test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under the prefixes (the keys expire anyway; this keeps a developer's Redis tidy). */
export async function deleteRedisKeys(url: string, prefixes: readonly string[]): Promise<void> {
  if (prefixes.length === 0) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000 });
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/** An app's Redis settings in a test: TEST_REDIS_URL and a prefix of its own. */
export type RedisTestConfig = { readonly REDIS_URL: string; readonly REDIS_PREFIX: string };

/**
 * A fresh RedisTestConfig per call (give two apps the same one to make them two nodes of one cluster); the keys under
 * its prefixes are deleted after the enclosing block.
 */
export function useRedisConfig(): () => RedisTestConfig {
  const prefixes: string[] = [];
  afterAll(async () => {
    await deleteRedisKeys(testRedisUrl(), prefixes);
  });
  return () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    return { REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix };
  };
}

/** Config overrides putting an app's counters on the store: none for memory, useRedisConfig's for Redis. */
export function useCounterStore(store: CounterStore): () => Readonly<Record<string, string>> {
  if (store === 'memory') return () => ({});
  const redis = useRedisConfig();
  return redis;
}

/** `describe(name [store])` once per counter store under test; the body gets useCounterStore's overrides. */
export function describeEachCounterStore(
  name: string,
  body: (counters: () => Record<string, string>, store: CounterStore) => void,
): void {
  for (const store of testCounterStores()) {
    describe(`${name} [${store}]`, () => body(useCounterStore(store), store));
  }
}
