/**
 * Two-factor sign-in (issue 21: TOTP and recovery codes) and the signed-in sessions list: paths under the API base,
 * bodies and replies. A sign-in whose password is right answers a short-lived, single-use challenge instead of a
 * session when the account has two-factor on; the challenge and a code (from the authenticator app, or one of the
 * ten recovery codes) then start the session.
 */
import { z } from 'zod';
import { CloudSessionSchema } from './identity';

/** Two-factor and session endpoints, relative to the API base. GET status and sessions; DELETE one session. */
export const TWO_FACTOR_PATHS = {
  /** POST {challenge, code}: the sign-in's second step (anonymous) → the session. */
  signInCode: '/auth/sign-in/two-factor',
  /** GET: is two-factor on, and how many recovery codes are left. */
  status: '/auth/two-factor',
  /** POST: a new secret and its otpauth URI (not on until confirmed). */
  enrol: '/auth/two-factor/enrol',
  /** POST {code}: the first code from the app turns two-factor on and answers the recovery codes (shown once). */
  confirm: '/auth/two-factor/confirm',
  /** POST {password, code}: turns two-factor off. */
  disable: '/auth/two-factor/disable',
  /** POST {code}: ten new recovery codes; the old ones stop working. */
  recoveryCodes: '/auth/two-factor/recovery-codes',
  /** GET: the caller's live sessions. */
  sessions: '/auth/sessions',
  /** DELETE: ends one of the caller's sessions. */
  session: '/auth/sessions/:sessionId',
  /** POST: ends every session of the caller but this one. */
  revokeOtherSessions: '/auth/sessions/revoke-others',
} as const;

/** How many recovery codes an enrolment (or a regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code is this many digits (RFC 6238 with the authenticator apps' defaults: SHA-1, 30 s). */
export const TOTP_CODE_LENGTH = 6;
/** Seconds a sign-in's two-factor challenge lives. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 300;

/** A TOTP code or a recovery code (spaces and dashes are ignored by the cloud). */
const TwoFactorCodeField = z.string().trim().min(1).max(32);

// ---- requests ----

/** The second step of a sign-in: the challenge the first answered and a code. `refreshCookie` as in sign-in. */
export const TwoFactorSignInBodySchema = z.object({
  challenge: z.string().trim().min(1).max(128),
  code: TwoFactorCodeField,
  refreshCookie: z.boolean().optional(),
});
export type TwoFactorSignInBody = z.infer<typeof TwoFactorSignInBodySchema>;

/** Confirms an enrolment, or asks for new recovery codes: a code from the app (regeneration: or a recovery code). */
export const TwoFactorCodeBodySchema = z.object({ code: TwoFactorCodeField });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;

/** Turns two-factor off: the current password and a code (from the app, or a recovery code). */
export const DisableTwoFactorBodySchema = z.object({ password: z.string().min(1).max(256), code: TwoFactorCodeField });
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBodySchema>;

/** The path parameter of DELETE a session. */
export const SessionParamsSchema = z.object({ sessionId: z.uuid() });
export type SessionParams = z.infer<typeof SessionParamsSchema>;

// ---- replies ----

/** What a right password answers when the account has two-factor on: no session yet, a challenge for the code. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  /** Seconds the challenge lives. */
  expiresIn: z.number().int().positive(),
  /** Present (true) when the account has a passkey: the step also takes one instead of a code (passkeys.ts). */
  passkeys: z.literal(true).optional(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** The reply of POST sign-in: a session, or (two-factor on) a challenge. */
export const SignInReplySchema = z.union([CloudSessionSchema, TwoFactorChallengeSchema]);
export type SignInReply = z.infer<typeof SignInReplySchema>;

/** True when a sign-in answered a two-factor challenge rather than a session. */
export const isTwoFactorChallenge = (reply: SignInReply): reply is TwoFactorChallenge => 'twoFactorRequired' in reply;

/** GET two-factor: on or off, and the recovery codes not used yet. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A started enrolment: the base32 secret (for typing in by hand) and its otpauth:// URI (for the QR code). */
export const TwoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** Recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** One signed-in session (a browser or a client) of the caller. */
export const SessionInfoSchema = z.object({
  id: z.string(),
  /** Browser and version from the user agent ("Chrome 131"), or '' when unknown. */
  browser: z.string(),
  /** Operating system from the user agent ("Windows"), or '' when unknown. */
  os: z.string(),
  /** The client address at sign-in or at the last refresh. */
  address: z.string(),
  createdAt: z.string(),
  /** The last sign-in or token refresh of the session. */
  lastSeenAt: z.string(),
  /** The session of the call itself ("this device"). */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** GET sessions: the caller's live sessions, most recently seen first. */
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

/** POST revoke-others: how many sessions ended. */
export const RevokedSessionsSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessions = z.infer<typeof RevokedSessionsSchema>;
