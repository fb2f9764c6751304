import {
  IDENTITY_PATHS,
  PASSKEY_PATHS as P,
  REFRESH_COOKIE,
  TWO_FACTOR_PATHS,
  fillPath,
  type CloudSession,
  type PasskeyAuthenticationResponse,
  type PasskeyList,
  type PasskeyRegistrationOptions,
  type PasskeyReply,
  type PasskeySignInOptions,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { authenticator as totp } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { SoftAuthenticator, type Lies } from '../../test/authenticator';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf, PASSWORD } from '../../test/factories';
import { relyingPartyOf } from './webauthn';

/** The test app's PUBLIC_URL (test/app.ts): the relying party is cloud.test. */
const ORIGIN = 'http://cloud.test';

describe('relyingPartyOf', () => {
  it('is the host name and origin of PUBLIC_URL', () => {
    expect(relyingPartyOf('https://cloud.rackside.example')).toEqual({
      id: 'cloud.rackside.example',
      name: 'Rackside',
      origins: ['https://cloud.rackside.example'],
    });
  });

  it('is localhost for a loopback address (browsers refuse an IP address as the id), on the same port', () => {
    expect(relyingPartyOf('http://127.0.0.1:8732')).toEqual({
      id: 'localhost',
      name: 'Rackside',
      origins: ['http://127.0.0.1:8732', 'http://localhost:8732'],
    });
  });
});

describeEachDatabase('identity: passkeys (WebAuthn)', (db) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(db());
  });
  afterEach(() => t.app.close());

  const post = (path: string, body: unknown, token?: string) => call(t.app, 'POST', path, body, token);

  /** A signed-in user with an authenticator that holds one registered passkey. */
  async function withPasskey(name = 'Laptop') {
    const user = await createSignedInUser(t.app, t.mailer);
    const device = new SoftAuthenticator(ORIGIN);
    const passkey = await register(user.token, device, name);
    return { ...user, device, passkey };
  }

  async function register(token: string, device: SoftAuthenticator, name: string, lies: Lies = {}) {
    const options = await post(P.registrationOptions, {}, token);
    expect(options.statusCode, options.body).toBe(200);
    const res = await post(
      P.passkeys,
      { name, credential: device.create(options.json<PasskeyRegistrationOptions>().options, lies) },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PasskeyReply>().passkey;
  }

  const list = async (token: string) => (await call(t.app, 'GET', P.passkeys, undefined, token)).json<PasskeyList>();

  const signInOptions = async () => {
    const res = await post(P.signInOptions, undefined);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PasskeySignInOptions>().options;
  };

  const passwordless = (credential: PasskeyAuthenticationResponse) => post(P.signIn, { credential });

  it('registers a passkey: creation options for this relying party and account, then the listed passkey', async () => {
    const user = await createSignedInUser(t.app, t.mailer);
    const res = await post(P.registrationOptions, {}, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const { options } = res.json<PasskeyRegistrationOptions>();
    expect(options.rp).toEqual({ id: 'cloud.test', name: 'Rackside' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);

    const device = new SoftAuthenticator(ORIGIN);
    const credential = device.create(options);
    const added = await post(P.passkeys, { name: '  Studio laptop ', credential }, user.token);
    expect(added.statusCode, added.body).toBe(200);
    const { passkey } = added.json<PasskeyReply>();
    expect(Object.keys(passkey).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
    expect([passkey.name, passkey.createdAt, passkey.lastUsedAt]).toEqual([
      'Studio laptop',
      t.clock.now().toISOString(),
      null,
    ]);
    expect(await list(user.token)).toEqual({ passkeys: [passkey] });
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect([row?.credentialId, row?.counter, row?.transports]).toEqual([credential.id, 0, ['internal']]);

    // the challenge is spent: the same response again is refused, and nothing more is stored
    const again = await post(P.passkeys, { name: 'Again', credential }, user.token);
    expect([again.statusCode, errorOf(again).error]).toEqual([400, 'PasskeyChallengeInvalid']);
    // the next options exclude it, so the authenticator does not make a second one
    const next = (await post(P.registrationOptions, {}, user.token)).json<PasskeyRegistrationOptions>();
    expect(next.options.excludeCredentials?.map((c) => c.id)).toEqual([credential.id]);
    expect((await list(user.token)).passkeys).toHaveLength(1);
  });

  it('wants a recent sign-in or the password to add one', async () => {
    const user = await createSignedInUser(t.app, t.mailer);
    t.clock.advanceSeconds(16 * 60);
    const old = await post(P.registrationOptions, {}, user.token);
    expect([old.statusCode, errorOf(old).error]).toEqual([403, 'RecentSignInRequired']);
    const wrong = await post(P.registrationOptions, { password: 'Wrong1!x' }, user.token);
    expect([wrong.statusCode, errorOf(wrong).error]).toEqual([400, 'InvalidPassword']);
    const right = await post(P.registrationOptions, { password: PASSWORD }, user.token);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses a registration from another origin, and one for another account’s ceremony', async () => {
    const a = await createSignedInUser(t.app, t.mailer);
    const b = await createSignedInUser(t.app, t.mailer);
    const device = new SoftAuthenticator(ORIGIN);
    const options = (await post(P.registrationOptions, {}, a.token)).json<PasskeyRegistrationOptions>().options;
    const phished = await post(
      P.passkeys,
      { name: 'Phished', credential: device.create(options, { origin: 'https://cloud.test.evil.example' }) },
      a.token,
    );
    expect([phished.statusCode, errorOf(phished).error]).toEqual([400, 'PasskeyInvalid']);
    expect(errorOf(phished).message).toMatch(/origin/);

    const forA = (await post(P.registrationOptions, {}, a.token)).json<PasskeyRegistrationOptions>().options;
    const stolen = await post(P.passkeys, { name: 'Stolen', credential: device.create(forA) }, b.token);
    expect([stolen.statusCode, errorOf(stolen).error]).toEqual([400, 'PasskeyChallengeInvalid']);
    expect([(await list(a.token)).passkeys, (await list(b.token)).passkeys]).toEqual([[], []]);
  });

  it('signs in passwordless with the same session as a password sign-in, and records the use', async () => {
    const user = await withPasskey();
    const options = await signInOptions();
    expect([options.rpId, options.userVerification, options.allowCredentials]).toEqual([
      'cloud.test',
      'required',
      undefined,
    ]);
    t.clock.advanceSeconds(60);
    const res = await passwordless(user.device.get(options));
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<CloudSession>();
    expect(session.user.email).toBe(user.email);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)?.httpOnly).toBe(true);
    expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, session.idToken)).statusCode).toBe(200);
    const [listed] = (await list(session.idToken)).passkeys;
    expect(listed?.lastUsedAt).toBe(t.clock.now().toISOString());
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, user.passkey.id));
    expect(row?.counter).toBe(1);
  });

  it('refuses a replayed or expired challenge, another origin, no user verification, a counter that went back', async () => {
    const user = await withPasskey();
    const first = user.device.get(await signInOptions());
    expect((await passwordless(first)).statusCode).toBe(200);
    const replayed = await passwordless(first);
    expect([replayed.statusCode, errorOf(replayed).error]).toEqual([400, 'PasskeyChallengeInvalid']);

    const late = user.device.get(await signInOptions());
    t.clock.advanceSeconds(301);
    const expired = await passwordless(late);
    expect([expired.statusCode, errorOf(expired).error]).toEqual([400, 'PasskeyChallengeInvalid']);

    const phished = await passwordless(user.device.get(await signInOptions(), { origin: 'https://evil.example' }));
    expect([phished.statusCode, errorOf(phished).error]).toEqual([400, 'PasskeyInvalid']);

    const unverified = await passwordless(user.device.get(await signInOptions(), { userVerified: false }));
    expect([unverified.statusCode, errorOf(unverified).error]).toEqual([400, 'PasskeyInvalid']);

    // the counter stored is 1: a cloned authenticator signing 1 again is refused, and the counter stays
    const cloned = await passwordless(user.device.get(await signInOptions(), { counter: 1 }));
    expect([cloned.statusCode, errorOf(cloned).error]).toEqual([400, 'PasskeyInvalid']);
    expect(errorOf(cloned).message).toMatch(/counter/i);
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, user.passkey.id));
    expect(row?.counter).toBe(1);
    expect((await passwordless(user.device.get(await signInOptions()))).statusCode).toBe(200);
  });

  it('renames and removes only the caller’s passkeys; a removed passkey no longer signs in', async () => {
    const user = await withPasskey('Old name');
    const other = await createSignedInUser(t.app, t.mailer);
    const path = fillPath(P.passkey, { passkeyId: user.passkey.id });
    expect((await call(t.app, 'PUT', path, { name: 'Mine now' }, other.token)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', path, undefined, other.token)).statusCode).toBe(404);
    const tooLong = await call(t.app, 'PUT', path, { name: 'x'.repeat(65) }, user.token);
    expect(tooLong.statusCode).toBe(400);
    const badId = await call(t.app, 'DELETE', fillPath(P.passkey, { passkeyId: 'nope' }), undefined, user.token);
    expect([badId.statusCode, errorOf(badId).error]).toEqual([400, 'ValidationError']);

    const renamed = await call(t.app, 'PUT', path, { name: 'Desk key' }, user.token);
    expect(renamed.json<PasskeyReply>().passkey.name).toBe('Desk key');
    expect((await call(t.app, 'DELETE', path, undefined, user.token)).json()).toEqual({ ok: true });
    expect((await list(user.token)).passkeys).toEqual([]);
    const gone = await passwordless(user.device.get(await signInOptions()));
    expect([gone.statusCode, errorOf(gone).error]).toEqual([400, 'PasskeyNotRegistered']);
  });

  describe('as the second factor', () => {
    /** A user with two-factor (TOTP) on and a passkey. */
    async function withBoth() {
      const user = await withPasskey();
      const { secret } = (await post(TWO_FACTOR_PATHS.enrol, undefined, user.token)).json<TwoFactorEnrolment>();
      const code = totp.clone({ epoch: t.clock.now().getTime() }).generate(secret);
      expect((await post(TWO_FACTOR_PATHS.confirm, { code }, user.token)).statusCode).toBe(200);
      return user;
    }

    async function passwordStep(email: string) {
      const res = await post(IDENTITY_PATHS.signIn, { email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TwoFactorChallenge>();
    }

    const options = async (challenge: string) => {
      const res = await post(P.secondFactorOptions, { challenge });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PasskeySignInOptions>().options;
    };

    it('takes a passkey instead of the code after a right password', async () => {
      const user = await withBoth();
      const step = await passwordStep(user.email);
      expect(step.passkeys).toBe(true);
      const request = await options(step.challenge);
      expect(request.allowCredentials?.map((c) => c.id)).toEqual([user.device.credentials[0]?.id]);
      expect(request.userVerification).toBe('discouraged');
      // presence is enough here: the password was the first factor
      const res = await post(P.secondFactor, {
        challenge: step.challenge,
        credential: user.device.get(request, { userVerified: false }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json<CloudSession>();
      expect((await call(t.app, 'GET', IDENTITY_PATHS.me, undefined, session.idToken)).statusCode).toBe(200);
      // the sign-in is used up
      const again = await post(P.secondFactor, {
        challenge: step.challenge,
        credential: user.device.get(await signInOptions()),
      });
      expect([again.statusCode, errorOf(again).error]).toEqual([401, 'TwoFactorChallengeInvalid']);
    });

    it('refuses another account’s passkey and a passwordless ceremony’s challenge; the code still works after', async () => {
      const user = await withBoth();
      const intruder = await withPasskey('Intruder');
      const step = await passwordStep(user.email);
      const request = await options(step.challenge);
      const foreign = await post(P.secondFactor, {
        challenge: step.challenge,
        credential: intruder.device.get({ ...request, allowCredentials: undefined }),
      });
      expect([foreign.statusCode, errorOf(foreign).error]).toEqual([400, 'PasskeyNotRegistered']);

      const otherCeremony = await post(P.secondFactor, {
        challenge: step.challenge,
        credential: user.device.get(await signInOptions()),
      });
      expect([otherCeremony.statusCode, errorOf(otherCeremony).error]).toEqual([400, 'PasskeyChallengeInvalid']);

      const fresh = await options(step.challenge);
      const ok = await post(P.secondFactor, { challenge: step.challenge, credential: user.device.get(fresh) });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('answers a dead sign-in and an account without passkeys with 4xx', async () => {
      const unknown = await post(P.secondFactorOptions, { challenge: 'no-such-challenge' });
      expect([unknown.statusCode, errorOf(unknown).error]).toEqual([401, 'TwoFactorChallengeInvalid']);

      const user = await createSignedInUser(t.app, t.mailer);
      const { secret } = (await post(TWO_FACTOR_PATHS.enrol, undefined, user.token)).json<TwoFactorEnrolment>();
      const code = totp.clone({ epoch: t.clock.now().getTime() }).generate(secret);
      expect((await post(TWO_FACTOR_PATHS.confirm, { code }, user.token)).statusCode).toBe(200);
      const step = await passwordStep(user.email);
      expect(step.passkeys).toBeUndefined();
      const none = await post(P.secondFactorOptions, { challenge: step.challenge });
      expect([none.statusCode, errorOf(none).error]).toEqual([400, 'PasskeyNotRegistered']);
    });
  });

  it('answers bad input with 4xx, never 5xx', async () => {
    const user = await withPasskey();
    const good = user.device.get(await signInOptions());
    const notJson = Buffer.from('not json').toString('base64url');
    const bodies: unknown[] = [
      {},
      { credential: {} },
      { credential: { ...good, response: { ...good.response, clientDataJSON: notJson } } },
      { credential: { ...good, response: { ...good.response, clientDataJSON: 'a+b/c' } } },
      { credential: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } } },
      { credential: { ...good, response: { ...good.response, signature: '' } } },
      { credential: { ...good, type: 'password' } },
    ];
    for (const body of bodies) {
      const res = await post(P.signIn, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 200)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const register = await post(
      P.passkeys,
      { name: 'x', credential: { ...good, response: good.response } },
      user.token,
    );
    expect(register.statusCode).toBe(400);
  });

  it('keeps challenges in the database: options from one node verify on another, once', async () => {
    const user = await withPasskey();
    const other = await buildTestApp(db(), { clock: t.clock });
    try {
      const options = await signInOptions();
      const credential = user.device.get(options);
      const onOther = await other.app.inject({ method: 'POST', url: `/api${P.signIn}`, payload: { credential } });
      expect(onOther.statusCode, onOther.body).toBe(200);
      expect((await passwordless(credential)).statusCode).toBe(400);
      const left = await db()
        .select()
        .from(passkeyChallenges)
        .where(eq(passkeyChallenges.challenge, options.challenge));
      expect(left).toEqual([]);
    } finally {
      await other.app.close();
    }
  });
});
