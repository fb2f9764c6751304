/**
 * The audit timeline (issue 21): an account's own security — two-factor sign-in on and off, passkeys added and removed,
 * the password changed or reset — recorded in the account's personal organisation (also when it acts in another one),
 * never with a secret, code or key; a refused change records nothing.
 */
import {
  AUDIT_PATHS as A,
  fillPath,
  IDENTITY_PATHS,
  PASSKEY_PATHS,
  TWO_FACTOR_PATHS,
  type AuditEvent,
  type AuditPage,
  type PasskeyRegistrationOptions,
  type PasskeyReply,
  type TwoFactorEnrolment,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { SoftAuthenticator } from '../../test/authenticator';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, lastCode, PASSWORD, signIn } from '../../test/factories';
import { callIn, createMember, personalOrganisation } from '../../test/members';
import { totpCode } from '../identity/totp';

const NEW_PASSWORD = 'Changed1!pass';

describeEachDatabase('the audit timeline: an account’s own security', (db) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let orgId = '';
  let member: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    t = await buildTestApp(db());
    owner = await createSignedInUser(t.app, t.mailer);
    orgId = await personalOrganisation(t.app, owner.token);
    member = await createMember(t.app, t.mailer, owner.token, 'admin');
  }, 60_000);
  afterAll(() => t.app.close());

  const later = () => t.clock.advanceSeconds(60);
  /** A request of the member, acting in the owner's organisation (the account's own changes are its own still). */
  const post = (path: string, body?: unknown) => callIn(t.app, orgId, 'POST', path, body, member.token);
  const accountLog = async (token: string): Promise<AuditEvent[]> => {
    const res = await call(t.app, 'GET', `${A.audit}?limit=200`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>().events.filter((e) => e.kind.startsWith('account.'));
  };

  it('records two-factor on and off, passkeys and the password in the account’s own log, without secrets', async () => {
    // two-factor: on with the app's first code, off with the password and a later code (a wrong one records nothing)
    const { secret } = (await post(TWO_FACTOR_PATHS.enrol)).json<TwoFactorEnrolment>();
    const confirmed = await post(TWO_FACTOR_PATHS.confirm, { code: totpCode(secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    later();
    const code = totpCode(secret, t.clock.now());
    expect((await post(TWO_FACTOR_PATHS.disable, { password: 'Wrong1!pass', code })).statusCode).toBe(400);
    expect((await post(TWO_FACTOR_PATHS.disable, { password: PASSWORD, code })).statusCode).toBe(200);
    later();

    // a passkey added, then removed (another account's or a gone one: 404, nothing recorded)
    const device = new SoftAuthenticator('http://cloud.test');
    const options = (await post(PASSKEY_PATHS.registrationOptions, {})).json<PasskeyRegistrationOptions>().options;
    const added = await post(PASSKEY_PATHS.passkeys, { name: 'Laptop', credential: device.create(options) });
    expect(added.statusCode, added.body).toBe(200);
    const passkeyId = added.json<PasskeyReply>().passkey.id;
    later();
    const passkeyPath = fillPath(PASSKEY_PATHS.passkey, { passkeyId });
    expect((await call(t.app, 'DELETE', passkeyPath, undefined, owner.token)).statusCode).toBe(404);
    expect((await callIn(t.app, orgId, 'DELETE', passkeyPath, undefined, member.token)).statusCode).toBe(200);
    expect((await callIn(t.app, orgId, 'DELETE', passkeyPath, undefined, member.token)).statusCode).toBe(404);
    later();

    // the password: a wrong current one records nothing; a change; a reset with the e-mailed code
    const change = { oldPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD };
    expect((await post(IDENTITY_PATHS.changePassword, { ...change, oldPassword: 'Wrong1!pass' })).statusCode).toBe(400);
    const changed = await post(IDENTITY_PATHS.changePassword, change);
    expect(changed.statusCode, changed.body).toBe(200);
    later();
    expect((await call(t.app, 'POST', IDENTITY_PATHS.forgotPassword, { email: member.email })).statusCode).toBe(200);
    const reset = {
      email: member.email,
      code: await lastCode(t.mailer, member.email),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const wrongCode = { ...reset, code: reset.code === '000000' ? '111111' : '000000' };
    expect((await call(t.app, 'POST', IDENTITY_PATHS.confirmForgotPassword, wrongCode)).statusCode).toBe(400);
    expect((await call(t.app, 'POST', IDENTITY_PATHS.confirmForgotPassword, reset)).statusCode).toBe(200);

    // the member's personal organisation has them all, newest first, as the member; the owner's has none
    const { idToken: token } = await signIn(t.app, member.email);
    const log = await accountLog(token);
    expect(log.map((e) => [e.kind, e.details])).toEqual([
      ['account.password_changed', { reset: true }],
      ['account.password_changed', { reset: false }],
      ['account.passkey_removed', { passkeyId, name: 'Laptop' }],
      ['account.passkey_added', { passkeyId, name: 'Laptop' }],
      ['account.two_factor_disabled', {}],
      ['account.two_factor_enabled', {}],
    ]);
    for (const e of log) {
      expect(e.actor?.userId, e.kind).toBe(member.userId);
      expect(e.venueId).toBeNull();
    }
    expect(log.slice(1).every((e) => e.ip === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify(log)).not.toContain(NEW_PASSWORD);
    expect(await accountLog(owner.token)).toEqual([]);
  });
});
