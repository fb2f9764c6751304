/**
 * The error body every cloud REST reply carries on a 4xx/5xx: `{error, message}`, where `error` is a name of the
 * spec 1 §8 catalogue (catalog/errors.ts) or one of the HTTP-level names below. Clients switch on `error`, never on
 * the status code or the message (the message is English, for logs and curl users).
 */
import { z } from 'zod';
import { PASSWORD_RULES } from '../rules/password';

/** Names for failures that belong to HTTP rather than to a screen of spec 1 §8. */
export const HTTP_ERRORS = [
  /** A body, query or path parameter of the wrong type or size (missing fields answer RequiredFieldsMissing). */
  'ValidationError',
  /** No bearer token, or one that is invalid, expired or revoked; also a refresh token that is not live. */
  'Unauthorized',
  /** The route does not exist, or the resource is not the caller's (another user's id answers this, never 403). */
  'NotFound',
  /** A rate limit or a lock after repeated wrong codes; `Retry-After` says when to try again. */
  'TooManyRequests',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  /** Anything the server did not expect; details are in the server log only. */
  'Unknown',
] as const;
export type HttpErrorName = (typeof HTTP_ERRORS)[number];

/** spec 1 §8 names the identity endpoints answer (the login, register, confirm, reset, change and verify dialogs). */
export const IDENTITY_ERRORS = [
  'RequiredFieldsMissing',
  /** spec 1 §8 spells the reset-password dialog's missing-field error in the singular; the reset endpoints use it. */
  'RequiredFieldMissing',
  'InvalidPassword',
  'EmailNotFound',
  'UserNotConfirmed',
  'EmailExists',
  'PasswordsDoNotMatch',
  'InvalidRegistrationCredentials',
  'InvalidCode',
  'CodeExpired',
  'UserNotFound',
  'EmailNotVerified',
  ...PASSWORD_RULES,
  'InvalidParameterException',
  'AliasExistsException',
  'UnableToResendCode',
  'UnableToVerify',
] as const;
export type IdentityErrorName = (typeof IDENTITY_ERRORS)[number];

/** Every error name the cloud may answer so far; the venue, device and contact domains add theirs here. */
export type CloudErrorName = HttpErrorName | IdentityErrorName;

/** The JSON body of every cloud error reply. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  /** The first password rule (spec 1 §5) a rejected password breaks, when the error name does not say it already. */
  rule: z.enum(PASSWORD_RULES).optional(),
});
/** The JSON body of every cloud error reply. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
