/**
 * The remote device-API relay (issue 13; ARCHITECTURE.md "Remote control"): a browser asks for a short-lived
 * session credential scoped to one user × one amp, then opens a WebSocket to the cloud that carries device API frames
 * unchanged to and from the amp's remote session over MQTT (`api/req`, `api/res`). The limits, the close codes and
 * the credential contract live here, so the cloud and its clients share one definition.
 */
import { z } from 'zod';
import { DeviceIdSchema } from './mqtt';

/** Relay endpoints, relative to the API base (docs/adr/0003). */
export const REMOTE_PATHS = {
  /** POST: a relay credential for one of the caller's amps (online). */
  session: '/devices/:deviceId/remote-session',
  /** GET (WebSocket upgrade): the relay itself; the credential goes in the subprotocols or `?token=`. */
  relay: '/devices/:deviceId/relay',
} as const;

/** The subprotocol a relay client offers (the server selects it); the credential rides beside it. */
export const RELAY_SUBPROTOCOL = 'rackside.relay.v1';
/** Prefix of the subprotocol entry that carries the credential: `bearer.{token}` (a JWT is a valid token there). */
export const RELAY_TOKEN_PROTOCOL_PREFIX = 'bearer.';
/** The query parameter that may carry the credential instead (the cloud never logs it). */
export const RELAY_TOKEN_QUERY = 'token';

/** Largest frame the relay accepts from a browser (bytes, UTF-8); a larger one gets the device API's error. */
export const RELAY_MAX_FRAME_BYTES = 64 * 1024;
/** Frames a session may send per second, sustained; a burst of RELAY_RATE_BURST is allowed. */
export const RELAY_RATE_PER_S = 50;
/** The burst above RELAY_RATE_PER_S; a frame beyond it gets the device API's Busy error. */
export const RELAY_RATE_BURST = 100;
/** Bytes waiting to be written to one browser; beyond this the browser is not reading and its session is closed. */
export const RELAY_MAX_QUEUED_BYTES = 1024 * 1024;
/** Frames of one session on their way to the broker at once; beyond this a frame gets the Busy error. */
export const RELAY_MAX_IN_FLIGHT = 64;
/** The relay's keep-alive to the amp while a browser is connected (well inside API_SESSION_IDLE_MS). */
export const RELAY_KEEPALIVE_MS = 60_000;
/** Open relay sessions one user may hold at once (default; REMOTE_SESSIONS_PER_USER). */
export const RELAY_MAX_SESSIONS_PER_USER = 8;
/** Open relay sessions one amp may have at once, across users (default; REMOTE_SESSIONS_PER_AMP). */
export const RELAY_MAX_SESSIONS_PER_AMP = 8;
/** How often an open session checks again that its user may still reach its amp (ms), besides the direct hooks. */
export const RELAY_RECHECK_MS = 15_000;

export { RELAY_CLOSE, type RelayCloseCode } from './relay-codes';

/** The reply to POST /devices/{id}/remote-session. */
export const RemoteSessionReplySchema = z.object({
  /** The credential: for this user and this amp only, until expiresAt. */
  token: z.string().min(1),
  /** ISO 8601. */
  expiresAt: z.string(),
  /** The relay's absolute ws:// or wss:// URL (without the credential). */
  url: z.string().refine((u) => URL.canParse(u), 'not a URL'),
  /** The subprotocol to offer together with `bearer.{token}`. */
  protocol: z.literal(RELAY_SUBPROTOCOL),
});
/** A relay credential. */
export type RemoteSessionReply = z.infer<typeof RemoteSessionReplySchema>;

/** spec 1 §4: a client renews its session's credential when less than this remains (10 minutes). */
export const RELAY_REFRESH_LEAD_MS = 10 * 60_000;

/**
 * A relay control frame from the browser, never forwarded to the amp: a fresh credential (from POST remote-session)
 * for the open session, which then lives until the new credential's expiry. A credential that no longer admits the
 * caller (signed out, amp gone, another amp or user) closes the session with the refusal's code.
 */
export const RelayRefreshSchema = z.object({ relay: z.literal('refresh'), token: z.string().min(1).max(4096) });
export type RelayRefresh = z.infer<typeof RelayRefreshSchema>;
/** The relay's answer to a refresh: the session's new end (ISO 8601). */
export const RelayRefreshedSchema = z.object({ relay: z.literal('refreshed'), expiresAt: z.string() });
export type RelayRefreshed = z.infer<typeof RelayRefreshedSchema>;
/** Every relay control frame starts with this text (a device API frame never does: it has no `relay` member). */
export const RELAY_CONTROL_PREFIX = '{"relay":';

/** The relay's query: the credential, when the client cannot set subprotocols. */
export const RelayQuerySchema = z.object({ [RELAY_TOKEN_QUERY]: z.string().max(4096).optional() });

/** `{deviceId}` of the relay paths. */
export const RemoteParamsSchema = z.object({ deviceId: DeviceIdSchema });
