/**
 * Rate limits of the sign-in and code endpoints (ARCHITECTURE.md §4), per account (the email, or the signed-in user)
 * and per client address, on @fastify/rate-limit's store. Over the limit: 429 TooManyRequests with Retry-After.
 * The store is in process memory: with several instances each counts alone (a shared store plugs in as `store`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

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
    keyGenerator: (request) => `${route}|account|${account(request) ?? ''}`,
  });
  return async (request) => {
    for (const [limit, what] of [
      [perAddress, 'address'],
      [perAccount, 'account'],
    ] as const) {
      if (what === 'account' && account(request) === undefined) continue;
      const verdict = await limit(request);
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
/** At most this many counters (address, account, address × account) are kept; the least recent go first. */
const MAX_ENTRIES = 100_000;

interface Failures {
  count: number;
  /** ms since the epoch of the last failure. */
  last: number;
}

/**
 * Exponential back-off on FAILURES only (docs/security.md, OWASP ASVS V2.2.1): wrong passwords and wrong codes are
 * counted per client address (any account), per account (across addresses) and per account × address. Successes
 * and refused requests are not failures. After the free failures (RATE_LIMIT_FAILURES_PER_ADDRESS per address,
 * RATE_LIMIT_PER_ACCOUNT per account) each further one makes the next try wait 1 s, 2 s, 4 s … at most
 * RATE_LIMIT_BACKOFF_MAX_S after it.
 *
 * The account's back-off holds only for the addresses that have failed on that account: an attacker cannot lock the
 * owner out, whose address has not failed (the owner signs in at once with the right password). Counters live in
 * process memory, like @fastify/rate-limit's store, on the domain's clock.
 */
export class FailureBackoff {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly limits: BackoffLimits,
    private readonly now: () => Date,
  ) {}

  private delayS(failures: Failures | undefined, free: number): number {
    if (failures === undefined || failures.count < free) return 0;
    const delay = Math.min(2 ** (failures.count - free), this.limits.RATE_LIMIT_BACKOFF_MAX_S);
    return Math.max(0, failures.last / 1000 + delay - this.now().getTime() / 1000);
  }

  private get(key: string): Failures | undefined {
    const f = this.failures.get(key);
    if (f === undefined) return undefined;
    const quietS = (this.now().getTime() - f.last) / 1000;
    if (quietS > Math.max(FAILURE_MEMORY_S, this.limits.RATE_LIMIT_BACKOFF_MAX_S)) {
      this.failures.delete(key);
      return undefined;
    }
    return f;
  }

  /** Seconds this address must wait before it may try this account again (0: go ahead). */
  waitS(scope: string, address: string, account: string | undefined): number {
    const byAddress = this.delayS(this.get(`${scope}|address|${address}`), this.limits.RATE_LIMIT_FAILURES_PER_ADDRESS);
    if (account === undefined || this.get(`${scope}|pair|${account}|${address}`) === undefined) return byAddress;
    const byAccount = this.delayS(this.get(`${scope}|account|${account}`), this.limits.RATE_LIMIT_PER_ACCOUNT);
    return Math.max(byAddress, byAccount);
  }

  private keys(scope: string, address: string, account: string | undefined): string[] {
    const keys = [`${scope}|address|${address}`];
    if (account !== undefined) keys.push(`${scope}|account|${account}`, `${scope}|pair|${account}|${address}`);
    return keys;
  }

  /** Counts a failure of this address on this account. */
  fail(scope: string, address: string, account: string | undefined): void {
    const at = this.now().getTime();
    for (const key of this.keys(scope, address, account)) {
      const f = this.get(key);
      // re-inserted: the Map's order is the order of the last failure, oldest first
      this.failures.delete(key);
      this.failures.set(key, { count: (f?.count ?? 0) + 1, last: at });
    }
    // bounded memory: a flood of made-up accounts forgets the least recent entries first
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_ENTRIES) break;
      this.failures.delete(key);
    }
  }

  /** Takes back a failure counted in advance (the attempt turned out not to be one). */
  private unfail(scope: string, address: string, account: string | undefined): void {
    for (const key of this.keys(scope, address, account)) {
      const f = this.failures.get(key);
      if (f === undefined) continue;
      if (f.count <= 1) this.failures.delete(key);
      else f.count -= 1;
    }
  }

  /**
   * Runs `attempt` unless the address must wait (429 TooManyRequests with Retry-After). The attempt counts as a
   * failure from its start, so that parallel guesses see each other; a result takes it back (and forgets the
   * address's failures on that account), as does a thrown error whose name is not in `failures`.
   */
  async guard<T>(
    scope: string,
    request: FastifyRequest,
    account: string | undefined,
    failures: readonly string[],
    attempt: () => Promise<T>,
  ): Promise<T> {
    const address = request.ip;
    const waitS = this.waitS(scope, address, account);
    if (waitS > 0) {
      throw new AppError('TooManyRequests', 'Too many failed attempts from this address; try again later', {
        retryAfterS: Math.ceil(waitS),
      });
    }
    this.fail(scope, address, account);
    let failed = false;
    try {
      return await attempt();
    } catch (error) {
      failed = error instanceof AppError && failures.includes(error.error);
      throw error;
    } finally {
      if (!failed) {
        this.unfail(scope, address, account);
        if (account !== undefined) this.failures.delete(`${scope}|pair|${account}|${address}`);
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
