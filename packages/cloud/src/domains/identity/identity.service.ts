/**
 * The identity service of spec 1 §7 ("a hosted identity service provides"): sign-up with an e-mailed code, sign-in,
 * sign-out, refresh, password reset and change, email change and verification. It applies spec 1 §5 (with the
 * protocol's password policy and form checks) and answers the spec 1 §8 names of each dialog. Callers act only on
 * their own account: every authenticated method takes the caller, never a user id from the request.
 */
import {
  checkChangePasswordForm,
  checkNewEmailForm,
  isEmailAddress,
  type ChangePasswordBody,
  type CloudErrorName,
  type CloudUser,
  type CodeDelivery,
  type ConfirmForgotPasswordBody,
  type ConfirmSignUpBody,
  type Ok,
  type PasswordRule,
  type SignInBody,
  type SignUpBody,
  type TwoFactorChallenge,
  type UpdateEmailBody,
} from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser, RequestClient } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { CodeService } from './codes';
import {
  deleteCode,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  revokeSession,
  revokeUserSessions,
  updateUser,
  type UserRow,
} from './identity.repo';
import { brokenRule, hashPassword, RULE_TEXT, verifyPassword } from './passwords';
import { SessionService, toCloudUser, type IssuedSession, type SessionClient } from './sessions';
import { TwoFactorService } from './two-factor.service';

const OK: Ok = { ok: true };
const weakPassword = (name: CloudErrorName, rule: PasswordRule) =>
  new AppError(name, `The password needs ${RULE_TEXT[rule]}`, { rule });
const mismatch = () => new AppError('PasswordsDoNotMatch', 'The passwords do not match');

/** Account flows; one instance per app. */
export class IdentityService {
  private readonly codes: CodeService;
  private readonly sessions: SessionService;
  /** Two-factor sign-in (issue 21): enrolment, checks and the sign-in's second step. */
  readonly twoFactor: TwoFactorService;

  constructor(private readonly ctx: DomainContext) {
    this.codes = new CodeService(ctx);
    this.sessions = new SessionService(ctx);
    this.twoFactor = new TwoFactorService(ctx);
  }

  private now = (): Date => this.ctx.clock.now();

  private async userByEmail(email: string, absent: CloudErrorName): Promise<UserRow> {
    const user = await findUserByEmail(this.ctx.db, email);
    if (user === undefined) throw new AppError(absent, 'No account has this email address');
    return user;
  }

  private async callerRow(caller: AuthUser): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, caller.id);
    if (user === undefined) throw new AppError('Unauthorized', 'The account no longer exists');
    return user;
  }

  /** spec 1 §2 Register: an unconfirmed account and a confirmation code by e-mail. */
  async signUp({ email, password, passwordConfirm }: SignUpBody): Promise<CodeDelivery> {
    if (password !== passwordConfirm) throw mismatch();
    if (!isEmailAddress(email)) throw new AppError('InvalidRegistrationCredentials', 'The email address is not valid');
    const rule = brokenRule(password);
    if (rule !== undefined) throw weakPassword('InvalidRegistrationCredentials', rule);
    const exists = () => new AppError('EmailExists', 'An account with this email address already exists');
    if ((await findUserByEmail(this.ctx.db, email)) !== undefined) throw exists();
    let user: UserRow;
    try {
      user = await insertUser(this.ctx.db, email, await hashPassword(password), this.now());
    } catch (err) {
      throw isUniqueViolation(err) ? exists() : err;
    }
    return this.codes.send(user.id, 'sign_up', user.email);
  }

  /** spec 1 §2: the confirmation step; it also proves the email address. */
  async confirmSignUp({ email, code }: ConfirmSignUpBody): Promise<Ok> {
    const user = await this.userByEmail(email, 'UserNotFound');
    if (user.confirmed) throw new AppError('InvalidCode', 'The account is already confirmed; sign in');
    await this.codes.check(user.id, 'sign_up', code, { missing: 'InvalidCode', expired: 'CodeExpired' });
    await this.ctx.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { confirmed: true, emailVerified: true }, this.now());
      await deleteCode(tx, user.id, 'sign_up');
    });
    return OK;
  }

  /** A new sign-up code (spec 1 §2: also after a UserNotConfirmed sign-in). */
  async resendCode(email: string): Promise<CodeDelivery> {
    const user = await this.userByEmail(email, 'UserNotFound');
    if (user.confirmed) throw new AppError('InvalidParameterException', 'The account is already confirmed');
    return this.codes.send(user.id, 'sign_up', user.email);
  }

  /**
   * spec 1 §8 Login: EmailNotFound, InvalidPassword, UserNotConfirmed (only to the owner of the password). With
   * two-factor on (issue 21) a right password answers a challenge for the second step instead of a session.
   */
  async signIn({ email, password }: SignInBody, client?: SessionClient): Promise<IssuedSession | TwoFactorChallenge> {
    const user = await this.userByEmail(email, 'EmailNotFound');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('InvalidPassword', 'Incorrect password');
    }
    if (!user.confirmed) throw new AppError('UserNotConfirmed', 'Confirm the account with the code sent by e-mail');
    if (await this.twoFactor.isEnabled(user.id)) return this.twoFactor.challenge(user.id);
    return this.sessions.start(user, client);
  }

  /** Ends the caller's session (its id, access and refresh tokens), or all of the user's sessions. */
  async signOut(caller: AuthUser, global: boolean): Promise<Ok> {
    if (global) await revokeUserSessions(this.ctx.db, caller.id, this.now());
    else await revokeSession(this.ctx.db, caller.sessionId, this.now());
    this.ctx.deviceEvents.signedOut(caller.id); // its open remote relays close now
    return OK;
  }

  /** Rotates the refresh token (the cookie's); a rotated-out one presented again revokes the session (sessions.ts). */
  refresh = (refreshToken: string, client?: SessionClient): Promise<IssuedSession> =>
    this.sessions.refresh(refreshToken, client);

  async me(caller: AuthUser): Promise<CloudUser> {
    return toCloudUser(await this.callerRow(caller));
  }

  /** spec 1 §2 Forgot password, step 1: a reset code to a verified address; the reply names the destination. */
  async forgotPassword(email: string): Promise<CodeDelivery> {
    const user = await this.userByEmail(email, 'UserNotFound');
    if (!user.confirmed || !user.emailVerified) {
      throw new AppError('EmailNotVerified', 'The email address is not verified, so no reset code can be sent');
    }
    return this.codes.send(user.id, 'reset_password', user.email);
  }

  /** spec 1 §2 Forgot password, step 2: the new password; every session of the account ends. */
  async confirmForgotPassword(body: ConfirmForgotPasswordBody, client?: RequestClient): Promise<Ok> {
    if (body.password !== body.confirmPassword) throw mismatch();
    const rule = brokenRule(body.password);
    if (rule !== undefined) throw weakPassword('InvalidPassword', rule);
    const user = await this.userByEmail(body.email, 'UserNotFound');
    // spec 1 §8 reset: InvalidCode covers "mismatch or expired".
    await this.codes.check(user.id, 'reset_password', body.code, { missing: 'InvalidCode', expired: 'InvalidCode' });
    const passwordHash = await hashPassword(body.password);
    await this.ctx.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash }, this.now());
      await deleteCode(tx, user.id, 'reset_password');
      await revokeUserSessions(tx, user.id, this.now());
    });
    this.ctx.deviceEvents.signedOut(user.id);
    await this.ctx.audit.byPerson(
      { ownerId: user.id, userId: user.id, email: user.email, ...(client === undefined ? {} : { client }) },
      { kind: 'account.password_changed', details: { reset: true } },
    );
    return OK;
  }

  /** spec 1 §7 change password; the caller's other sessions end, this one goes on. */
  async changePassword(caller: AuthUser, body: ChangePasswordBody): Promise<Ok> {
    const problem = checkChangePasswordForm(body);
    if (problem === 'RequiredFieldsMissing')
      throw new AppError(problem, 'Required: oldPassword, password, passwordConfirm');
    if (problem === 'PasswordsDoNotMatch') throw mismatch();
    if (problem !== null) throw weakPassword(problem, problem);
    const user = await this.callerRow(caller);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw new AppError('InvalidPassword', 'The current password is incorrect');
    }
    await updateUser(this.ctx.db, user.id, { passwordHash: await hashPassword(body.password) }, this.now());
    await revokeUserSessions(this.ctx.db, user.id, this.now(), caller.sessionId);
    this.ctx.deviceEvents.signedOut(user.id);
    await this.ctx.audit.ofAccount(caller, { kind: 'account.password_changed', details: { reset: false } });
    return OK;
  }

  /**
   * spec 1 §2 profile NewEmail: after the current password, the email changes at once and is unverified until the
   * code sent to the new address is entered (the console then signs out; sign-in works with the new address).
   */
  async updateEmail(caller: AuthUser, { email, verifyEmail, password }: UpdateEmailBody): Promise<CodeDelivery> {
    const problem = checkNewEmailForm(email, verifyEmail);
    if (problem === 'RequiredFieldsMissing') throw new AppError(problem, 'Required: email, verifyEmail');
    if (problem === 'PasswordsDoNotMatch') throw new AppError(problem, 'The email addresses do not match');
    if (!isEmailAddress(email)) throw new AppError('InvalidParameterException', 'The email address is not valid');
    const user = await this.callerRow(caller);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError('InvalidPassword', 'Incorrect password');
    if (email.toLowerCase() === user.email.toLowerCase()) {
      throw new AppError('InvalidParameterException', 'That is already the account email address');
    }
    const taken = () => new AppError('AliasExistsException', 'Another account uses this email address');
    if ((await findUserByEmail(this.ctx.db, email)) !== undefined) throw taken();
    try {
      await updateUser(this.ctx.db, user.id, { email, emailVerified: false }, this.now());
    } catch (err) {
      throw isUniqueViolation(err) ? taken() : err;
    }
    return this.codes.send(user.id, 'verify_email', email);
  }

  /** spec 1 §2 Verify email: the code sent to the current address. */
  async verifyEmail(caller: AuthUser, code: string): Promise<CloudUser> {
    const user = await this.callerRow(caller);
    if (user.emailVerified) throw new AppError('UnableToVerify', 'The email address is already verified');
    const row = await this.codes.check(user.id, 'verify_email', code, {
      missing: 'UnableToVerify',
      expired: 'InvalidCode',
    });
    if (row.destination.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('UnableToVerify', 'That code was sent to another address; ask for a new one');
    }
    const updated = await this.ctx.db.transaction(async (tx) => {
      await deleteCode(tx, user.id, 'verify_email');
      return updateUser(tx, user.id, { emailVerified: true }, this.now());
    });
    return toCloudUser(updated);
  }

  /** spec 1 §2 Verify email, Resend code (UnableToResendCode within a minute of the last one). */
  async resendVerificationCode(caller: AuthUser): Promise<CodeDelivery> {
    const user = await this.callerRow(caller);
    if (user.emailVerified) throw new AppError('UnableToVerify', 'The email address is already verified');
    return this.codes.send(user.id, 'verify_email', user.email);
  }
}
