/**
 * The cloud identity service's REST contract (spec 1 §3 session/user and forms, §5 validation, §7 "a hosted
 * identity service provides", §8 error names): paths under the API base, request bodies and replies as zod
 * schemas. The cloud validates with these and the web app types its calls with them.
 *
 * Bodies only declare shape and size: a missing or empty required field answers RequiredFieldsMissing (the reset
 * endpoints: RequiredFieldMissing, as spec 1 §8 spells it); the rules of spec 1 §5 (passwords match, password
 * policy, email format) are checked by the service so that each endpoint answers its own spec 1 §8 name.
 */
import { z } from 'zod';

/** Identity endpoints, relative to the API base (`{PUBLIC_URL}/api`, docs/adr/0003). All are POST except `me`. */
export const IDENTITY_PATHS = {
  signUp: '/auth/sign-up',
  confirmSignUp: '/auth/confirm-sign-up',
  resendCode: '/auth/resend-code',
  signIn: '/auth/sign-in',
  signOut: '/auth/sign-out',
  refresh: '/auth/refresh',
  me: '/auth/me',
  forgotPassword: '/auth/forgot-password',
  confirmForgotPassword: '/auth/confirm-forgot-password',
  changePassword: '/auth/change-password',
  updateEmail: '/auth/update-email',
  verifyEmail: '/auth/verify-email',
  resendVerificationCode: '/auth/resend-verification-code',
} as const;

/**
 * The refresh token's cookie (issue 16: never in a JSON body or in storage a script can read): HttpOnly,
 * SameSite=Strict, Secure when the cloud's PUBLIC_URL is https, Path = the refresh endpoint under the API base.
 */
export const REFRESH_COOKIE = 'rackside_refresh';

/**
 * The CSRF guard of the cookie-authenticated refresh: the console sends this header with the value "1". A cross-site
 * page cannot (a custom header needs a CORS preflight, which the cloud never grants); docs/security.md "Sessions".
 */
export const CSRF_HEADER = 'x-rackside-csrf';

/** A confirmation or verification code is this many digits. */
export const VERIFICATION_CODE_LENGTH = 6;

const required = (max: number) => z.string().min(1).max(max);
const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** Emails and codes are trimmed; passwords are taken exactly as typed. */
const EmailField = trimmed(254);
const PasswordField = required(256);
const CodeField = trimmed(32);

/** True when the text is a plausible e-mail address (the check behind InvalidRegistrationCredentials and friends). */
export const isEmailAddress = (text: string): boolean => z.email().safeParse(text).success;

// ---- requests ----

/** spec 1 §3 register form: email, password, confirm password. */
export const SignUpBodySchema = z.object({
  email: EmailField,
  password: PasswordField,
  passwordConfirm: PasswordField,
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** spec 1 §5 confirm registration: email and code. */
export const ConfirmSignUpBodySchema = z.object({ email: EmailField, code: CodeField });
export type ConfirmSignUpBody = z.infer<typeof ConfirmSignUpBodySchema>;

/** Resend the sign-up confirmation code (spec 1 §2: also after a UserNotConfirmed sign-in). */
export const ResendCodeBodySchema = z.object({ email: EmailField });
export type ResendCodeBody = z.infer<typeof ResendCodeBodySchema>;

/**
 * spec 1 §3 login form. `refreshCookie: false` signs in without setting the refresh cookie (spec 1 §4 "current
 * password validated by a login": that login must not replace the console's own session cookie).
 */
export const SignInBodySchema = z.object({
  email: EmailField,
  password: PasswordField,
  refreshCookie: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/**
 * Sign out (bearer): revokes the caller's session, or every session of the user with `global`, and clears the
 * refresh cookie unless `refreshCookie: false` (the session signed out is not the cookie's: a password check's).
 */
export const SignOutBodySchema = z.object({ global: z.boolean().optional(), refreshCookie: z.boolean().optional() });
export type SignOutBody = z.infer<typeof SignOutBodySchema>;

/** spec 1 §5 reset request: email. */
export const ForgotPasswordBodySchema = z.object({ email: EmailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** spec 1 §3 reset form: email, code, password, confirmPassword. */
export const ConfirmForgotPasswordBodySchema = z.object({
  email: EmailField,
  code: CodeField,
  password: PasswordField,
  confirmPassword: PasswordField,
});
export type ConfirmForgotPasswordBody = z.infer<typeof ConfirmForgotPasswordBodySchema>;

/** spec 1 §7 change password (bearer): oldPassword, password, passwordConfirm. */
export const ChangePasswordBodySchema = z.object({
  oldPassword: PasswordField,
  password: PasswordField,
  passwordConfirm: PasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** spec 1 §2/§5 profile NewEmail step (bearer): the new email twice and the current password. */
export const UpdateEmailBodySchema = z.object({ email: EmailField, verifyEmail: EmailField, password: PasswordField });
export type UpdateEmailBody = z.infer<typeof UpdateEmailBodySchema>;

/** spec 1 §2 verify email (bearer): the code sent to the new address. */
export const VerifyEmailBodySchema = z.object({ code: CodeField });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

// ---- replies ----

/** spec 1 §3 session/user: `username` is the account's stable id (it survives an email change). */
export const CloudUserSchema = z.object({ username: z.string(), email: z.string(), emailVerified: z.boolean() });
export type CloudUser = z.infer<typeof CloudUserSchema>;

/**
 * spec 1 §3 session: the id and access tokens, their lifetime in seconds, and the user. The third token of spec 1 §3,
 * the refresh token, travels only in the REFRESH_COOKIE (issue 16); POST refresh takes no body (spec 1 §9: every
 * minute; the token rotates, and a rotated-out one presented again ends the session).
 */
export const CloudSessionSchema = z.object({
  accessToken: z.string(),
  idToken: z.string(),
  expiresIn: z.number().int().positive(),
  user: CloudUserSchema,
});
export type CloudSession = z.infer<typeof CloudSessionSchema>;

/** Where a code was sent ("the reset response has a destination", spec 1 §3): a masked address such as j***@e***.com. */
export const CodeDeliverySchema = z.object({ destination: z.string(), deliveryMedium: z.literal('EMAIL') });
export type CodeDelivery = z.infer<typeof CodeDeliverySchema>;

/** The reply of calls that return nothing else. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** Claims of the id token (a JWT; the bearer of every cloud call, spec 1 §6). */
export const IdTokenClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  token_use: z.literal('id'),
  email: z.string(),
  email_verified: z.boolean(),
  iat: z.number(),
  exp: z.number(),
});
export type IdTokenClaims = z.infer<typeof IdTokenClaimsSchema>;
