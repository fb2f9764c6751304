/**
 * Signed-in sessions: sign-in starts one (spec 1 §3 session: access, id and refresh tokens); refresh rotates its
 * refresh token (spec 1 §9: every minute); a rotated-out token presented again revokes the session (it leaked).
 * Sessions last REFRESH_TOKEN_TTL_S from sign-in; refreshing does not extend them. The refresh token leaves the
 * service only towards the route, which puts it in the refresh cookie (issue 16), never in a reply body.
 */
import type { CloudSession, CloudUser } from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import { AppError } from '../../plugins/errors';
import {
  findSessionByPreviousHash,
  findSessionByRefreshHash,
  findUserById,
  insertSession,
  revokeSession,
  rotateRefreshHash,
  type UserRow,
} from './identity.repo';

/** spec 1 §3 user: `username` is the account id. */
export const toCloudUser = (user: Pick<UserRow, 'id' | 'email' | 'emailVerified'>): CloudUser => ({
  username: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
});

/** A started or refreshed session: the reply body, and the refresh token and its end for the cookie. */
export interface IssuedSession {
  readonly session: CloudSession;
  readonly refreshToken: string;
  readonly expiresAt: Date;
}

/** Who is signing in or refreshing, for the sessions page (issue 21): the User-Agent header and the address. */
export interface SessionClient {
  readonly userAgent: string;
  readonly address: string;
}

/** The longest User-Agent kept. */
const USER_AGENT_MAX = 512;

const notLive = () => new AppError('Unauthorized', 'The refresh token is not valid; sign in again');

/** Starts and refreshes sessions. */
export class SessionService {
  constructor(private readonly ctx: DomainContext) {}

  /** A new session for a confirmed user. */
  async start(user: UserRow, client?: SessionClient): Promise<IssuedSession> {
    const { db, clock, config, tokens } = this.ctx;
    const now = clock.now();
    const refreshToken = tokens.newRefreshToken();
    const session = await insertSession(db, {
      userId: user.id,
      refreshHash: tokens.hashRefreshToken(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_S * 1000),
      userAgent: client?.userAgent.slice(0, USER_AGENT_MAX) ?? '',
      address: client?.address ?? '',
    });
    if (client !== undefined)
      await this.ctx.audit.signIn(user, session.id, {
        userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
        address: client.address,
      });
    return this.reply(user, session, refreshToken);
  }

  /** New tokens for a live refresh token, which stops working. Unauthorized otherwise. */
  async refresh(refreshToken: string, client?: SessionClient): Promise<IssuedSession> {
    const { db, clock, tokens } = this.ctx;
    const now = clock.now();
    const hash = tokens.hashRefreshToken(refreshToken);
    const session = await findSessionByRefreshHash(db, hash);
    if (session === undefined) {
      const leaked = await findSessionByPreviousHash(db, hash);
      if (leaked !== undefined) {
        await revokeSession(db, leaked.id, now);
        this.ctx.deviceEvents.signedOut(leaked.userId);
      }
      throw notLive();
    }
    if (session.revokedAt !== null || session.expiresAt.getTime() <= now.getTime()) throw notLive();
    const next = tokens.newRefreshToken();
    const rotated = await rotateRefreshHash(db, session.id, hash, tokens.hashRefreshToken(next), now, client?.address);
    const user = rotated === undefined ? undefined : await findUserById(db, session.userId);
    if (user === undefined) throw notLive();
    return this.reply(user, session, next);
  }

  private async reply(
    user: UserRow,
    { id: sessionId, expiresAt }: { id: string; expiresAt: Date },
    refreshToken: string,
  ): Promise<IssuedSession> {
    const { tokens } = this.ctx;
    const { idToken, accessToken } = await tokens.issue({
      userId: user.id,
      sessionId,
      email: user.email,
      emailVerified: user.emailVerified,
    });
    const session = { accessToken, idToken, expiresIn: tokens.expiresIn, user: toCloudUser(user) };
    return { session, refreshToken, expiresAt };
  }
}
