import {
  CSRF_HEADER,
  fillPath,
  IDENTITY_PATHS,
  REFRESH_COOKIE,
  TWO_FACTOR_PATHS as P,
  type CloudSession,
  type RevokedSessions,
  type SessionInfo,
  type SessionList,
} from '@rackside/protocol';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createConfirmedUser, errorOf, PASSWORD } from '../../test/factories';
import { describeUserAgent } from './user-agent';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDatabase('identity: the sessions page (list, revoke one, revoke the others)', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  /** Signs in as a browser would, from an address; the session and its refresh token. */
  async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${IDENTITY_PATHS.signIn}`,
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    const refreshToken = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
    return { token: res.json<CloudSession>().idToken, refreshToken };
  }
  const list = async (token: string) => {
    const res = await call(t.app, 'GET', P.sessions, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionList>().sessions;
  };
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${IDENTITY_PATHS.refresh}`,
      headers: { [CSRF_HEADER]: '1' },
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });

  it('lists the live sessions: browser, system, address, created, last seen and this device', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const desk = await signInFrom(email, CHROME_WINDOWS, '192.0.2.10');
    t.clock.advanceSeconds(60);
    const phone = await signInFrom(email, SAFARI_IPHONE, '198.51.100.20');
    t.clock.advanceSeconds(60);
    // a refresh is the session's "last seen", from the address it came from
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api${IDENTITY_PATHS.refresh}`,
      headers: { [CSRF_HEADER]: '1', 'user-agent': CHROME_WINDOWS },
      cookies: { [REFRESH_COOKIE]: desk.refreshToken },
      remoteAddress: '192.0.2.11',
    });
    expect(refreshed.statusCode).toBe(200);
    const sessions = await list(phone.token);
    expect(sessions.map((s): Partial<SessionInfo> => ({ ...s, id: undefined }))).toEqual([
      {
        id: undefined,
        browser: 'Chrome 131',
        os: 'Windows',
        address: '192.0.2.11',
        createdAt: '2026-01-15T10:00:00.000Z',
        lastSeenAt: '2026-01-15T10:02:00.000Z',
        current: false,
      },
      {
        id: undefined,
        browser: 'Safari 17',
        os: 'iOS',
        address: '198.51.100.20',
        createdAt: '2026-01-15T10:01:00.000Z',
        lastSeenAt: '2026-01-15T10:01:00.000Z',
        current: true,
      },
    ]);
  });

  it('revokes one session: its tokens and its refresh stop working; the caller goes on', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const mine = await signInFrom(email, CHROME_WINDOWS, '192.0.2.10');
    const other = await signInFrom(email, FIREFOX_LINUX, '192.0.2.20');
    const otherId = (await list(mine.token)).find((s) => !s.current)?.id ?? '';
    const res = await call(t.app, 'DELETE', fillPath(P.session, { sessionId: otherId }), undefined, mine.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, other.token)).statusCode).toBe(401);
    const dead = await refresh(other.refreshToken);
    expect([dead.statusCode, errorOf(dead).error]).toEqual([401, 'Unauthorized']);
    expect((await list(mine.token)).map((s) => s.current)).toEqual([true]);
    const twice = await call(t.app, 'DELETE', fillPath(P.session, { sessionId: otherId }), undefined, mine.token);
    expect([twice.statusCode, errorOf(twice).error]).toEqual([404, 'NotFound']);
  });

  it("cannot revoke another user's session (404, and it goes on)", async () => {
    const alice = await createConfirmedUser(t.app, t.mailer);
    const bob = await createConfirmedUser(t.app, t.mailer);
    const a = await signInFrom(alice.email, CHROME_WINDOWS, '192.0.2.10');
    const b = await signInFrom(bob.email, FIREFOX_LINUX, '192.0.2.20');
    const bobsId = (await list(b.token))[0]?.id ?? '';
    const res = await call(t.app, 'DELETE', fillPath(P.session, { sessionId: bobsId }), undefined, a.token);
    expect([res.statusCode, errorOf(res).error]).toEqual([404, 'NotFound']);
    expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, b.token)).statusCode).toBe(200);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
    // nor see it
    expect((await list(a.token)).map((s) => s.id)).not.toContain(bobsId);
  });

  it('revokes every other session, and answers bad ids 400 without a change', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const mine = await signInFrom(email, CHROME_WINDOWS, '192.0.2.10');
    const others = [
      await signInFrom(email, FIREFOX_LINUX, '192.0.2.20'),
      await signInFrom(email, SAFARI_IPHONE, '192.0.2.30'),
    ];
    for (const bad of ['not-a-uuid', '%00', 'x'.repeat(90)]) {
      const res = await call(t.app, 'DELETE', fillPath(P.session, { sessionId: bad }), undefined, mine.token);
      expect([res.statusCode, errorOf(res).error], bad.slice(0, 20)).toEqual([400, 'ValidationError']);
    }
    expect(await list(mine.token)).toHaveLength(3);
    const res = await call(t.app, 'POST', P.revokeOtherSessions, undefined, mine.token);
    expect(res.json<RevokedSessions>()).toEqual({ revoked: 2 });
    for (const other of others) {
      expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, other.token)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    }
    expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, mine.token)).statusCode).toBe(200);
    expect((await list(mine.token)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, path] of [
      ['GET', P.sessions],
      ['POST', P.revokeOtherSessions],
      ['DELETE', fillPath(P.session, { sessionId: '7f0c2b0e-5d4a-4c1e-9a57-2f3e1c0b9d11' })],
    ] as const) {
      expect((await call(t.app, method, path)).statusCode, path).toBe(401);
    }
  });
});

it('tells browsers and systems from user agents', () => {
  expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 131', os: 'Windows' });
  expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', os: 'Linux' });
  expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS' });
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ),
  ).toEqual({ browser: 'Edge 131', os: 'macOS' });
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ),
  ).toEqual({ browser: 'Chrome 131', os: 'Android' });
  expect(describeUserAgent('')).toEqual({ browser: '', os: '' });
  expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'curl 8', os: '' });
});
