import { IDENTITY_PATHS as P, type CloudUser } from '@rackside/protocol';
import { afterEach, expect, it } from 'vitest';
import { TokenService } from '../../plugins/tokens';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachCounterStore } from '../../test/counters';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf, lastCode, PASSWORD, signUp, uniqueEmail } from '../../test/factories';

describeEachDatabase('identity: rate limits, malformed requests, other users', (db) => {
  let t: TestApp;
  afterEach(() => t.app.close());

  const signInFrom = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${P.signIn}`,
      payload: { email, password: 'Wr0ng.pass!' },
      remoteAddress,
    });

  /** A sign-in from an address (the owner's password by default). */
  const signInAs = (email: string, remoteAddress: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: `/api${P.signIn}`, payload: { email, password }, remoteAddress });

  /**
   * `n` wrong passwords from `address`, waiting out each back-off on the test clock; returns the Retry-After of every
   * 429 met on the way. Bounded: a limit the clock cannot wait out (the old per-account request limit) fails the test.
   */
  const failFrom = async (email: string, address: string, n: number): Promise<number[]> => {
    const waits: number[] = [];
    for (let failed = 0, tries = 0; failed < n; tries++) {
      if (tries > 3 * n) throw new Error(`only ${failed} of ${n} wrong passwords got through: ${waits.join(', ')}`);
      const res = await signInFrom(email, address);
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']);
        waits.push(wait);
        t.clock.advanceSeconds(wait);
      } else {
        expect([res.statusCode, errorOf(res).error]).toEqual([400, 'InvalidPassword']);
        failed++;
      }
    }
    return waits;
  };

  // on each counter store: process memory, and Redis with TEST_REDIS_URL (src/test/counters.ts)
  describeEachCounterStore('rate limits and back-offs', (counters) => {
    it('backs off an attacker failing on an account, yet the owner signs in at once from an address that has not failed', async () => {
      t = await buildTestApp(db(), {
        config: { ...counters(), RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FAILURES_PER_ADDRESS: '1000' },
      });
      const owner = await createSignedInUser(t.app, t.mailer);
      const waits = await failFrom(owner.email, '10.0.0.66', 20);
      // 3 free failures, then 1 s, 2 s, 4 s … doubling with each failure, at most RATE_LIMIT_BACKOFF_MAX_S (900 s)
      expect(waits.slice(0, 10)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
      expect(waits.slice(10)).toEqual(Array(waits.length - 10).fill(900));
      // the attacker's address is held, the right password included (a guess that worked must not be told)
      const held = await signInAs(owner.email, '10.0.0.66');
      expect([held.statusCode, errorOf(held).error]).toEqual([429, 'TooManyRequests']);
      expect(Number(held.headers['retry-after'])).toBe(900);
      // the owner, from an address that has not failed, signs in at once
      const ownerIn = await signInAs(owner.email, '192.0.2.10');
      expect(ownerIn.statusCode, ownerIn.body).toBe(200);
      // an owner's own typo during the attack goes through, and then that address waits with the account
      expect((await signInFrom(owner.email, '192.0.2.11')).statusCode).toBe(400);
      t.clock.advanceSeconds(1);
      expect((await signInAs(owner.email, '192.0.2.11')).statusCode).toBe(429);
    });

    it('counts parallel guesses against the back-off: each sees the ones still running', async () => {
      t = await buildTestApp(db(), {
        config: { ...counters(), RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FAILURES_PER_ADDRESS: '1000' },
      });
      const owner = await createSignedInUser(t.app, t.mailer);
      // the first guess makes the address×account pair that the account's back-off holds
      expect((await signInFrom(owner.email, '10.0.0.77')).statusCode).toBe(400);
      const replies = await Promise.all(Array.from({ length: 20 }, () => signInFrom(owner.email, '10.0.0.77')));
      const names = replies.map((r) => errorOf(r).error);
      expect(names.filter((n) => n === 'InvalidPassword')).toHaveLength(2);
      expect(names.filter((n) => n === 'TooManyRequests')).toHaveLength(18);
      expect((await signInAs(owner.email, '192.0.2.40')).statusCode).toBe(200);
    });

    it('counts failures only: an owner signing in often is never limited', async () => {
      t = await buildTestApp(db(), {
        config: { ...counters(), RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FAILURES_PER_ADDRESS: '3' },
      });
      const owner = await createSignedInUser(t.app, t.mailer);
      for (let i = 0; i < 12; i++)
        expect((await signInAs(owner.email, '192.0.2.20')).statusCode, `sign-in ${i}`).toBe(200);
      // a typo, then the right password: fine, and it forgets that address's failure on the account
      expect((await signInFrom(owner.email, '192.0.2.20')).statusCode).toBe(400);
      expect((await signInAs(owner.email, '192.0.2.20')).statusCode).toBe(200);
    });

    it('backs off an address failing across accounts, with a growing Retry-After; other addresses go on', async () => {
      t = await buildTestApp(db(), { config: { ...counters(), RATE_LIMIT_FAILURES_PER_ADDRESS: '3' } });
      for (let i = 0; i < 3; i++) expect((await signInFrom(uniqueEmail(), '10.0.1.1')).statusCode).toBe(404);
      const retryAfters: number[] = [];
      for (let i = 0; i < 4; i++) {
        const limited = await signInFrom(uniqueEmail(), '10.0.1.1');
        expect([limited.statusCode, errorOf(limited).error]).toEqual([429, 'TooManyRequests']);
        retryAfters.push(Number(limited.headers['retry-after']));
        t.clock.advanceSeconds(retryAfters.at(-1) ?? 0);
        expect((await signInFrom(uniqueEmail(), '10.0.1.1')).statusCode).toBe(404);
      }
      expect(retryAfters).toEqual([1, 2, 4, 8]);
      expect((await signInFrom(uniqueEmail(), '10.0.1.2')).statusCode).toBe(404);
      // failures are forgotten an hour after the last one
      t.clock.advanceSeconds(3601);
      for (let i = 0; i < 3; i++) expect((await signInFrom(uniqueEmail(), '10.0.1.1')).statusCode).toBe(404);
    });

    it('limits requests per address (a flood guard that bars the address, not the account)', async () => {
      t = await buildTestApp(db(), { config: { ...counters(), RATE_LIMIT_PER_ADDRESS: '3' } });
      const owner = await createSignedInUser(t.app, t.mailer);
      for (let i = 0; i < 3; i++) await signInAs(owner.email, '10.0.2.1');
      const limited = await signInAs(owner.email, '10.0.2.1');
      expect([limited.statusCode, errorOf(limited).error]).toEqual([429, 'TooManyRequests']);
      expect((await signInAs(owner.email, '10.0.2.2')).statusCode).toBe(200);
    });

    it('limits the code-sending endpoints per account (mail bombing)', async () => {
      t = await buildTestApp(db(), { config: { ...counters(), RATE_LIMIT_PER_ACCOUNT: '2' } });
      const { email } = await signUp(t.app);
      const codes = [
        [P.resendCode, { email }],
        [P.forgotPassword, { email }],
      ] as const;
      for (const [path, body] of codes) {
        for (let i = 0; i < 2; i++)
          expect(errorOf(await call(t.app, 'POST', path, body)).error, path).not.toBe('TooManyRequests');
        expect(errorOf(await call(t.app, 'POST', path, body)).error, path).toBe('TooManyRequests');
      }
    });
  });

  it('kills a sign-up code after 5 wrong tries, says so, and a new code works', async () => {
    t = await buildTestApp(db());
    const { email } = await signUp(t.app);
    const code = await lastCode(t.mailer, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries: string[] = [];
    for (let i = 0; i < 5; i++)
      tries.push(errorOf(await call(t.app, 'POST', P.confirmSignUp, { email, code: wrong })).error);
    expect(tries).toEqual(['InvalidCode', 'InvalidCode', 'InvalidCode', 'InvalidCode', 'CodeAttemptsExceeded']);
    const right = await call(t.app, 'POST', P.confirmSignUp, { email, code });
    expect([right.statusCode, errorOf(right).error]).toEqual([400, 'CodeAttemptsExceeded']);
    expect(errorOf(right).message).toMatch(/ask for a new code/);
    t.clock.advanceSeconds(t.config.CODE_RESEND_S + 1);
    expect((await call(t.app, 'POST', P.resendCode, { email })).statusCode).toBe(200);
    const fresh = await lastCode(t.mailer, email);
    expect((await call(t.app, 'POST', P.confirmSignUp, { email, code: fresh })).statusCode).toBe(200);
  });

  it('kills a reset code after 5 wrong tries, says so, and a new code works', async () => {
    t = await buildTestApp(db());
    const owner = await createSignedInUser(t.app, t.mailer);
    const email = owner.email;
    expect((await call(t.app, 'POST', P.forgotPassword, { email })).statusCode).toBe(200);
    const code = await lastCode(t.mailer, email);
    const body = (c: string) => ({ email, code: c, password: 'N3w.passw0rd', confirmPassword: 'N3w.passw0rd' });
    for (let i = 0; i < 5; i++)
      await call(t.app, 'POST', P.confirmForgotPassword, body(code === '000000' ? '111111' : '000000'));
    const right = await call(t.app, 'POST', P.confirmForgotPassword, body(code));
    expect([right.statusCode, errorOf(right).error]).toEqual([400, 'CodeAttemptsExceeded']);
    t.clock.advanceSeconds(t.config.CODE_RESEND_S + 1);
    expect((await call(t.app, 'POST', P.forgotPassword, { email })).statusCode).toBe(200);
    const fresh = await lastCode(t.mailer, email);
    expect((await call(t.app, 'POST', P.confirmForgotPassword, body(fresh))).statusCode).toBe(200);
    expect((await signInAs(email, '192.0.2.30', 'N3w.passw0rd')).statusCode).toBe(200);
  });

  it('answers malformed requests with 4xx and changes nothing', async () => {
    t = await buildTestApp(db());
    const email = uniqueEmail();
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: `/api${P.signUp}`, payload, headers: { 'content-type': contentType } });
    const cases: [Promise<Awaited<ReturnType<typeof raw>>>, number, string][] = [
      [raw(`{"email": "${email}", "password": `), 400, 'ValidationError'],
      [raw(''), 400, 'RequiredFieldsMissing'],
      [raw('[]'), 400, 'ValidationError'],
      [raw('null'), 400, 'RequiredFieldsMissing'],
      [raw(JSON.stringify({ email: 42, password: PASSWORD, passwordConfirm: PASSWORD })), 400, 'ValidationError'],
      [raw(JSON.stringify({ email, password: PASSWORD, passwordConfirm: 'x'.repeat(300) })), 400, 'ValidationError'],
      [
        raw(`{"email":"${email}","password":"${PASSWORD}","passwordConfirm":"${PASSWORD}","__proto__":{"x":1}}`),
        400,
        'ValidationError',
      ],
      [raw(`email=${email}`, 'text/plain'), 400, 'ValidationError'],
      [raw(`<email>${email}</email>`, 'application/xml'), 415, 'UnsupportedMediaType'],
      [call(t.app, 'POST', P.signUp), 400, 'RequiredFieldsMissing'],
      [call(t.app, 'GET', '/auth/nothing-here'), 404, 'NotFound'],
    ];
    for (const [reply, status, error] of cases) {
      const res = await reply;
      expect([res.statusCode, errorOf(res).error], res.body).toEqual([status, error]);
      expect(Object.keys(res.json<object>()).sort()).toEqual(['error', 'message']);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    expect(await t.mailer.list(email)).toEqual([]);
    expect(errorOf(await call(t.app, 'POST', P.signIn, { email, password: PASSWORD })).error).toBe('EmailNotFound');
  });

  it("another user's token acts on that user only", async () => {
    t = await buildTestApp(db());
    const a = await createSignedInUser(t.app, t.mailer);
    const b = await createSignedInUser(t.app, t.mailer);

    // B knows A's password: with B's token it changes nothing of A.
    const change = await call(
      t.app,
      'POST',
      P.changePassword,
      { oldPassword: PASSWORD, password: 'B0th.Know!', passwordConfirm: 'B0th.Know!' },
      b.token,
    );
    expect(change.statusCode).toBe(200);
    expect((await call(t.app, 'POST', P.signIn, { email: a.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', P.signIn, { email: b.email, password: PASSWORD })).statusCode).toBe(400);

    const takeEmail = await call(
      t.app,
      'POST',
      P.updateEmail,
      { email: a.email, verifyEmail: a.email, password: 'B0th.Know!' },
      b.token,
    );
    expect(errorOf(takeEmail).error).toBe('AliasExistsException');

    // A's pending verification code is of no use to B.
    const aNew = uniqueEmail();
    await call(t.app, 'POST', P.updateEmail, { email: aNew, verifyEmail: aNew, password: PASSWORD }, a.token);
    const stolen = await call(t.app, 'POST', P.verifyEmail, { code: await lastCode(t.mailer, aNew) }, b.token);
    expect(errorOf(stolen).error).toBe('UnableToVerify');
    expect((await call(t.app, 'GET', P.me, undefined, a.token)).json<CloudUser>().emailVerified).toBe(false);

    // B signing out everywhere leaves A signed in.
    await call(t.app, 'POST', P.signOut, { global: true }, b.token);
    expect((await call(t.app, 'GET', P.me, undefined, a.token)).statusCode).toBe(200);

    // A token of ours naming A's user with B's session is refused (even with the right secret).
    const tokens = new TokenService(t.config, t.clock);
    const aId = a.session.user.username;
    const forged = await tokens.issue({
      userId: aId,
      sessionId: b.session.user.username,
      email: a.email,
      emailVerified: true,
    });
    expect((await call(t.app, 'GET', P.me, undefined, forged.idToken)).statusCode).toBe(401);
  });
});
