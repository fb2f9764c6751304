import {
  CSRF_HEADER,
  IDENTITY_PATHS,
  REFRESH_COOKIE,
  TWO_FACTOR_PATHS as P,
  type CloudSession,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { twoFactor } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf, PASSWORD } from '../../test/factories';

/** The code an authenticator app shows for `secret` at `at` (what the user types). */
const appCode = (secret: string, at: Date): string => authenticator.clone({ epoch: at.getTime() }).generate(secret);

describeEachDatabase('identity: two-factor sign-in (TOTP, recovery codes)', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const code = (secret: string) => appCode(secret, t.clock.now());
  const signInStep1 = (email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api${IDENTITY_PATHS.signIn}`, payload: { email, password }, remoteAddress });
  const signInStep2 = (challenge: string, typed: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api${P.signInCode}`,
      payload: { challenge, code: typed },
      remoteAddress,
    });
  const status = async (token: string) =>
    (await call(t.app, 'GET', P.status, undefined, token)).json<TwoFactorStatus>();

  /** A signed-in user with two-factor on: its token, secret and recovery codes. The clock is then one step on. */
  async function enrolled() {
    const user = await createSignedInUser(t.app, t.mailer);
    const enrol = await call(t.app, 'POST', P.enrol, undefined, user.token);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json<TwoFactorEnrolment>();
    const confirm = await call(t.app, 'POST', P.confirm, { code: code(secret) }, user.token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    t.clock.advanceSeconds(30); // the confirming code is used up; the next sign-in takes the next step's code
    return { ...user, secret, recoveryCodes: confirm.json<RecoveryCodes>().recoveryCodes };
  }

  async function challengeFor(email: string): Promise<string> {
    const res = await signInStep1(email);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<TwoFactorChallenge>();
    expect(Object.keys(reply).sort()).toEqual(['challenge', 'expiresIn', 'twoFactorRequired']);
    expect([reply.twoFactorRequired, typeof reply.challenge, reply.expiresIn]).toEqual([true, 'string', 300]);
    // no session, no cookie before the second factor
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    return reply.challenge;
  }

  it('enrols: a secret and otpauth URI, off until a first code confirms it, then ten recovery codes', async () => {
    const user = await createSignedInUser(t.app, t.mailer);
    expect(await status(user.token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await call(t.app, 'POST', P.enrol, undefined, user.token);
    const { secret, otpauthUri } = res.json<TwoFactorEnrolment>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect([uri.protocol, uri.host, uri.searchParams.get('secret'), uri.searchParams.get('issuer')]).toEqual([
      'otpauth:',
      'totp',
      secret,
      'Rackside',
    ]);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    // pending: sign-in does not ask for a code yet
    expect((await signInStep1(user.email)).json<CloudSession>().idToken).toBeTruthy();
    expect(await status(user.token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const wrong = await call(t.app, 'POST', P.confirm, { code: '000000' }, user.token);
    expect([wrong.statusCode, errorOf(wrong).error]).toEqual([400, 'InvalidCode']);
    const ok = await call(t.app, 'POST', P.confirm, { code: code(secret) }, user.token);
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(user.token)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const again = await call(t.app, 'POST', P.enrol, undefined, user.token);
    expect([again.statusCode, errorOf(again).error]).toEqual([409, 'TwoFactorAlreadyEnabled']);
  });

  it('signs in with the password, then a code generated from the secret; the session works and refreshes', async () => {
    const user = await enrolled();
    const challenge = await challengeFor(user.email);
    const res = await signInStep2(challenge, code(user.secret));
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<CloudSession>();
    expect(session.user.email).toBe(user.email);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, session.idToken)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api${IDENTITY_PATHS.refresh}`,
      headers: { [CSRF_HEADER]: '1' },
      cookies: { [REFRESH_COOKIE]: cookie?.value ?? '' },
    });
    expect(refreshed.statusCode).toBe(200);
    // the challenge is single use
    t.clock.advanceSeconds(30);
    const reused = await signInStep2(challenge, code(user.secret));
    expect([reused.statusCode, errorOf(reused).error]).toEqual([401, 'TwoFactorChallengeInvalid']);
  });

  it('refuses a code used once already (replay in its window), and an expired challenge', async () => {
    const user = await enrolled();
    const first = await signInStep2(await challengeFor(user.email), code(user.secret));
    expect(first.statusCode).toBe(200);
    const typed = code(user.secret);
    const replay = await signInStep2(await challengeFor(user.email), typed);
    expect([replay.statusCode, errorOf(replay).error]).toEqual([400, 'CodeAlreadyUsed']);
    // the previous step's code is still inside the ±1 window, yet older than the one used: refused too
    t.clock.advanceSeconds(30);
    const older = await signInStep2(await challengeFor(user.email), typed);
    expect([older.statusCode, errorOf(older).error]).toEqual([400, 'CodeAlreadyUsed']);

    const challenge = await challengeFor(user.email);
    t.clock.advanceSeconds(301);
    const late = await signInStep2(challenge, code(user.secret));
    expect([late.statusCode, errorOf(late).error]).toEqual([401, 'TwoFactorChallengeInvalid']);
  });

  it('refuses wrong codes, kills the challenge after five, and backs the address off', async () => {
    t = await (async () => {
      await t.app.close();
      return buildTestApp(db(), { config: { RATE_LIMIT_PER_ACCOUNT: '6', RATE_LIMIT_FAILURES_PER_ADDRESS: '1000' } });
    })();
    const user = await enrolled();
    const challenge = await challengeFor(user.email);
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(errorOf(await signInStep2(challenge, '000000', '10.0.0.66')).error);
    expect(answers).toEqual([...Array<string>(5).fill('InvalidCode'), 'CodeAttemptsExceeded']);
    // the account's back-off now holds that address (6 free failures), with Retry-After, before any code is checked
    const held = await signInStep2(challenge, code(user.secret), '10.0.0.66');
    expect([held.statusCode, errorOf(held).error]).toEqual([429, 'TooManyRequests']);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // from an address that has not failed: the right code no longer opens the dead challenge (a failure too)…
    const dead = await signInStep2(challenge, code(user.secret), '192.0.2.7');
    expect([dead.statusCode, errorOf(dead).error]).toEqual([400, 'CodeAttemptsExceeded']);
    // …and the owner, from yet another address, signs in at once with a new challenge
    const owner = await signInStep2(await challengeFor(user.email), code(user.secret), '198.51.100.9');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('takes a recovery code once (any case, with or without the dash); a used one is refused', async () => {
    const user = await enrolled();
    const [recovery = ''] = user.recoveryCodes;
    const typed = ` ${recovery.replace('-', '').toUpperCase()} `;
    const ok = await signInStep2(await challengeFor(user.email), typed);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await signInStep2(await challengeFor(user.email), recovery);
    expect([again.statusCode, errorOf(again).error]).toEqual([400, 'InvalidCode']);
    expect(await status(user.token)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('regenerates the recovery codes: the old ones stop working, the new ones work', async () => {
    const user = await enrolled();
    const res = await call(t.app, 'POST', P.recoveryCodes, { code: code(user.secret) }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<RecoveryCodes>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await signInStep2(await challengeFor(user.email), user.recoveryCodes[0] ?? '');
    expect(errorOf(old).error).toBe('InvalidCode');
    const works = await signInStep2(await challengeFor(user.email), fresh[0] ?? '');
    expect(works.statusCode).toBe(200);
  });

  it('turns off with the password and a code; sign-in then needs no code', async () => {
    const user = await enrolled();
    const cases: [unknown, number, string][] = [
      [{ password: 'Wr0ng.pass!', code: code(user.secret) }, 400, 'InvalidPassword'],
      [{ password: PASSWORD, code: '000000' }, 400, 'InvalidCode'],
      [{ password: PASSWORD }, 400, 'RequiredFieldsMissing'],
    ];
    for (const [body, statusCode, error] of cases) {
      const res = await call(t.app, 'POST', P.disable, body, user.token);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(body)).toEqual([statusCode, error]);
    }
    expect((await status(user.token)).enabled).toBe(true);
    const off = await call(t.app, 'POST', P.disable, { password: PASSWORD, code: code(user.secret) }, user.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(await status(user.token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await signInStep1(user.email)).json<CloudSession>().idToken).toBeTruthy();
    const twice = await call(t.app, 'POST', P.disable, { password: PASSWORD, code: code(user.secret) }, user.token);
    expect([twice.statusCode, errorOf(twice).error]).toEqual([409, 'TwoFactorNotEnabled']);
  });

  it('answers every bad body 400 and changes nothing', async () => {
    const user = await enrolled();
    const challenge = await challengeFor(user.email);
    const huge = 'x'.repeat(100_000);
    const bad: [string, unknown, boolean][] = [
      [P.signInCode, { challenge, code: '12\u000034' }, false],
      [P.signInCode, { challenge: `a\u0000b`, code: '123456' }, false],
      [P.signInCode, { challenge: huge, code: '123456' }, false],
      [P.signInCode, { challenge, code: huge }, false],
      [P.signInCode, { challenge, code: 123456 }, false],
      [P.signInCode, { challenge }, false],
      [P.confirm, { code: '1\u0000' }, true],
      [P.confirm, { code: huge }, true],
      [P.disable, { password: `${PASSWORD}\u0000`, code: code(user.secret) }, true],
      [P.disable, { password: PASSWORD, code: huge }, true],
      [P.recoveryCodes, { code: [] }, true],
      [P.recoveryCodes, {}, true],
    ];
    for (const [path, body, signed] of bad) {
      const res = await call(t.app, 'POST', path, body, signed ? user.token : undefined);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(['ValidationError', 'RequiredFieldsMissing']).toContain(errorOf(res).error);
    }
    // nothing changed: two-factor is on with all its codes, the challenge still works
    expect(await status(user.token)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await signInStep2(challenge, code(user.secret))).statusCode).toBe(200);
  });

  it('keeps the secret for the server only: no reply but the enrolment names it, and sign-in never does', async () => {
    const user = await enrolled();
    const res = await signInStep1(user.email);
    expect(res.body).not.toContain(user.secret);
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, user.session.user.username));
    expect(row?.enabledAt).not.toBeNull();
    expect((await call(t.app, 'GET', P.status, undefined, user.token)).body).not.toContain(user.secret);
  });
});
