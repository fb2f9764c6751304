/**
 * WebAuthn passkeys (issue 21, docs/adr/0009-passkeys.md): paths under the API base, bodies and replies. A passkey
 * signs in as the second factor after a right password (instead of a TOTP code), or alone (passwordless: a
 * discoverable credential with user verification, which counts as two factors). Each ceremony is two calls: options
 * (a challenge the cloud keeps for PASSKEY_CHALLENGE_TTL_S, single use), then the authenticator's response to verify.
 * The option and response shapes are WebAuthn Level 3's JSON forms (what @simplewebauthn/browser takes and gives).
 */
import { z } from 'zod';

/** Passkey endpoints, relative to the API base. */
export const PASSKEY_PATHS = {
  /** GET: the caller's passkeys. POST {name, credential}: registers a new one (after registrationOptions). */
  passkeys: '/auth/passkeys',
  /** POST {password?}: creation options for a new passkey (a recent sign-in, or the password). */
  registrationOptions: '/auth/passkeys/registration-options',
  /** PUT {name}: renames one of the caller's passkeys; DELETE: removes it (it no longer signs in). */
  passkey: '/auth/passkeys/:passkeyId',
  /** POST (anonymous, no body): request options for a passwordless sign-in (any of the account's passkeys). */
  signInOptions: '/auth/sign-in/passkey/options',
  /** POST {credential} (anonymous): passwordless sign-in → the session. */
  signIn: '/auth/sign-in/passkey',
  /** POST {challenge} (anonymous): request options for the second step of a sign-in (the account's passkeys). */
  secondFactorOptions: '/auth/sign-in/two-factor/passkey/options',
  /** POST {challenge, credential} (anonymous): the second step of a sign-in with a passkey → the session. */
  secondFactor: '/auth/sign-in/two-factor/passkey',
} as const;

/** Seconds a ceremony's challenge lives (single use). */
export const PASSKEY_CHALLENGE_TTL_S = 300;
/** A session younger than this may add a passkey without typing the password again. */
export const PASSKEY_RECENT_SIGN_IN_S = 900;
/** Milliseconds the browser gives the user to answer the authenticator (the `timeout` of the options). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 120_000;
/** The longest passkey name. */
export const PASSKEY_NAME_MAX = 64;
/** Passkeys one account may have. */
export const PASSKEY_MAX_PER_ACCOUNT = 20;

/** Authenticator transports (WebAuthn L3 AuthenticatorTransport, with 'cable' and 'smart-card'). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export const PasskeyTransportSchema = z.enum(PASSKEY_TRANSPORTS);
export type PasskeyTransport = z.infer<typeof PasskeyTransportSchema>;

/** Base64url without padding, as WebAuthn's JSON forms carry bytes. */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'not base64url');

const UserVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);
/** PublicKeyCredentialDescriptorJSON (type 'public-key'; browsers ignore transports they do not know). */
const CredentialDescriptorSchema = z.object({
  id: Base64Url(1366),
  type: z.string().max(32),
  transports: z.array(z.string().max(32)).optional(),
});
const HintSchema = z.enum(['hybrid', 'security-key', 'client-device']);

// ---- replies: the options the browser passes to navigator.credentials ----

/** PublicKeyCredentialCreationOptionsJSON: what `startRegistration({ optionsJSON })` takes. */
export const PasskeyCreationOptionsSchema = z.object({
  challenge: Base64Url(128),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: Base64Url(128), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().positive().optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: UserVerificationSchema.optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(HintSchema).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptionsSchema>;

/** PublicKeyCredentialRequestOptionsJSON: what `startAuthentication({ optionsJSON })` takes. */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: Base64Url(128),
  rpId: z.string().optional(),
  timeout: z.number().int().positive().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: UserVerificationSchema.optional(),
  hints: z.array(HintSchema).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptionsSchema>;

// ---- requests: the authenticator's answers ----

/** Extension outputs the cloud reads (none but credProps; anything else is dropped). */
const ExtensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/** RegistrationResponseJSON: what `startRegistration` answers. */
export const PasskeyRegistrationResponseSchema = z.object({
  id: Base64Url(1366),
  rawId: Base64Url(1366),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65_536),
    authenticatorData: Base64Url(65_536).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

/** AuthenticationResponseJSON: what `startAuthentication` answers. */
export const PasskeyAuthenticationResponseSchema = z.object({
  id: Base64Url(1366),
  rawId: Base64Url(1366),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(65_536),
    signature: Base64Url(8192),
    userHandle: Base64Url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/** A passkey's name as the user typed it (trimmed). */
export const PasskeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

/** Asks for creation options: the current password, needed when the session is older than PASSKEY_RECENT_SIGN_IN_S. */
export const PasskeyRegistrationOptionsBodySchema = z.object({ password: z.string().min(1).max(256).optional() });
export type PasskeyRegistrationOptionsBody = z.infer<typeof PasskeyRegistrationOptionsBodySchema>;

/** Registers the passkey the authenticator created for the last creation options. */
export const RegisterPasskeyBodySchema = z.object({
  name: PasskeyNameSchema,
  credential: PasskeyRegistrationResponseSchema,
});
export type RegisterPasskeyBody = z.infer<typeof RegisterPasskeyBodySchema>;

/** Renames a passkey. */
export const RenamePasskeyBodySchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof RenamePasskeyBodySchema>;

/** The path parameter of PUT and DELETE a passkey. */
export const PasskeyParamsSchema = z.object({ passkeyId: z.uuid() });
export type PasskeyParams = z.infer<typeof PasskeyParamsSchema>;

/** Passwordless sign-in: the assertion for the last sign-in options. `refreshCookie` as in sign-in. */
export const PasskeySignInBodySchema = z.object({
  credential: PasskeyAuthenticationResponseSchema,
  refreshCookie: z.boolean().optional(),
});
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>;

/** Second-factor options: the challenge a right password answered (TwoFactorChallenge.challenge). */
export const PasskeySecondFactorOptionsBodySchema = z.object({ challenge: z.string().trim().min(1).max(128) });
export type PasskeySecondFactorOptionsBody = z.infer<typeof PasskeySecondFactorOptionsBodySchema>;

/** The second step of a sign-in with a passkey: the password step's challenge and the assertion. */
export const PasskeySecondFactorBodySchema = z.object({
  challenge: z.string().trim().min(1).max(128),
  credential: PasskeyAuthenticationResponseSchema,
  refreshCookie: z.boolean().optional(),
});
export type PasskeySecondFactorBody = z.infer<typeof PasskeySecondFactorBodySchema>;

// ---- replies ----

/** Creation options for a new passkey. */
export const PasskeyRegistrationOptionsSchema = z.object({ options: PasskeyCreationOptionsSchema });
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/** Request options for a sign-in with a passkey. */
export const PasskeySignInOptionsSchema = z.object({ options: PasskeyRequestOptionsSchema });
export type PasskeySignInOptions = z.infer<typeof PasskeySignInOptionsSchema>;

/** One passkey of the caller (never its key material). */
export const PasskeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in with it; null before the first. */
  lastUsedAt: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

/** GET passkeys: the caller's passkeys, oldest first. */
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeyInfoSchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** A registered or renamed passkey. */
export const PasskeyReplySchema = z.object({ passkey: PasskeyInfoSchema });
export type PasskeyReply = z.infer<typeof PasskeyReplySchema>;
