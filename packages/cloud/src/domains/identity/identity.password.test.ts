import { CSRF_HEADER, IDENTITY_PATHS as P, REFRESH_COOKIE, type CodeDelivery } from '@rackside/protocol';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import {
  call,
  createConfirmedUser,
  createSignedInUser,
  errorOf,
  lastCode,
  PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
} from '../../test/factories';

const NEW_PASSWORD = 'N3w.Passw0rd';

describeEachDatabase('identity: forgot, reset and change password', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const signInStatus = async (email: string, password: string) =>
    (await call(t.app, 'POST', P.signIn, { email, password })).statusCode;

  it('resets a password with the e-mailed code and ends every session', async () => {
    const { email, session } = await createSignedInUser(t.app, t.mailer, uniqueEmail('reset'));
    const signedIn = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD });
    const refreshToken = signedIn.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
    expect(refreshToken).not.toBe('');
    const forgot = await call(t.app, 'POST', P.forgotPassword, { email: email.toLowerCase() });
    expect([forgot.statusCode, forgot.json<CodeDelivery>()]).toEqual([
      200,
      { destination: 'r***@E***.com', deliveryMedium: 'EMAIL' },
    ]);
    const code = await lastCode(t.mailer, email);
    const body = { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const reset = await call(t.app, 'POST', P.confirmForgotPassword, body);
    expect([reset.statusCode, reset.json()]).toEqual([200, { ok: true }]);

    expect(await signInStatus(email, PASSWORD)).toBe(400);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect((await call(t.app, 'GET', P.me, undefined, session.idToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: `/api${P.refresh}`,
      headers: { [CSRF_HEADER]: '1' },
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // The code is spent.
    const again = await call(t.app, 'POST', P.confirmForgotPassword, body);
    expect(errorOf(again).error).toBe('InvalidCode');
  });

  it('answers the reset-password errors of spec 1 §8 (RequiredFieldMissing in the singular)', async () => {
    const { email } = await createConfirmedUser(t.app, t.mailer);
    const pending = await signUp(t.app);
    const forgotCases: [unknown, number, string][] = [
      [{}, 400, 'RequiredFieldMissing'],
      [{ email: uniqueEmail() }, 404, 'UserNotFound'],
      [{ email: pending.email }, 403, 'EmailNotVerified'],
    ];
    for (const [body, status, error] of forgotCases) {
      const res = await call(t.app, 'POST', P.forgotPassword, body);
      expect([res.statusCode, errorOf(res).error], JSON.stringify(body)).toEqual([status, error]);
    }

    expect((await call(t.app, 'POST', P.forgotPassword, { email })).statusCode).toBe(200);
    const code = await lastCode(t.mailer, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const ok = { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const cases: [unknown, number, string, string?][] = [
      [{ ...ok, code: undefined }, 400, 'RequiredFieldMissing'],
      [{ ...ok, confirmPassword: 'N3w.Passw0rd?' }, 400, 'PasswordsDoNotMatch'],
      [{ ...ok, password: 'weakpass', confirmPassword: 'weakpass' }, 400, 'InvalidPassword', 'RequiresDigit'],
      [{ ...ok, email: uniqueEmail() }, 404, 'UserNotFound'],
      [{ ...ok, code: wrong }, 400, 'InvalidCode'],
    ];
    for (const [body, status, error, rule] of cases) {
      const res = await call(t.app, 'POST', P.confirmForgotPassword, body);
      expect([res.statusCode, errorOf(res).error, errorOf(res).rule], JSON.stringify(body)).toEqual([
        status,
        error,
        rule,
      ]);
    }
    t.clock.advanceSeconds(t.config.CODE_TTL_S + 1);
    const expired = await call(t.app, 'POST', P.confirmForgotPassword, ok);
    expect([expired.statusCode, errorOf(expired).error]).toEqual([400, 'InvalidCode']);
    expect(await signInStatus(email, PASSWORD)).toBe(200);
  });

  it('changes the password; other sessions end, this one goes on', async () => {
    const { email, session } = await createSignedInUser(t.app, t.mailer);
    const other = await signIn(t.app, email);
    const body = { oldPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD };

    expect((await call(t.app, 'POST', P.changePassword, body)).statusCode).toBe(401);
    const res = await call(t.app, 'POST', P.changePassword, body, session.idToken);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);

    expect(await signInStatus(email, PASSWORD)).toBe(400);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect((await call(t.app, 'GET', P.me, undefined, session.idToken)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', P.me, undefined, other.idToken)).statusCode).toBe(401);
  });

  it('answers the change-password errors of spec 1 §8, with the protocol policy', async () => {
    const { email, session } = await createSignedInUser(t.app, t.mailer);
    const change = (password: string, passwordConfirm = password, oldPassword = PASSWORD) =>
      call(t.app, 'POST', P.changePassword, { oldPassword, password, passwordConfirm }, session.idToken);
    const cases: [Promise<Awaited<ReturnType<typeof change>>>, string][] = [
      [call(t.app, 'POST', P.changePassword, { oldPassword: PASSWORD }, session.idToken), 'RequiredFieldsMissing'],
      [change(NEW_PASSWORD, 'different-1A!'), 'PasswordsDoNotMatch'],
      [change('Ab1!'), 'MinimumLength'],
      [change('abcdefg!A'), 'RequiresDigit'],
      [change('ABCDEFG!1'), 'RequiresLowerCase'],
      [change('abcdefg!1'), 'RequiresUpperCase'],
      [change('abcdefgA1'), 'RequiresSpecialCharacter'],
      [change(NEW_PASSWORD, NEW_PASSWORD, 'Wr0ng.old!'), 'InvalidPassword'],
    ];
    for (const [reply, error] of cases) {
      const res = await reply;
      expect([res.statusCode, errorOf(res).error]).toEqual([400, error]);
    }
    expect(await signInStatus(email, PASSWORD)).toBe(200);
  });
});
