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
