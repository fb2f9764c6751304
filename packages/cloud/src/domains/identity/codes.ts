/**
 * One-time codes (sign-up confirmation, password reset, email verification): six digits, e-mailed, stored as a keyed
 * hash, expiring after CODE_TTL_S, dead after CODE_MAX_ATTEMPTS wrong tries (CodeAttemptsExceeded, even for the right
 * code, until a new one is sent), resent at most once per CODE_RESEND_S.
 */
import { randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, type CloudErrorName, type CodeDelivery } from '@rackside/protocol';
import type { CodePurpose } from '../../db/schema/index';
import type { DomainContext } from '../../domain';
import { AppError } from '../../plugins/errors';
import { TokenService } from '../../plugins/tokens';
import { deleteCode, findCode, putCode, takeCodeTry, type CodeRow } from './identity.repo';

const MAIL: Readonly<Record<CodePurpose, { subject: string; intro: string }>> = {
  sign_up: { subject: 'Your Rackside confirmation code', intro: 'Welcome to Rackside. Your confirmation code is' },
  reset_password: { subject: 'Your Rackside password reset code', intro: 'Your password reset code is' },
  verify_email: { subject: 'Verify your Rackside email address', intro: 'Your email verification code is' },
};

/** "jane@example.com" → "j***@e***.com": enough for the user to recognise the address (spec 1 §3 destination). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** What a failed check answers, per endpoint (spec 1 §8 names differ between dialogs). */
export interface CodeErrorNames {
  /** No code is pending for this user and purpose. */
  readonly missing: CloudErrorName;
  readonly expired: CloudErrorName;
}

/** Issues and checks codes. */
export class CodeService {
  constructor(private readonly ctx: DomainContext) {}

  /**
   * Creates a code for the user and purpose, replacing any earlier one, and e-mails it to `destination`.
   * UnableToResendCode when the previous code is younger than CODE_RESEND_S.
   */
  async send(userId: string, purpose: CodePurpose, destination: string): Promise<CodeDelivery> {
    const { db, clock, config, tokens, mailer } = this.ctx;
    const now = clock.now();
    const previous = await findCode(db, userId, purpose);
    // The throttle is per address: a code to a new address (an email change) goes at once.
    if (previous !== undefined && previous.destination.toLowerCase() === destination.toLowerCase()) {
      const waitS = config.CODE_RESEND_S - (now.getTime() - previous.createdAt.getTime()) / 1000;
      if (waitS > 0) {
        throw new AppError('UnableToResendCode', 'A code was sent less than a minute ago; wait a minute', {
          retryAfterS: waitS,
        });
      }
    }
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + config.CODE_TTL_S * 1000);
    await putCode(db, {
      userId,
      purpose,
      codeHash: tokens.hashCode(`${userId}:${purpose}`, code),
      destination,
      createdAt: now,
      expiresAt,
    });
    const minutes = Math.round(config.CODE_TTL_S / 60);
    const text = `${MAIL[purpose].intro} ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.\n`;
    try {
      await mailer.send({ to: destination, subject: MAIL[purpose].subject, text, code });
    } catch (err) {
      // Undelivered: forget the code so that the user may ask again at once.
      await deleteCode(db, userId, purpose);
      throw err;
    }
    return { destination: maskEmail(destination), deliveryMedium: 'EMAIL' };
  }

  /**
   * Checks a code (each call uses one of the CODE_MAX_ATTEMPTS tries) and returns its row when it matches; the caller
   * then acts and deletes it. InvalidCode when it does not match; CodeAttemptsExceeded on the last wrong try and on
   * every try after it (the right code too): the user must ask for a new code, which starts with all its tries.
   */
  async check(userId: string, purpose: CodePurpose, code: string, names: CodeErrorNames): Promise<CodeRow> {
    const { db, clock, config, tokens } = this.ctx;
    const row = await takeCodeTry(db, userId, purpose, config.CODE_MAX_ATTEMPTS);
    if (row === undefined) {
      if ((await findCode(db, userId, purpose)) === undefined) {
        throw new AppError(names.missing, 'No code is pending; ask for a new one');
      }
      throw new AppError('CodeAttemptsExceeded', 'Too many wrong tries: this code no longer works; ask for a new code');
    }
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError(names.expired, 'The code has expired; ask for a new one');
    }
    if (!TokenService.sameDigest(tokens.hashCode(`${userId}:${purpose}`, code), row.codeHash)) {
      const left = config.CODE_MAX_ATTEMPTS - row.attempts;
      if (left <= 0) {
        throw new AppError(
          'CodeAttemptsExceeded',
          'Too many wrong tries: this code no longer works; ask for a new code',
        );
      }
      throw new AppError('InvalidCode', `Wrong code (${left} ${left === 1 ? 'try' : 'tries'} left)`);
    }
    return row;
  }
}
