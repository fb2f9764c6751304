import {
  CSRF_HEADER,
  IDENTITY_PATHS as P,
  IdTokenClaimsSchema,
  REFRESH_COOKIE,
  type CloudSession,
  type CloudUser,
} from '@rackside/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createConfirmedUser, errorOf, PASSWORD, uniqueEmail } from '../../test/factories';

describeEachDatabase('identity: sign-in, tokens, refresh, sign-out', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const me = (token: string) => call(t.app, 'GET', P.me, undefined, token);
  /** The console's refresh: the cookie and the CSRF header, no body. */
  const refresh = (refreshToken: string, headers: Record<string, string> = { [CSRF_HEADER]: '1' }) =>
    t.app.inject({ method: 'POST', url: `/api${P.refresh}`, headers, cookies: { [REFRESH_COOKIE]: refreshToken } });
  const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE);
  /** The refresh token a reply put in the cookie. */
  const tokenOf = (res: LightMyRequestResponse): string => {
    const value = cookieOf(res)?.value;
    if (value === undefined || value === '') throw new Error(`no refresh cookie in ${res.statusCode} ${res.body}`);
    return value;
  };
  /** Signs in as the console does; the session and the refresh token of its cookie. */
  const signInWithCookie = async (email: string) => {
    const res = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD });
    return { session: res.json<CloudSession>(), refreshToken: tokenOf(res) };
  };

  it('signs in case-insensitively and returns the spec 1 §3 session', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer, uniqueEmail('Mixed'));
    const res = await call(t.app, 'POST', P.signIn, { email: `  ${email.toLowerCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = res.json<CloudSession>();
    // issue 16: the refresh token is in the cookie only, never in a body a script can read
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'expiresIn', 'idToken', 'user']);
    expect(res.body).not.toContain(tokenOf(res));
    expect(session.expiresIn).toBe(3600);
    const claims = IdTokenClaimsSchema.parse(decodeJwt(session.idToken));
    expect(session.user).toEqual({ username: claims.sub, email, emailVerified: true });
    expect(claims).toMatchObject({ sub: session.user.username, email, email_verified: true, token_use: 'id' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(decodeJwt(session.accessToken).token_use).toBe('access');

    for (const token of [session.idToken, session.accessToken]) {
      const who = await me(token);
      expect([who.statusCode, who.json<CloudUser>()]).toEqual([200, session.user]);
    }
  });

  it('answers the login errors of spec 1 §8', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const cases: [unknown, number, string][] = [
      [{ email }, 400, 'RequiredFieldsMissing'],
      [{ email, password: '' }, 400, 'RequiredFieldsMissing'],
      [{ email: uniqueEmail(), password: PASSWORD }, 404, 'EmailNotFound'],
      [{ email, password: 'Wr0ng-password' }, 400, 'InvalidPassword'],
    ];
    for (const [body, status, error] of cases) {
      const res = await call(t.app, 'POST', P.signIn, body);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(body)).toEqual([status, error]);
    }
  });

  it('refuses missing, malformed, foreign and expired bearer tokens', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const { session, refreshToken } = await signInWithCookie(email);
    const none = await call(t.app, 'GET', P.me);
    expect([none.statusCode, errorOf(none).error]).toEqual([401, 'Unauthorized']);
    expect((await me('not.a.jwt')).statusCode).toBe(401);
    const foreign = await new SignJWT({ ...decodeJwt(session.idToken) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(foreign)).statusCode).toBe(401);

    t.clock.advanceSeconds(3599);
    expect((await me(session.idToken)).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    const expired = await me(session.idToken);
    expect([expired.statusCode, errorOf(expired).message]).toEqual([401, 'The token has expired']);

    const renewed = await refresh(refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<CloudSession>().idToken)).statusCode).toBe(200);
  });

  it('rotates the refresh cookie; reusing a rotated-out token revokes the session and clears the cookie', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const { session, refreshToken } = await signInWithCookie(email);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json<CloudSession>();
    const nextToken = tokenOf(first);
    expect(nextToken).not.toBe(refreshToken);
    expect(next.user).toEqual(session.user);
    expect(Object.keys(next)).not.toContain('refreshToken');

    const reused = await refresh(refreshToken);
    expect([reused.statusCode, errorOf(reused).error]).toEqual([401, 'Unauthorized']);
    expect(cookieOf(reused)).toMatchObject({ value: '', path: '/api/auth/refresh', maxAge: 0 });
    // The leak ends the whole session: the newest refresh token and the id tokens stop working too.
    expect((await refresh(nextToken)).statusCode).toBe(401);
    expect((await me(next.idToken)).statusCode).toBe(401);
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, on the refresh path, for what is left of the session', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const res = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD });
    const attributes = { path: '/api/auth/refresh', httpOnly: true, sameSite: 'Strict' };
    expect(cookieOf(res)).toMatchObject({ ...attributes, maxAge: 30 * 24 * 3600 });
    // PUBLIC_URL is http here: a Secure cookie would be dropped by the browser on any host but localhost
    expect(cookieOf(res)?.secure).toBeUndefined();
    t.clock.advanceSeconds(24 * 3600);
    expect(cookieOf(await refresh(tokenOf(res)))).toMatchObject({ ...attributes, maxAge: 29 * 24 * 3600 });
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    await t.app.close();
    t = await buildTestApp(db(), { config: { PUBLIC_URL: 'https://rackside.example' } });
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const res = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatchObject({
      path: '/api/auth/refresh',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('refreshes from the cookie only, and only with the CSRF header', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const { refreshToken } = await signInWithCookie(email);
    // a cross-site form or fetch cannot set the header: refused, and the cookie is left alone (it still works)
    const forged = await refresh(refreshToken, { 'content-type': 'text/plain' });
    expect([forged.statusCode, errorOf(forged).error]).toEqual([401, 'Unauthorized']);
    expect(cookieOf(forged)).toBeUndefined();
    const wrong = await refresh(refreshToken, { [CSRF_HEADER]: 'yes' });
    expect(wrong.statusCode).toBe(401);
    // the token in a body is not read any more
    const inBody = await call(t.app, 'POST', P.refresh, { refreshToken });
    expect(inBody.statusCode).toBe(401);
    const noCookie = await t.app.inject({ method: 'POST', url: `/api${P.refresh}`, headers: { [CSRF_HEADER]: '1' } });
    expect([noCookie.statusCode, errorOf(noCookie).error]).toEqual([401, 'Unauthorized']);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });

  it('ends a session 30 days after sign-in however often it is refreshed', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    let token = (await signInWithCookie(email)).refreshToken;
    for (let day = 0; day < 29; day++) {
      t.clock.advanceSeconds(24 * 3600);
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = tokenOf(res);
    }
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('sign-out revokes this session only and clears the cookie; global sign-out revokes them all', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const a = await signInWithCookie(email);
    const b = await signInWithCookie(email);
    const c = await signInWithCookie(email);

    const out = await call(t.app, 'POST', P.signOut, {}, a.session.idToken);
    expect([out.statusCode, out.json()]).toEqual([200, { ok: true }]);
    expect(cookieOf(out)).toMatchObject({ value: '', path: '/api/auth/refresh', maxAge: 0, httpOnly: true });
    expect((await me(a.session.idToken)).statusCode).toBe(401);
    expect((await me(a.session.accessToken)).statusCode).toBe(401);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await me(b.session.idToken)).statusCode).toBe(200);

    const all = await call(t.app, 'POST', P.signOut, { global: true }, b.session.idToken);
    expect(all.statusCode).toBe(200);
    for (const s of [b, c]) {
      expect((await me(s.session.idToken)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    expect((await call(t.app, 'POST', P.signOut, {}, b.session.idToken)).statusCode).toBe(401);
  });

  it('signs in without the cookie when asked (a password check), and signs that session out leaving the cookie', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const check = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD, refreshCookie: false });
    expect([check.statusCode, cookieOf(check)]).toEqual([200, undefined]);
    const out = await call(t.app, 'POST', P.signOut, { refreshCookie: false }, check.json<CloudSession>().idToken);
    expect([out.statusCode, cookieOf(out)]).toEqual([200, undefined]);
  });
});
