/**
 * Rate limits of the sign-in and code endpoints (ARCHITECTURE.md §4), per account (the email, or the signed-in user)
 * and per client address, on @fastify/rate-limit's store, and the failure back-off (FailureBackoff). Over a limit:
 * 429 TooManyRequests with Retry-After.
 *
 * Where the counters live (registerRateLimits, issue 20): without REDIS_URL in process memory (one node; several would
 * each count alone); with REDIS_URL in Redis, under REDIS_PREFIX, shared by every node. When Redis cannot answer, the
 * limited endpoints fail closed: 503 ServiceUnavailable with Retry-After, never an unlimited try (docs/security.md
 * "Shared counters").
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError, safeError } from './errors';
import {
  MemoryFailureStore,
  RedisFailureStore,
  type AttemptKeys,
  type BackoffRules,
  type FailureStore,
} from './failure-store';
import { closeRedis, connectRedis } from './redis';

/** Where this app's counters live. */
export interface SharedCounters {
  /** 'memory': this process alone; 'redis': every node on the same REDIS_URL and REDIS_PREFIX. */
  readonly kind: 'memory' | 'redis';
  /** The failure back-off's counters. */
  readonly failures: FailureStore;
  /** The Redis client (kind 'redis'); the app closes it when it closes. */
  readonly redis?: Redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the rate limits and back-offs count (registerRateLimits). */
    readonly sharedCounters: SharedCounters;
  }
}

/**
 * Registers @fastify/rate-limit (no global limit: routes opt in with accountAndAddressLimit) on memory or, with
 * REDIS_URL, on Redis (its `redis` store, keys {REDIS_PREFIX}rate-limit:…), and decorates the app with
 * `sharedCounters` (the back-off's store, keys {REDIS_PREFIX}backoff:…). The Redis client closes with the app.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
): Promise<void> {
  if (config.REDIS_URL === undefined) {
    await app.register(fastifyRateLimit, { global: false });
    app.decorate('sharedCounters', { kind: 'memory', failures: new MemoryFailureStore() } satisfies SharedCounters);
    return;
  }
  const redis = connectRedis(config.REDIS_URL, app.log);
  app.addHook('onClose', () => closeRedis(redis));
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:` });
  const failures = new RedisFailureStore(redis, `${config.REDIS_PREFIX}backoff:`);
  app.decorate('sharedCounters', { kind: 'redis', failures, redis } satisfies SharedCounters);
}

/** How long a client is asked to wait when the counters cannot be reached. */
export const UNAVAILABLE_RETRY_S = 5;

/** The counters could not be reached (Redis down or slow): fail closed, logged, with Retry-After. */
function countersUnavailable(log: FastifyBaseLogger, error: unknown): AppError {
  log.error({ error: safeError(error) }, 'rate-limit counters unreachable: answered 503');
  return new AppError('ServiceUnavailable', 'Temporarily unavailable; try again shortly', {
    retryAfterS: UNAVAILABLE_RETRY_S,
  });
}

/**
 * An account as a counter key: 128 bits of its SHA-256, so that no email address is written into Redis or read off a
 * key list (pseudonymous: whoever can read Redis can still test a guessed address).
 */
export function accountKey(account: string): string {
  return createHash('sha256').update(account).digest('base64url').slice(0, 22);
}

type Limits = Pick<Config, 'RATE_LIMIT_PER_ACCOUNT' | 'RATE_LIMIT_PER_ADDRESS' | 'RATE_LIMIT_WINDOW_S'>;

/**
 * A preHandler (it runs after validation, so it can read the body) limiting one route: `account` names the account a
 * request is about (lower-cased email, user id) or undefined when there is none.
 */
export function accountAndAddressLimit(
  app: FastifyInstance,
  limits: Limits,
  route: string,
  account: (request: FastifyRequest) => string | undefined,
): (request: FastifyRequest) => Promise<void> {
  const timeWindow = limits.RATE_LIMIT_WINDOW_S * 1000;
  const perAddress = app.createRateLimit({
    max: limits.RATE_LIMIT_PER_ADDRESS,
    timeWindow,
    keyGenerator: (request) => `${route}|address|${request.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: limits.RATE_LIMIT_PER_ACCOUNT,
    timeWindow,
    keyGenerator: (request) => `${route}|account|${accountKey(account(request) ?? '')}`,
  });
  return async (request) => {
    for (const [limit, what] of [
      [perAddress, 'address'],
      [perAccount, 'account'],
    ] as const) {
      if (what === 'account' && account(request) === undefined) continue;
      let verdict: Awaited<ReturnType<typeof limit>>;
      try {
        verdict = await limit(request);
      } catch (error) {
        throw countersUnavailable(request.log, error);
      }
      // `isAllowed` means "on the allow list"; `isExceeded` is the verdict.
      if (!verdict.isAllowed && verdict.isExceeded) {
        throw new AppError('TooManyRequests', `Too many requests for this ${what}; try again later`, {
          retryAfterS: verdict.ttlInSeconds,
        });
      }
    }
  };
}

type BackoffLimits = Pick<
  Config,
  'RATE_LIMIT_PER_ACCOUNT' | 'RATE_LIMIT_FAILURES_PER_ADDRESS' | 'RATE_LIMIT_BACKOFF_MAX_S'
>;

/** How long a failure is remembered after the last one (and never less than its back-off). */
export const FAILURE_MEMORY_S = 3600;

/**
 * Exponential back-off on FAILURES only (docs/security.md, OWASP ASVS V2.2.1): wrong passwords and wrong codes are
 * counted per client address (any account), per account (across addresses) and per account × address. Successes
 * and refused requests are not failures. After the free failures (RATE_LIMIT_FAILURES_PER_ADDRESS per address,
 * RATE_LIMIT_PER_ACCOUNT per account) each further one makes the next try wait 1 s, 2 s, 4 s … at most
 * RATE_LIMIT_BACKOFF_MAX_S after it.
 *
 * The account's back-off holds only for the addresses that have failed on that account: an attacker cannot lock the
 * owner out, whose address has not failed (the owner signs in at once with the right password). The counters live in
 * a FailureStore (failure-store.ts: memory, or Redis shared by the nodes), on the domain's clock.
 */
export class FailureBackoff {
  constructor(
    private readonly limits: BackoffLimits,
    private readonly now: () => Date,
    private readonly store: FailureStore = new MemoryFailureStore(),
  ) {}

  private rules(): BackoffRules {
    const { RATE_LIMIT_FAILURES_PER_ADDRESS, RATE_LIMIT_PER_ACCOUNT, RATE_LIMIT_BACKOFF_MAX_S } = this.limits;
    return {
      freePerAddress: RATE_LIMIT_FAILURES_PER_ADDRESS,
      freePerAccount: RATE_LIMIT_PER_ACCOUNT,
      maxDelayMs: RATE_LIMIT_BACKOFF_MAX_S * 1000,
      memoryMs: Math.max(FAILURE_MEMORY_S, RATE_LIMIT_BACKOFF_MAX_S) * 1000,
    };
  }

  private keys(scope: string, address: string, account: string | undefined): AttemptKeys {
    if (account === undefined) return [`${scope}|address|${address}`];
    const a = accountKey(account);
    return [`${scope}|address|${address}`, `${scope}|account|${a}`, `${scope}|pair|${a}|${address}`];
  }

  /**
   * Runs `attempt` unless the address must wait (429 TooManyRequests with Retry-After). The attempt counts as a
   * failure from its start, so that parallel guesses see each other (on every node: the store checks and counts in
   * one atomic step); a result takes it back (and forgets the address's failures on that account), as does a thrown
   * error whose name is not in `failures`. Counters out of reach: 503 ServiceUnavailable, and no attempt.
   */
  async guard<T>(
    scope: string,
    request: FastifyRequest,
    account: string | undefined,
    failures: readonly string[],
    attempt: () => Promise<T>,
  ): Promise<T> {
    const keys = this.keys(scope, request.ip, account);
    let waitMs: number;
    try {
      waitMs = await this.store.begin(keys, this.now().getTime(), this.rules());
    } catch (error) {
      throw countersUnavailable(request.log, error);
    }
    if (waitMs > 0) {
      throw new AppError('TooManyRequests', 'Too many failed attempts from this address; try again later', {
        retryAfterS: Math.ceil(waitMs / 1000),
      });
    }
    let failed = false;
    try {
      return await attempt();
    } catch (error) {
      failed = error instanceof AppError && failures.includes(error.error);
      throw error;
    } finally {
      if (!failed) {
        // not taken back (Redis gone since): the attempt stays counted as a failure, the safe side
        await this.store.takeBack(keys, account !== undefined).catch((error: unknown) => {
          request.log.error({ error: safeError(error) }, 'rate-limit counters unreachable: a success stays counted');
        });
      }
    }
  }
}

/** A per-address request limit (a flood guard that cannot lock any account out). */
export function addressLimit(
  app: FastifyInstance,
  limits: Limits,
  route: string,
): (request: FastifyRequest) => Promise<void> {
  return accountAndAddressLimit(app, limits, route, () => undefined);
}
