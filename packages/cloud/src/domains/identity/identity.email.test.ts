import { IDENTITY_PATHS as P, type CloudUser, type CodeDelivery } from '@rackside/protocol';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf, lastCode, PASSWORD, uniqueEmail } from '../../test/factories';

describeEachDatabase('identity: email change and verification', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const me = async (token: string) => (await call(t.app, 'GET', P.me, undefined, token)).json<CloudUser>();
  const update = (token: string, email: string, verifyEmail = email, password = PASSWORD) =>
    call(t.app, 'POST', P.updateEmail, { email, verifyEmail, password }, token);

  it('changes the email at once, unverified until the code sent to the new address is entered', async () => {
    const { email: old, token } = await createSignedInUser(t.app, t.mailer);
    const email = uniqueEmail('new');
    const res = await update(token, email);
    expect([res.statusCode, res.json<CodeDelivery>()]).toEqual([
      200,
      { destination: 'n***@E***.com', deliveryMedium: 'EMAIL' },
    ]);
    expect(await me(token)).toMatchObject({ email, emailVerified: false });

    // spec 1 §2: the console signs out after the change; sign-in works with the new address only.
    const oldSignIn = await call(t.app, 'POST', P.signIn, { email: old, password: PASSWORD });
    expect(errorOf(oldSignIn).error).toBe('EmailNotFound');
    const signIn = await call(t.app, 'POST', P.signIn, { email, password: PASSWORD });
    expect(signIn.json<{ user: CloudUser }>().user).toMatchObject({ email, emailVerified: false });
    // An unverified address cannot receive a reset code.
    expect(errorOf(await call(t.app, 'POST', P.forgotPassword, { email })).error).toBe('EmailNotVerified');

    const code = await lastCode(t.mailer, email);
    const verified = await call(t.app, 'POST', P.verifyEmail, { code }, token);
    expect([verified.statusCode, verified.json<CloudUser>()]).toEqual([
      200,
      { ...(await me(token)), emailVerified: true },
    ]);
    expect(await me(token)).toMatchObject({ email, emailVerified: true });

    const again = await call(t.app, 'POST', P.verifyEmail, { code }, token);
    expect([again.statusCode, errorOf(again).error]).toEqual([400, 'UnableToVerify']);
  });

  it('answers the change-email errors of spec 1 §8', async () => {
    const { email, token } = await createSignedInUser(t.app, t.mailer);
    const other = await createSignedInUser(t.app, t.mailer);
    const fresh = uniqueEmail();
    const cases: [Promise<Awaited<ReturnType<typeof update>>>, number, string][] = [
      [call(t.app, 'POST', P.updateEmail, { email: fresh, password: PASSWORD }, token), 400, 'RequiredFieldsMissing'],
      [update(token, fresh, uniqueEmail()), 400, 'PasswordsDoNotMatch'],
      [update(token, 'nobody@', 'nobody@'), 400, 'InvalidParameterException'],
      [update(token, fresh, fresh, 'Wr0ng.pass!'), 400, 'InvalidPassword'],
      [update(token, email.toLowerCase()), 400, 'InvalidParameterException'],
      [update(token, other.email.toUpperCase()), 409, 'AliasExistsException'],
      [update('bad-token', fresh), 401, 'Unauthorized'],
    ];
    for (const [reply, status, error] of cases) {
      const res = await reply;
      expect([res.statusCode, errorOf(res).error]).toEqual([status, error]);
    }
    expect(await me(token)).toMatchObject({ email, emailVerified: true });
    expect(await t.mailer.list(fresh)).toEqual([]);
  });

  it('answers the email-verification errors of spec 1 §8 and throttles resending', async () => {
    const { token } = await createSignedInUser(t.app, t.mailer);
    const resendVerified = await call(t.app, 'POST', P.resendVerificationCode, undefined, token);
    expect([resendVerified.statusCode, errorOf(resendVerified).error]).toEqual([400, 'UnableToVerify']);
    const nothingPending = await call(t.app, 'POST', P.verifyEmail, { code: '123456' }, token);
    expect(errorOf(nothingPending).error).toBe('UnableToVerify');

    const email = uniqueEmail();
    expect((await update(token, email)).statusCode).toBe(200);
    const first = await lastCode(t.mailer, email);
    const soon = await call(t.app, 'POST', P.resendVerificationCode, undefined, token);
    expect([soon.statusCode, errorOf(soon).error]).toEqual([429, 'UnableToResendCode']);
    const wrong = await call(t.app, 'POST', P.verifyEmail, { code: first === '000000' ? '111111' : '000000' }, token);
    expect([wrong.statusCode, errorOf(wrong).error]).toEqual([400, 'InvalidCode']);

    t.clock.advanceSeconds(t.config.CODE_TTL_S + 1);
    const expired = await call(t.app, 'POST', P.verifyEmail, { code: first }, token);
    expect([expired.statusCode, errorOf(expired).error]).toEqual([400, 'InvalidCode']);

    const resent = await call(t.app, 'POST', P.resendVerificationCode, undefined, token);
    expect([resent.statusCode, resent.json<CodeDelivery>().deliveryMedium]).toEqual([200, 'EMAIL']);
    const ok = await call(t.app, 'POST', P.verifyEmail, { code: await lastCode(t.mailer, email) }, token);
    expect(ok.json<CloudUser>().emailVerified).toBe(true);
  });

  it('a code sent to an earlier new address does not verify a later one', async () => {
    const { token } = await createSignedInUser(t.app, t.mailer);
    const first = uniqueEmail();
    const second = uniqueEmail();
    expect((await update(token, first)).statusCode).toBe(200);
    const firstCode = await lastCode(t.mailer, first);
    expect((await update(token, second)).statusCode).toBe(200);
    const secondCode = await lastCode(t.mailer, second);
    if (firstCode !== secondCode) {
      const stale = await call(t.app, 'POST', P.verifyEmail, { code: firstCode }, token);
      expect(errorOf(stale).error).toBe('InvalidCode');
    }
    const ok = await call(t.app, 'POST', P.verifyEmail, { code: secondCode }, token);
    expect(ok.json<CloudUser>()).toMatchObject({ email: second, emailVerified: true });
  });
});
