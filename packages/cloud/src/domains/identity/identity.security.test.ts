import { IDENTITY_PATHS as P, type CloudUser } from '@rackside/protocol';
import { afterEach, expect, it } from 'vitest';
import { TokenService } from '../../plugins/tokens';
import { buildTestApp, type TestApp } from '../../test/app';
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

  it('limits sign-in per account, across addresses, with 429 TooManyRequests and Retry-After', async () => {
    t = await buildTestApp(db(), { config: { RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_WINDOW_S: '60' } });
    const email = uniqueEmail();
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect((await signInFrom(email, address)).statusCode).toBe(404);
    const limited = await signInFrom(email.toUpperCase(), '10.0.0.4');
    expect([limited.statusCode, errorOf(limited).error]).toEqual([429, 'TooManyRequests']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom(uniqueEmail(), '10.0.0.4')).statusCode).toBe(404);
  });

  it('limits sign-in per address, across accounts', async () => {
    t = await buildTestApp(db(), { config: { RATE_LIMIT_PER_ADDRESS: '3' } });
    for (let i = 0; i < 3; i++) expect((await signInFrom(uniqueEmail(), '10.0.1.1')).statusCode).toBe(404);
    const limited = await signInFrom(uniqueEmail(), '10.0.1.1');
    expect([limited.statusCode, errorOf(limited).error]).toEqual([429, 'TooManyRequests']);
    expect((await signInFrom(uniqueEmail(), '10.0.1.2')).statusCode).toBe(404);
  });

  it('limits the code endpoints per account', async () => {
    t = await buildTestApp(db(), { config: { RATE_LIMIT_PER_ACCOUNT: '2' } });
    const { email } = await signUp(t.app);
    const codes = [
      [P.confirmSignUp, { email, code: '000000' }],
      [P.resendCode, { email }],
      [P.forgotPassword, { email }],
      [P.confirmForgotPassword, { email, code: '1', password: PASSWORD, confirmPassword: PASSWORD }],
    ] as const;
    for (const [path, body] of codes) {
      for (let i = 0; i < 2; i++)
        expect(errorOf(await call(t.app, 'POST', path, body)).error, path).not.toBe('TooManyRequests');
      expect(errorOf(await call(t.app, 'POST', path, body)).error, path).toBe('TooManyRequests');
    }
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
