/**
 * The refresh token's cookie (issue 16; docs/security.md "Sessions"): the console never sees the refresh token, so an
 * XSS hole cannot carry a 30-day credential away. The cookie is
 * - HttpOnly: no script reads it (document.cookie does not list it);
 * - SameSite=Strict: no other site's page, link or form makes the browser send it;
 * - Path = the refresh endpoint ({API_PREFIX}/auth/refresh): no other request carries it;
 * - Secure when PUBLIC_URL is https. On an http PUBLIC_URL (a laptop, `npm start`) it goes without Secure: browsers
 *   drop a Secure cookie set over plain http on any host but localhost, and an http deployment has no secrets to
 *   keep from the network anyway (docs/operator guide: production runs behind https, where HSTS is sent too);
 * - Max-Age = what is left of the session (sessions end REFRESH_TOKEN_TTL_S after sign-in, refreshing or not).
 * CSRF: besides SameSite=Strict, a refresh must carry CSRF_HEADER: 1, which a cross-site page can only send after a
 * CORS preflight the cloud never grants.
 */
import { CSRF_HEADER, IDENTITY_PATHS, REFRESH_COOKIE } from '@rackside/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedConfig } from '../../config';
import { AppError } from '../../plugins/errors';
import type { IssuedSession } from './sessions';

type CookieConfig = Pick<ResolvedConfig, 'API_PREFIX' | 'PUBLIC_URL'>;

const attributes = (config: CookieConfig) =>
  ({
    path: `${config.API_PREFIX}${IDENTITY_PATHS.refresh}`,
    httpOnly: true,
    sameSite: 'strict',
    secure: new URL(config.PUBLIC_URL).protocol === 'https:',
  }) as const;

/** Puts the session's refresh token in the cookie, to live as long as the session. */
export function setRefreshCookie(reply: FastifyReply, config: CookieConfig, issued: IssuedSession, now: Date): void {
  const maxAge = Math.max(0, Math.floor((issued.expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { ...attributes(config), maxAge });
}

/** Tells the browser to forget the cookie (sign-out, a refused refresh token). */
export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, attributes(config));
}

/** The refresh token of a cookie-borne refresh; Unauthorized without the CSRF header or without the cookie. */
export function refreshTokenOf(request: FastifyRequest): string {
  if (request.headers[CSRF_HEADER] !== '1') {
    throw new AppError('Unauthorized', `A refresh needs the ${CSRF_HEADER}: 1 header`);
  }
  const token = request.cookies[REFRESH_COOKIE];
  if (token === undefined || token === '' || token.length > 512) {
    throw new AppError('Unauthorized', 'No session cookie; sign in again');
  }
  return token;
}
