import { IDENTITY_PATHS as P, IdTokenClaimsSchema, type CloudSession, type CloudUser } from '@rackside/protocol';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import {
  call,
  createConfirmedUser,
  createSignedInUser,
  errorOf,
  PASSWORD,
  signIn,
  uniqueEmail,
} from '../../test/factories';

describeEachDatabase('identity: sign-in, tokens, refresh, sign-out', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const me = (token: string) => call(t.app, 'GET', P.me, undefined, token);
  const refresh = (refreshToken: string) => call(t.app, 'POST', P.refresh, { refreshToken });

  it('signs in case-insensitively and returns the spec 1 §3 session', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer, uniqueEmail('Mixed'));
    const res = await call(t.app, 'POST', P.signIn, { email: `  ${email.toLowerCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = res.json<CloudSession>();
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'expiresIn', 'idToken', 'refreshToken', 'user']);
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
    const { session } = await createSignedInUser(t.app, t.mailer);
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

    const renewed = await refresh(session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<CloudSession>().idToken)).statusCode).toBe(200);
  });

  it('rotates the refresh token; reusing a rotated one revokes the session', async () => {
    const { session } = await createSignedInUser(t.app, t.mailer);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json<CloudSession>();
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.user).toEqual(session.user);

    const reused = await refresh(session.refreshToken);
    expect([reused.statusCode, errorOf(reused).error]).toEqual([401, 'Unauthorized']);
    // The leak ends the whole session: the newest refresh token and the id tokens stop working too.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await me(next.idToken)).statusCode).toBe(401);
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('ends a session 30 days after sign-in however often it is refreshed', async () => {
    const { session } = await createSignedInUser(t.app, t.mailer);
    let token = session.refreshToken;
    for (let day = 0; day < 29; day++) {
      t.clock.advanceSeconds(24 * 3600);
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json<CloudSession>().refreshToken;
    }
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('sign-out revokes this session only; global sign-out revokes them all', async () => {
    const { email, session: a } = await createSignedInUser(t.app, t.mailer);
    const b = await signIn(t.app, email);
    const c = await signIn(t.app, email);

    const out = await call(t.app, 'POST', P.signOut, {}, a.idToken);
    expect([out.statusCode, out.json()]).toEqual([200, { ok: true }]);
    expect((await me(a.idToken)).statusCode).toBe(401);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await me(b.idToken)).statusCode).toBe(200);

    const all = await call(t.app, 'POST', P.signOut, { global: true }, b.idToken);
    expect(all.statusCode).toBe(200);
    for (const s of [b, c]) {
      expect((await me(s.idToken)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    expect((await call(t.app, 'POST', P.signOut, {}, b.idToken)).statusCode).toBe(401);
  });
});
