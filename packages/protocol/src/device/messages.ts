/**
 * The device API's messages on the wire (spec 2 §7, device-api-notes.md): zod schemas for what an amp
 * receives, builders that emit replies and notifications in the exact key order and layout the notes require.
 * zod/mini (the same parser, tree-shakable): the console an amp serves parses every frame with these, and the classic
 * API would bring all of zod into its first route (issue 12).
 */
import * as z from 'zod/mini';

/** The version string every message carries in its `leaApi` field. */
export const LEA_API_VERSION = '1.0';

/** Methods of the JSON device API. */
export const DEVICE_METHODS = [
  'get',
  'set',
  'info',
  'subscribe',
  'unsubscribe',
  'clear',
  'reset',
  'unlock',
  'lock',
  'getConfig',
  'setConfig',
] as const;
export type DeviceMethod = (typeof DEVICE_METHODS)[number];

/** Device API error codes (JSON-RPC style; -32000 is the auth challenge of spec 2 §7). */
export const DeviceErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  AuthChallenge: -32000,
  UnknownUrl: -32001,
  InvalidPassword: -32002,
  Forbidden: -32003,
  Busy: -32005,
  Internal: -32603,
} as const;
export type DeviceErrorCode = (typeof DeviceErrorCode)[keyof typeof DeviceErrorCode];

/** The answer a client gives to an auth challenge (docs/device-api.md defines the hash). */
export const AuthAnswerSchema = z.object({
  user: z.literal('admin'),
  nonce: z.string().check(z.minLength(1), z.maxLength(128)),
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

/** A request an amp receives. `params` may be missing; the url may lack its leading slash. */
export const DeviceRequestSchema = z.object({
  leaApi: z.optional(z.string().check(z.maxLength(16))),
  url: z.string().check(z.maxLength(1024)),
  method: z.string().check(z.maxLength(64)),
  params: z.optional(z.unknown()),
  id: z.int().check(z.gte(0), z.lte(2 ** 31 - 1)),
  /** Present on the retry after a -32000 challenge. */
  auth: z.optional(AuthAnswerSchema),
  /** HMAC of the request with the key derived from the MAC address, for UAC-locked amps. */
  signature: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});
export type DeviceRequest = z.infer<typeof DeviceRequestSchema>;

export const DeviceErrorSchema = z.object({
  code: z.int(),
  message: z.string(),
  nonce: z.optional(z.string()),
});
export type DeviceError = z.infer<typeof DeviceErrorSchema>;

/** A reply to a request: a result, or an error. */
export const DeviceReplySchema = z.union([
  z.object({ leaApi: z.string(), url: z.string(), result: z.unknown(), id: z.int() }),
  z.object({ leaApi: z.string(), url: z.string(), error: DeviceErrorSchema, id: z.nullable(z.int()) }),
]);
export type DeviceReply = z.infer<typeof DeviceReplySchema>;

/** A notification: changes since the last batch, rooted at `/`. */
export const DeviceNotifySchema = z.object({
  leaApi: z.string(),
  url: z.string(),
  method: z.literal('notify'),
  params: z.record(z.string(), z.unknown()),
});
export type DeviceNotify = z.infer<typeof DeviceNotifySchema>;

/** Anything an amp sends. */
export const DeviceMessageSchema = z.union([DeviceNotifySchema, DeviceReplySchema]);
export type DeviceMessage = z.infer<typeof DeviceMessageSchema>;

/** `/lockedProperties lock` params and reply (spec 3 §4). */
export const LockParamsSchema = z.object({
  mac: z.string().check(z.maxLength(17)),
  key: z.string().check(z.minLength(1), z.maxLength(256)),
  properties: z.array(z.string().check(z.minLength(1), z.maxLength(256))).check(z.minLength(1), z.maxLength(4096)),
});
export const LockResultSchema = z.object({ groupId: z.string(), group: z.object({ key: z.string() }) });
export const UnlockParamsSchema = z.object({
  mac: z.string().check(z.maxLength(17)),
  password: z.string().check(z.maxLength(256)),
  groupId: z.optional(z.string()),
});
export const ResetParamsSchema = z.object({ groupId: z.string().check(z.maxLength(64)) });

/** `/users set`: the password change, encrypted (docs/device-api.md: RSA-OAEP-2048 wrapping AES-256-GCM). */
export const EncryptedPayloadSchema = z.object({
  encryptedKey: z.string().check(z.maxLength(1024)),
  iv: z.string().check(z.maxLength(64)),
  ciphertext: z.string().check(z.maxLength(4096)),
  tag: z.string().check(z.maxLength(64)),
});
/** The plaintext inside `/users` payloads: set (no old), change (old and new), remove (old, no new). */
export const UsersChangeSchema = z.object({
  user: z.literal('admin'),
  oldPassword: z.optional(z.string().check(z.maxLength(128))),
  newPassword: z.optional(z.string().check(z.maxLength(128))),
});

/** `/NSTProxy getConfig|setConfig` params (spec 3 §7: ipAddress, requestId, payload). */
export const NstConfigParamsSchema = z.object({
  ipAddress: z.string().check(z.maxLength(21)),
  requestId: z.optional(z.union([z.string().check(z.maxLength(64)), z.int()])),
  payload: z.optional(z.unknown()),
});

/** Pretty-printed JSON with a space after each colon, the layout the notes require. */
export const prettyJson = (v: unknown): string => JSON.stringify(v, null, 2);

/** A result reply, keys in the order leaApi, url, result, id. */
export const replyFrame = (url: string, result: unknown, id: number): string =>
  prettyJson({ leaApi: LEA_API_VERSION, url, result, id });
/** An error reply, keys in the order leaApi, url, error, id. */
export const errorFrame = (url: string, error: DeviceError, id: number | null): string =>
  prettyJson({ leaApi: LEA_API_VERSION, url, error, id });
/** A notification, keys in the order leaApi, url, method, params. */
export const notifyFrame = (params: Record<string, unknown>): string =>
  prettyJson({ leaApi: LEA_API_VERSION, url: '/', method: 'notify', params });
