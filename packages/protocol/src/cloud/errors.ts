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
  /**
   * 403: the caller's role in the organisation the request acts in lacks the route's permission (issue 21,
   * policy.ts); the message names the role and the permission.
   */
  'Forbidden',
  /** A rate limit or a lock after repeated wrong codes; `Retry-After` says when to try again. */
  'TooManyRequests',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  /** A part the call needs (the MQTT broker, the mail server) is not available; try again later. */
  'ServiceUnavailable',
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
  /**
   * 400: the code had CODE_MAX_ATTEMPTS (5) wrong tries and no longer works, even when right; ask for a new code
   * (issue 16; sign-up confirmation, password reset, email verification).
   */
  'CodeAttemptsExceeded',
] as const;
export type IdentityErrorName = (typeof IDENTITY_ERRORS)[number];

/** Names the venue calls answer (spec 1 §5; VENUE_HAS_AMPS is ours for 'Cannot delete a venue that contains amps'). */
export const VENUE_API_ERRORS = [
  /** 409: another venue of the caller has this name (trimmed, case-insensitive). */
  'VENUE_NAME_EXISTS',
  /** 409: DELETE /venues/{id} while amps are in the venue (spec 1 §2 'Cannot delete a venue that contains amps'). */
  'VENUE_HAS_AMPS',
] as const;
export type VenueApiErrorName = (typeof VENUE_API_ERRORS)[number];

/** Names POST /devices/register answers (the amp's agent shows Failed and does not retry on any of them). */
export const DEVICE_API_ERRORS = [
  /** 401: no live token has this value. */
  'REGISTRATION_TOKEN_INVALID',
  /** 409: the token registered a device already (single use). */
  'REGISTRATION_TOKEN_USED',
  /** 410: the token is older than its lifetime (REGISTRATION_TOKEN_TTL_S, 1 h). */
  'REGISTRATION_TOKEN_EXPIRED',
] as const;
export type DeviceApiErrorName = (typeof DEVICE_API_ERRORS)[number];

/** Names the contact calls answer (spec 1 §5 and §8; the console maps them to its message keys). */
export const CONTACT_API_ERRORS = [
  /** 400: the email is not an address (spec 1 §8; message key contactsEmailNotInCorrectFormat). */
  'EMAIL_FORMAT_ERROR',
  /** 400: the phone is not a complete number for its country (spec 1 §5). */
  'PHONE_FORMAT_ERROR',
  /** 409: another contact of the caller has this email, case-insensitively (contactsEmailAddressInUse). */
  'CONTACT_EMAIL_IN_USE',
  /** 409: another contact of the caller has this phone (contactsPhoneNumberAlreadyInUse). */
  'CONTACT_PHONE_IN_USE',
] as const;
export type ContactApiErrorName = (typeof CONTACT_API_ERRORS)[number];

/** Names POST /devices/{id}/remote-session answers (the remote device-API relay, issue 13). */
export const REMOTE_API_ERRORS = [
  /** 409: the amp is not connected to the cloud, so there is nothing to relay to. */
  'AMP_OFFLINE',
] as const;
export type RemoteApiErrorName = (typeof REMOTE_API_ERRORS)[number];

/** Names the firmware library answers (issue 14); an upload that fails any of them stores nothing. */
export const FIRMWARE_API_ERRORS = [
  /** 400: the upload has no `file` part (multipart) or an empty one. */
  'FIRMWARE_FILE_MISSING',
  /** 400: the file name breaks the grammar of spec 3 §5 (`{PREFIX}-{a.b.c.d}[-tag].tar.xz.enc`). */
  'FIRMWARE_NAME_INVALID',
  /** 400: the name's or the header's family (prefix) is none of DLS, SS, BS, ASBT. */
  'FIRMWARE_UNKNOWN_FAMILY',
  /** 400: the name's or the header's version is not four dotted numbers. */
  'FIRMWARE_VERSION_INVALID',
  /** 400: the file is no firmware image (no RKFW magic, a header that is not one). */
  'FIRMWARE_NOT_AN_IMAGE',
  /** 400: the file is shorter than its header says (or longer). */
  'FIRMWARE_TRUNCATED',
  /** 400: the header's or the payload's SHA-256 does not match. */
  'FIRMWARE_CHECKSUM_MISMATCH',
  /** 400: the family or version inside the image is not the one its file name says. */
  'FIRMWARE_NAME_MISMATCH',
  /** 409: the caller's library has this family and version already. */
  'FIRMWARE_VERSION_EXISTS',
  /** 409: a firmware job needs an image the caller's library does not have (none for the amp's family, or not that version). */
  'FIRMWARE_NOT_IN_LIBRARY',
  /** 409: an unfinished rollout still has to install the image, so it cannot be deleted. */
  'FIRMWARE_IN_USE',
  /** 400: a `.zip` upload is no zip archive the cloud can read (not a zip, damaged, encrypted, ZIP64, an unknown compression). */
  'FIRMWARE_ZIP_INVALID',
  /** 400: a release zip holds no `.tar.xz.enc` image. */
  'FIRMWARE_ZIP_NO_IMAGE',
  /** 400: a release zip holds two images of the same family and version. */
  'FIRMWARE_ZIP_DUPLICATE',
] as const;
export type FirmwareApiErrorName = (typeof FIRMWARE_API_ERRORS)[number];

/** Error names of rollouts. */
export const ROLLOUT_API_ERRORS = [
  /** 409: a rollout is running, paused or stopped already (one at a time; resume or cancel it first). */
  'ROLLOUT_ACTIVE',
  /** 409: the action does not fit the rollout's state (resume a running one, pause an ended one). */
  'ROLLOUT_STATE',
  /** 400: no selected amp can be updated (each one's reason is in the message). */
  'ROLLOUT_NOTHING_TO_UPDATE',
] as const;
export type RolloutApiErrorName = (typeof ROLLOUT_API_ERRORS)[number];

/** Error names of incidents and notification settings (issue 15). */
export const INCIDENT_API_ERRORS = [
  /** 400: a venue's quiet hours name a time zone that is no IANA zone. */
  'TIME_ZONE_INVALID',
  /** 400: an escalation contact is none of the caller's contacts. */
  'CONTACT_UNKNOWN',
  /** 400: an acknowledge or unsubscribe link that is damaged or expired. */
  'LINK_INVALID',
] as const;
export type IncidentApiErrorName = (typeof INCIDENT_API_ERRORS)[number];

/** Error names of two-factor sign-in (issue 21). */
export const TWO_FACTOR_API_ERRORS = [
  /** 400: the TOTP code was right but has been used already (each code works once); wait for the next one. */
  'CodeAlreadyUsed',
  /** 401: the sign-in's two-factor challenge is unknown, used or expired; sign in again. */
  'TwoFactorChallengeInvalid',
  /** 409: two-factor is on already (turn it off first to enrol again). */
  'TwoFactorAlreadyEnabled',
  /** 409: two-factor is not on (or not enrolled, for a confirmation). */
  'TwoFactorNotEnabled',
] as const;
export type TwoFactorApiErrorName = (typeof TWO_FACTOR_API_ERRORS)[number];

/** Error names of WebAuthn passkeys (issue 21, passkeys.ts). */
export const PASSKEY_API_ERRORS = [
  /** 400: the ceremony's challenge is unknown, used or older than 5 minutes; start the ceremony again. */
  'PasskeyChallengeInvalid',
  /** 400: the authenticator's answer did not verify (origin, signature, counter, user verification…). */
  'PasskeyInvalid',
  /** 400: no passkey of the account has this credential (removed, or another account's). */
  'PasskeyNotRegistered',
  /** 409: this authenticator holds one of the account's passkeys already. */
  'PasskeyExists',
  /** 409: the account has PASSKEY_MAX_PER_ACCOUNT passkeys already. */
  'PasskeyLimit',
  /** 403: adding a passkey needs a sign-in of the last 15 minutes, or the current password. */
  'RecentSignInRequired',
] as const;
export type PasskeyApiErrorName = (typeof PASSKEY_API_ERRORS)[number];

/** Error names of organisations, members and invitations (issue 21). */
export const ORG_API_ERRORS = [
  /** 409: the owner's role cannot be changed and the owner cannot be removed. */
  'OWNER_IS_FIXED',
  /** 409: the address is a member already (or the owner's). */
  'ALREADY_A_MEMBER',
  /** 404: no pending invitation has this token (never sent, accepted, withdrawn or expired). */
  'INVITATION_INVALID',
  /** 403: the invitation was sent to another e-mail address than the signed-in account's. */
  'INVITATION_OTHER_EMAIL',
  /** 404: no account has this e-mail address, or no organisation this id (an integrator grant's organisation). */
  'INTEGRATOR_UNKNOWN',
  /** 403: the organisation requires two-factor sign-in and the caller has not turned it on (profile, two-factor). */
  'TWO_FACTOR_REQUIRED',
] as const;
export type OrgApiErrorName = (typeof ORG_API_ERRORS)[number];

/** Every error name the cloud may answer. */
export type CloudErrorName =
  | HttpErrorName
  | IdentityErrorName
  | VenueApiErrorName
  | DeviceApiErrorName
  | ContactApiErrorName
  | RemoteApiErrorName
  | FirmwareApiErrorName
  | RolloutApiErrorName
  | IncidentApiErrorName
  | TwoFactorApiErrorName
  | PasskeyApiErrorName
  | OrgApiErrorName;

/** The JSON body of every cloud error reply. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  /** The first password rule (spec 1 §5) a rejected password breaks, when the error name does not say it already. */
  rule: z.enum(PASSWORD_RULES).optional(),
});
/** The JSON body of every cloud error reply. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
