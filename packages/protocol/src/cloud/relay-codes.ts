/**
 * The relay's close codes, apart from its schemas (remote.ts): a console that only reads why a session ended does not
 * load zod for them.
 */

/**
 * WebSocket close codes of the relay (4000–4999 are the application's). The reason text is English, for logs; a
 * client switches on the code.
 */
export const RELAY_CLOSE = {
  /** The browser left, or the server is shutting down (1001 going away). */
  GoingAway: 1001,
  /** No credential, a bad or expired one, one for another amp, or its sign-in session ended. */
  Unauthorized: 4401,
  /** The amp is no longer the user's (removed, or registered to another account). */
  Forbidden: 4403,
  /** The browser did not read its frames (RELAY_MAX_QUEUED_BYTES). */
  SlowConsumer: 4408,
  /** The amp is offline. */
  AmpOffline: 4409,
  /** The credential's lifetime ended during the session. */
  Expired: 4440,
  /** Too many open sessions for the user or for the amp. */
  TooManySessions: 4429,
  /** The cloud has no broker connection. */
  Unavailable: 4503,
} as const;
/** A relay close code. */
export type RelayCloseCode = (typeof RELAY_CLOSE)[keyof typeof RELAY_CLOSE];
