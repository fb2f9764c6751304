/**
 * WebAuthn passkeys (issue 21, docs/adr/0009-passkeys.md): registration (a recent sign-in or the password; discoverable
 * credentials, attestation 'none'), the caller's list, rename and removal, and two ways to sign in: as the second step
 * after a right password (instead of a TOTP code; the password step's challenge takes its tries) and passwordless
 * (any account's discoverable credential with user verification: two factors in one, the same session as a password
 * sign-in). Every ceremony's challenge is stored, single use, for PASSKEY_CHALLENGE_TTL_S; an assertion must come from
 * a passkey of the account it signs in to, with a signature counter that went up (or authenticators that keep none).
 */
import {
  PASSKEY_CEREMONY_TIMEOUT_MS,
  PASSKEY_CHALLENGE_TTL_S,
  PASSKEY_MAX_PER_ACCOUNT,
  PASSKEY_RECENT_SIGN_IN_S,
  PASSKEY_TRANSPORTS,
  type Ok,
  type PasskeyAuthenticationResponse,
  type PasskeyInfo,
  type PasskeyList,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationOptionsBody,
  type PasskeyReply,
  type PasskeySecondFactorBody,
  type PasskeySignInBody,
  type PasskeySignInOptions,
  type PasskeyTransport,
  type RegisterPasskeyBody,
} from '@rackside/protocol';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import type { DomainContext } from '../../domain';
import type { PasskeyCeremony } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { digestOf } from '../../plugins/secrets';
import { findUserById, isUniqueViolation } from './identity.repo';
import {
  countPasskeys,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  insertPasskeyChallenge,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  sessionStartedAt,
  takePasskeyChallenge,
  type PasskeyRow,
} from './passkeys.repo';
import { verifyPassword } from './passwords';
import { SessionService, type IssuedSession, type SessionClient } from './sessions';
import { deleteChallenge, findChallenge, takeChallengeTry } from './two-factor.repo';
import {
  challengeOf,
  relyingPartyOf,
  userHandleOf,
  userHandleText,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
} from './webauthn';

const OK: Ok = { ok: true };
const notFound = () => new AppError('NotFound', 'No such passkey');
const deadCeremony = () =>
  new AppError('PasskeyChallengeInvalid', 'The passkey request has expired or was used; try again');
const notRegistered = () =>
  new AppError('PasskeyNotRegistered', 'This passkey is not registered for the account (it may have been removed)');
const deadSignIn = () =>
  new AppError('TwoFactorChallengeInvalid', 'The sign-in has expired or was used; sign in again');

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const KNOWN_TRANSPORTS = new Set<string>(PASSKEY_TRANSPORTS);
const transportsOf = (reported: readonly string[] | undefined): PasskeyTransport[] =>
  (reported ?? []).filter((t): t is PasskeyTransport => KNOWN_TRANSPORTS.has(t));
const descriptorOf = (row: PasskeyRow) => ({ id: row.credentialId, transports: transportsOf(row.transports) });

/** Passkey registration, management and sign-in; one instance per app. */
export class PasskeyService {
  private readonly sessions: SessionService;
  private readonly rp: RelyingParty;

  constructor(private readonly ctx: DomainContext) {
    this.sessions = new SessionService(ctx);
    this.rp = relyingPartyOf(ctx.config.PUBLIC_URL);
  }

  private now = (): Date => this.ctx.clock.now();

  private async storeChallenge(
    challenge: string,
    ceremony: PasskeyCeremony,
    userId: string | null,
    signInChallengeId: string | null = null,
  ): Promise<void> {
    const now = this.now();
    await insertPasskeyChallenge(this.ctx.db, {
      challenge,
      ceremony,
      userId,
      signInChallengeId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_S * 1000),
    });
  }

  async list(caller: AuthUser): Promise<PasskeyList> {
    return { passkeys: (await listPasskeys(this.ctx.db, caller.id)).map(toInfo) };
  }

  /**
   * Creation options for a new passkey: the session must have signed in within PASSKEY_RECENT_SIGN_IN_S, or the
   * body carries the current password (a password given is always checked). The account's passkeys are excluded.
   */
  async registrationOptions(
    caller: AuthUser,
    { password }: PasskeyRegistrationOptionsBody,
  ): Promise<PasskeyRegistrationOptions> {
    const { db } = this.ctx;
    if (password !== undefined) {
      const user = await findUserById(db, caller.id);
      if (user === undefined) throw new AppError('Unauthorized', 'The account no longer exists');
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('InvalidPassword', 'The current password is incorrect');
      }
    } else {
      const started = await sessionStartedAt(db, caller.sessionId);
      const age = started === undefined ? Infinity : this.now().getTime() - started.getTime();
      if (age > PASSKEY_RECENT_SIGN_IN_S * 1000) {
        throw new AppError('RecentSignInRequired', 'Enter your password again to add a passkey');
      }
    }
    const existing = await listPasskeys(db, caller.id);
    if (existing.length >= PASSKEY_MAX_PER_ACCOUNT) {
      throw new AppError('PasskeyLimit', `An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys`);
    }
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: caller.email,
      userDisplayName: caller.email,
      userID: userHandleOf(caller.id),
      attestationType: 'none',
      excludeCredentials: existing.map(descriptorOf),
      // discoverable, so that it also signs in without the e-mail address; verification is asked for at sign-in
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    });
    await this.storeChallenge(options.challenge, 'registration', caller.id);
    return { options };
  }

  /** Registers the passkey created for the caller's last creation options (spent by this call, right or wrong). */
  async register(caller: AuthUser, { name, credential }: RegisterPasskeyBody): Promise<PasskeyReply> {
    const { db } = this.ctx;
    const challenge = await takePasskeyChallenge(db, {
      challenge: challengeOf(credential.response.clientDataJSON),
      ceremony: 'registration',
      userId: caller.id,
      now: this.now(),
    });
    if (challenge === undefined) throw deadCeremony();
    const verified = await verifyRegistration(this.rp, credential, challenge.challenge);
    if ((await countPasskeys(db, caller.id)) >= PASSKEY_MAX_PER_ACCOUNT) {
      throw new AppError('PasskeyLimit', `An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys`);
    }
    try {
      const row = await insertPasskey(db, {
        userId: caller.id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: transportsOf(credential.response.transports),
        name,
        createdAt: this.now(),
      });
      await this.ctx.audit.ofAccount(caller, {
        kind: 'account.passkey_added',
        details: { passkeyId: row.id, name: row.name },
      });
      return { passkey: toInfo(row) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PasskeyExists', 'This passkey is registered already');
      throw error;
    }
  }

  async rename(caller: AuthUser, passkeyId: string, name: string): Promise<PasskeyReply> {
    const row = await renamePasskey(this.ctx.db, caller.id, passkeyId, name);
    if (row === undefined) throw notFound();
    return { passkey: toInfo(row) };
  }

  /** Removes one of the caller's passkeys: it signs in no more. */
  async remove(caller: AuthUser, passkeyId: string): Promise<Ok> {
    const row = await deletePasskey(this.ctx.db, caller.id, passkeyId);
    if (row === undefined) throw notFound();
    await this.ctx.audit.ofAccount(caller, {
      kind: 'account.passkey_removed',
      details: { passkeyId: row.id, name: row.name },
    });
    return OK;
  }

  // ---- sign-in ----

  /**
   * Checks an assertion by the passkey it names (of `userId` when given, else of any account) and records the use.
   * PasskeyNotRegistered for a credential that is nobody's, another account's or removed; PasskeyInvalid otherwise.
   */
  private async assert(
    response: PasskeyAuthenticationResponse,
    expectedChallenge: string,
    userId: string | undefined,
    requireUserVerification: boolean,
  ): Promise<PasskeyRow> {
    const passkey = await findPasskeyByCredentialId(this.ctx.db, response.id);
    if (passkey === undefined || (userId !== undefined && passkey.userId !== userId)) throw notRegistered();
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== '' && handle !== userHandleText(passkey.userId)) throw notRegistered();
    const info = await verifyAssertion(this.rp, response, expectedChallenge, passkey, requireUserVerification);
    if (!(await recordPasskeyUse(this.ctx.db, passkey.id, passkey.counter, info.newCounter, this.now()))) {
      throw notRegistered(); // removed meanwhile, or another use of it won the race
    }
    return passkey;
  }

  /** Request options for a passwordless sign-in: any discoverable passkey, with user verification. */
  async signInOptions(): Promise<PasskeySignInOptions> {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    });
    await this.storeChallenge(options.challenge, 'passwordless', null);
    return { options };
  }

  /** Passwordless sign-in: a verified assertion by a registered passkey starts a session of its account. */
  async signIn({ credential }: PasskeySignInBody, client: SessionClient): Promise<IssuedSession> {
    const { db } = this.ctx;
    const challenge = await takePasskeyChallenge(db, {
      challenge: challengeOf(credential.response.clientDataJSON),
      ceremony: 'passwordless',
      now: this.now(),
    });
    if (challenge === undefined) throw deadCeremony();
    const passkey = await this.assert(credential, challenge.challenge, undefined, true);
    const user = await findUserById(db, passkey.userId);
    if (user?.confirmed !== true) throw notRegistered();
    return this.sessions.start(user, client);
  }

  /** Request options for the second step of a sign-in: the account's passkeys (presence is enough: the password was the first). */
  async secondFactorOptions(token: string): Promise<PasskeySignInOptions> {
    const signIn = await findChallenge(this.ctx.db, digestOf(token));
    if (signIn === undefined || signIn.expiresAt <= this.now()) throw deadSignIn();
    const keys = await listPasskeys(this.ctx.db, signIn.userId);
    if (keys.length === 0) throw new AppError('PasskeyNotRegistered', 'This account has no passkey');
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      allowCredentials: keys.map(descriptorOf),
      userVerification: 'discouraged',
      timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    });
    await this.storeChallenge(options.challenge, 'second_factor', signIn.userId, signIn.id);
    return { options };
  }

  /**
   * The second step of a sign-in with a passkey: a live sign-in challenge (each call takes one of its
   * CODE_MAX_ATTEMPTS tries, as a code does) and an assertion for options of that sign-in start the session.
   */
  async completeSecondFactor(
    { challenge: token, credential }: PasskeySecondFactorBody,
    client: SessionClient,
  ): Promise<IssuedSession> {
    const { db, config } = this.ctx;
    const tokenHash = digestOf(token);
    const signIn = await takeChallengeTry(db, tokenHash, config.CODE_MAX_ATTEMPTS, this.now());
    if (signIn === undefined) {
      const found = await findChallenge(db, tokenHash);
      if (found !== undefined && found.expiresAt > this.now()) {
        throw new AppError('CodeAttemptsExceeded', 'Too many wrong tries for this sign-in; sign in again');
      }
      throw deadSignIn();
    }
    const ceremony = await takePasskeyChallenge(db, {
      challenge: challengeOf(credential.response.clientDataJSON),
      ceremony: 'second_factor',
      userId: signIn.userId,
      signInChallengeId: signIn.id,
      now: this.now(),
    });
    if (ceremony === undefined) throw deadCeremony();
    await this.assert(credential, ceremony.challenge, signIn.userId, false);
    if (!(await deleteChallenge(db, signIn.id))) throw deadSignIn();
    const user = await findUserById(db, signIn.userId);
    if (user === undefined) throw deadSignIn();
    return this.sessions.start(user, client);
  }

  /** The account a sign-in challenge is for (the back-off's per-account count); undefined when unknown. */
  async signInOwner(token: string): Promise<string | undefined> {
    return (await findChallenge(this.ctx.db, digestOf(token)))?.userId;
  }
}
