/**
 * Two-factor sign-in (issue 21): TOTP enrolment (a secret and its otpauth URI, on only after a first code), the
 * sign-in's second step (a right password answers a short-lived, single-use challenge; the challenge and a code start
 * the session), ten one-time recovery codes (argon2id hashes, as passwords; shown once), turning it off (password and
 * a code). Each TOTP code is accepted once: its time step must be later than the last one used. Callers act only on
 * their own account. Codes and secrets are never logged (plugins/log-redact.ts masks `code` and `secret` fields).
 */
import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TOTP_CODE_LENGTH,
  TWO_FACTOR_CHALLENGE_TTL_S,
  type DisableTwoFactorBody,
  type Ok,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type TwoFactorSignInBody,
  type TwoFactorStatus,
} from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { digestOf, newSecret } from '../../plugins/secrets';
import { findUserById } from './identity.repo';
import { hasPasskeys } from './passkeys.repo';
import { hashPassword, verifyPassword } from './passwords';
import { SessionService, type IssuedSession, type SessionClient } from './sessions';
import { newTotpSecret, totpStepOf, totpUri } from './totp';
import {
  deleteChallenge,
  deleteTwoFactor,
  findChallenge,
  findTwoFactor,
  insertChallenge,
  putPendingTwoFactor,
  replaceRecoveryCodes,
  takeChallengeTry,
  unusedRecoveryCodes,
  useRecoveryCode,
  useTotpStep,
  type TwoFactorRow,
} from './two-factor.repo';

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'Rackside';
/** Recovery code letters: no 0/o, 1/l/i, so that a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

const wrongCode = () => new AppError('InvalidCode', 'Wrong code');
const usedCode = () => new AppError('CodeAlreadyUsed', 'This code was used already; wait for the next one');
const notOn = () => new AppError('TwoFactorNotEnabled', 'Two-factor sign-in is not on');
const deadChallenge = () =>
  new AppError('TwoFactorChallengeInvalid', 'The sign-in has expired or was used; sign in again');

/** "abcde-fghjk": ten random letters and digits, 50 bits. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? '';
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed code as compared: no spaces or dashes, lower case. */
const normalise = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (code: string): boolean => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code);

/** Two-factor enrolment, checks and the sign-in's second step; one instance per app. */
export class TwoFactorService {
  private readonly sessions: SessionService;

  constructor(private readonly ctx: DomainContext) {
    this.sessions = new SessionService(ctx);
  }

  private now = (): Date => this.ctx.clock.now();

  private async enabledFactor(userId: string): Promise<TwoFactorRow> {
    const factor = await findTwoFactor(this.ctx.db, userId);
    if (factor?.enabledAt == null) throw notOn();
    return factor;
  }

  /** True when sign-in must ask this user for a second factor. */
  async isEnabled(userId: string): Promise<boolean> {
    return (await findTwoFactor(this.ctx.db, userId))?.enabledAt != null;
  }

  async status(caller: AuthUser): Promise<TwoFactorStatus> {
    const factor = await findTwoFactor(this.ctx.db, caller.id);
    const enabled = factor?.enabledAt != null;
    const left = enabled ? (await unusedRecoveryCodes(this.ctx.db, caller.id)).length : 0;
    return { enabled, recoveryCodesLeft: left };
  }

  /** A new secret, pending until `confirm`; another call starts over with a new secret. */
  async enrol(caller: AuthUser): Promise<TwoFactorEnrolment> {
    if (await this.isEnabled(caller.id)) {
      throw new AppError('TwoFactorAlreadyEnabled', 'Two-factor sign-in is on already; turn it off first');
    }
    const secret = newTotpSecret();
    await putPendingTwoFactor(this.ctx.db, caller.id, secret, this.now());
    return { secret, otpauthUri: totpUri(caller.email, TOTP_ISSUER, secret) };
  }

  /** The first code from the app turns two-factor on; the reply's recovery codes are never shown again. */
  async confirm(caller: AuthUser, code: string): Promise<RecoveryCodes> {
    const factor = await findTwoFactor(this.ctx.db, caller.id);
    if (factor === undefined) throw new AppError('TwoFactorNotEnabled', 'Start the enrolment first');
    if (factor.enabledAt !== null) {
      throw new AppError('TwoFactorAlreadyEnabled', 'Two-factor sign-in is on already');
    }
    const step = totpStepOf(factor.secret, normalise(code), this.now());
    if (step === undefined) throw wrongCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashPassword(normalise(c))));
    await this.ctx.db.transaction(async (tx) => {
      // the pending secret may have been replaced (a second enrolment) or confirmed meanwhile: then nothing changes
      if (!(await useTotpStep(tx, caller.id, step, { enable: this.now(), secret: factor.secret }))) throw wrongCode();
      await replaceRecoveryCodes(tx, caller.id, hashes, this.now());
    });
    await this.ctx.audit.ofAccount(caller, { kind: 'account.two_factor_enabled', details: {} });
    return { recoveryCodes: codes };
  }

  /**
   * Checks a second factor of a user whose two-factor is on: a TOTP code (once per time step) or an unused recovery
   * code (then used up). InvalidCode or CodeAlreadyUsed otherwise.
   */
  private async checkSecondFactor(factor: TwoFactorRow, typed: string): Promise<void> {
    const code = normalise(typed);
    if (isTotpCode(code)) {
      const step = totpStepOf(factor.secret, code, this.now());
      if (step === undefined) throw wrongCode();
      if (!(await useTotpStep(this.ctx.db, factor.userId, step))) throw usedCode();
      return;
    }
    const candidates = await unusedRecoveryCodes(this.ctx.db, factor.userId);
    const matches = await Promise.all(candidates.map((row) => verifyPassword(row.codeHash, code)));
    const match = candidates[matches.indexOf(true)];
    if (match === undefined) throw wrongCode();
    if (!(await useRecoveryCode(this.ctx.db, match.id, this.now()))) throw usedCode();
  }

  /** Ten new recovery codes for a code (the old ones stop working). */
  async regenerateRecoveryCodes(caller: AuthUser, code: string): Promise<RecoveryCodes> {
    const factor = await this.enabledFactor(caller.id);
    await this.checkSecondFactor(factor, code);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashPassword(normalise(c))));
    await replaceRecoveryCodes(this.ctx.db, caller.id, hashes, this.now());
    return { recoveryCodes: codes };
  }

  /** Turns two-factor off: the current password and a code. */
  async disable(caller: AuthUser, { password, code }: DisableTwoFactorBody): Promise<Ok> {
    const user = await findUserById(this.ctx.db, caller.id);
    if (user === undefined) throw new AppError('Unauthorized', 'The account no longer exists');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('InvalidPassword', 'The current password is incorrect');
    }
    const factor = await this.enabledFactor(caller.id);
    await this.checkSecondFactor(factor, code);
    await this.ctx.db.transaction((tx) => deleteTwoFactor(tx, caller.id));
    await this.ctx.audit.ofAccount(caller, { kind: 'account.two_factor_disabled', details: {} });
    return { ok: true };
  }

  // ---- sign-in ----

  /** A challenge for a user whose password was right: a random token, only its digest stored. */
  async challenge(userId: string): Promise<TwoFactorChallenge> {
    const now = this.now();
    const token = newSecret();
    await insertChallenge(this.ctx.db, {
      userId,
      tokenHash: digestOf(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_S * 1000),
    });
    const reply: TwoFactorChallenge = {
      twoFactorRequired: true,
      challenge: token,
      expiresIn: TWO_FACTOR_CHALLENGE_TTL_S,
    };
    // a passkey may answer this step instead of a code (passkeys.service.ts)
    return (await hasPasskeys(this.ctx.db, userId)) ? { ...reply, passkeys: true } : reply;
  }

  /** The user a challenge is for (for the back-off's per-account count); undefined when unknown. */
  async challengeOwner(token: string): Promise<string | undefined> {
    return (await findChallenge(this.ctx.db, digestOf(token)))?.userId;
  }

  /**
   * The sign-in's second step: a live challenge (each call uses one of CODE_MAX_ATTEMPTS tries) and a right code
   * start the session and use the challenge up. TwoFactorChallengeInvalid for an unknown, used or expired challenge;
   * CodeAttemptsExceeded once its tries are spent (sign in again).
   */
  async completeSignIn(body: TwoFactorSignInBody, client: SessionClient): Promise<IssuedSession> {
    const { db, config } = this.ctx;
    const tokenHash = digestOf(body.challenge);
    const challenge = await takeChallengeTry(db, tokenHash, config.CODE_MAX_ATTEMPTS, this.now());
    if (challenge === undefined) {
      const found = await findChallenge(db, tokenHash);
      if (found !== undefined && found.expiresAt > this.now()) {
        throw new AppError('CodeAttemptsExceeded', 'Too many wrong codes for this sign-in; sign in again');
      }
      throw deadChallenge();
    }
    const factor = await findTwoFactor(db, challenge.userId);
    if (factor?.enabledAt == null) throw deadChallenge();
    await this.checkSecondFactor(factor, body.code);
    if (!(await deleteChallenge(db, challenge.id))) throw deadChallenge();
    const user = await findUserById(db, challenge.userId);
    if (user === undefined) throw deadChallenge();
    return this.sessions.start(user, client);
  }
}
