/**
 * Bearer authentication (spec 1 §6: cloud calls carry the user's id token as bearer; an access token is accepted
 * too). A token is good when its signature and expiry are, and its session is neither revoked nor expired, so that
 * sign-out ends the id and access tokens at once. `app.authenticate` admits any signed-in user;
 * `app.authenticateVerified` also wants a verified email (spec 1 §6: "any signed-in user with a verified email acts").
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { AppError } from './errors';
import type { TokenService } from './tokens';

/** The caller of an authenticated request. */
export interface AuthUser {
  /**
   * The account whose rows the request acts on: the signed-in account, or on a route with a permission the owner of
   * the organisation the request acts in (plugins/policy.ts; issue 21).
   */
  readonly id: string;
  /** The signed-in account when it acts in another account's organisation (then `id` is the owner's). */
  readonly actorId?: string;
  /** The venues the caller's role there is narrowed to (plugins/venue-scope.ts); absent: every venue. */
  readonly venueIds?: readonly string[];
  readonly email: string;
  readonly emailVerified: boolean;
  readonly sessionId: string;
  /** From where the request came (the audit log's "from where"; issue 21). */
  readonly client?: RequestClient;
}

/** A request's client: its address (the forwarded one behind TRUST_PROXY) and its User-Agent, if it sent one. */
export interface RequestClient {
  readonly ip: string;
  readonly userAgent: string | null;
}

/** The client of a request. */
export const clientOf = (request: FastifyRequest): RequestClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes that do not authenticate. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 Unauthorized unless the bearer token and its session are live. */
    authenticate: AuthHook;
    /** As `authenticate`, then 403 EmailNotVerified unless the user's email is verified. */
    authenticateVerified: AuthHook;
  }
}

/** The authenticated caller; throws Unauthorized on a route that forgot its authenticate hook. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (request.user === null) throw new AppError('Unauthorized', 'Sign in first');
  return request.user;
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

/** Decorates the root instance with `authenticate`, `authenticateVerified` and `request.user`. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: TokenService; clock: Clock }): void {
  const { db, tokens, clock } = deps;

  const authenticate: AuthHook = async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw new AppError('Unauthorized', 'Missing bearer token');
    const subject = await tokens.verify(token);
    const [row] = await db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, subject.sessionId),
          eq(sessions.userId, subject.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    if (row === undefined) throw new AppError('Unauthorized', 'The session has ended; sign in again');
    request.user = { id: subject.userId, sessionId: subject.sessionId, ...row, client: clientOf(request) };
  };

  app.decorateRequest('user', null);
  app.decorate('authenticate', authenticate);
  app.decorate('authenticateVerified', async (request: FastifyRequest) => {
    await authenticate(request);
    if (!currentUser(request).emailVerified) throw new AppError('EmailNotVerified', 'Verify your email address first');
  });
}
