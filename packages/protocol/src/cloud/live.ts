/**
 * The live stream (issue 20): one Server-Sent Events stream per signed-in browser carrying the changes of the
 * caller's amps as they happen, whichever cloud node ingested them: an amp online or offline, an incident opened or
 * closed, a rollout's or one amp's firmware update moving on. Only amps in the venues of the organisation the stream
 * acts in are told of: the caller's own (personal organisation), or — when the ticket request names one with
 * X-Rackside-Org (issue 21) — the organisation's, narrowed to the venues of the caller's role there, as its REST calls.
 * The venues screens' 10 s poll stays the fallback while the stream is down; an event says what changed, and a
 * client that wants more reads it with the REST calls it already makes.
 *
 * Opening it from a browser (EventSource cannot set headers): `POST /live/ticket` with the bearer id token answers a
 * ticket, single use and good for LIVE_TICKET_TTL_S; `new EventSource(`${api}/live?token=${ticket}`)`. A client that
 * can set headers may send `authorization: Bearer {idToken}` instead. The ticket is spent by the first GET, so
 * EventSource's own reconnection (same URL) is refused with 401: on `error` with readyState CLOSED, or on an `end`
 * event whose reason is not `signedOut`, take a new ticket and open a new EventSource (with back-off).
 *
 * Each event is `event: {name}` + `data: {json}` (LIVE_EVENTS, parse with parseLiveEvent); a `: ping` comment comes
 * every LIVE_PING_MS so proxies keep the connection and a client can tell a dead one.
 */
import { z } from 'zod';
import { SeverityLevelSchema } from './contacts';
import { INCIDENT_CONDITIONS, INCIDENT_STATES } from './incidents';
import { DeviceIdSchema } from './mqtt';
import { ROLLOUT_STATES, ROLLOUT_TARGET_STATES } from './rollouts';

/** Live stream endpoints, relative to the API base (docs/adr/0003). */
export const LIVE_PATHS = {
  /** GET (text/event-stream): the caller's live stream; the bearer header, or a ticket in `?token=`. */
  stream: '/live',
  /** POST (bearer): a ticket that opens the stream once, within LIVE_TICKET_TTL_S. */
  ticket: '/live/ticket',
} as const;

/** The query parameter that carries the ticket (the cloud never logs it: the request log masks `token`). */
export const LIVE_TOKEN_QUERY = 'token';
/** How long a ticket opens the stream (s); it opens it once. */
export const LIVE_TICKET_TTL_S = 30;
/** A ticket's text: 32 random bytes, base64url (43 characters). */
export const LIVE_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The longest `token` query the stream reads; a longer one is refused (400) before anything else. */
export const LIVE_TOKEN_MAX_CHARS = 256;
/** How often the stream sends a `: ping` comment (ms). */
export const LIVE_PING_MS = 15_000;
/** The reconnection delay the stream suggests to EventSource (`retry:`, ms). */
export const LIVE_RETRY_MS = 3000;

/** The reply to POST /live/ticket. */
export const LiveTicketReplySchema = z.object({
  /** Put it in `?token=` of GET /live, once. */
  ticket: z.string().regex(LIVE_TICKET_PATTERN),
  /** ISO 8601: the ticket opens nothing after this. */
  expiresAt: z.iso.datetime(),
});
export type LiveTicketReply = z.infer<typeof LiveTicketReplySchema>;

/** GET /live's query. */
export const LiveQuerySchema = z.object({ [LIVE_TOKEN_QUERY]: z.string().max(LIVE_TOKEN_MAX_CHARS).optional() });

/** `device`: an amp went online or offline, or moved to another of the caller's venues (its state now). */
export const LiveDeviceEventSchema = z.object({
  deviceId: DeviceIdSchema,
  venueId: z.uuid(),
  online: z.boolean(),
});
export type LiveDeviceEvent = z.infer<typeof LiveDeviceEventSchema>;

/** `incident`: an incident of an amp opened, resolved or reopened (its state now; GET /incidents/{id} has the rest). */
export const LiveIncidentEventSchema = z.object({
  deviceId: DeviceIdSchema,
  /** The venue the incident happened in. */
  venueId: z.uuid(),
  incidentId: z.uuid(),
  /** What it is about (the incident's condition type). */
  kind: z.enum(INCIDENT_CONDITIONS),
  state: z.enum(INCIDENT_STATES),
  severity: SeverityLevelSchema,
});
export type LiveIncidentEvent = z.infer<typeof LiveIncidentEventSchema>;

/**
 * `rollout`: a rollout moved on (its state, its wave), or, with `deviceId`, one amp's update did (its target state
 * and the amp's firmware status). GET /rollouts/{id} has the rest.
 */
export const LiveRolloutEventSchema = z.object({
  rolloutId: z.uuid(),
  state: z.enum(ROLLOUT_STATES),
  /** 0-based; equal to waveCount once every wave ended. */
  currentWave: z.number().int().min(0),
  waveCount: z.number().int().min(0),
  /** Present when one amp's update moved: the amp, its venue, its target state and its firmware status. */
  deviceId: DeviceIdSchema.optional(),
  venueId: z.uuid().optional(),
  targetState: z.enum(ROLLOUT_TARGET_STATES).optional(),
  /** The amp's last misc.fwUpdateStatus during this update (null: none seen yet). */
  firmwareStatus: z.string().nullable().optional(),
});
export type LiveRolloutEvent = z.infer<typeof LiveRolloutEventSchema>;

/**
 * `resync`: the node serving the stream may have missed changes (its link to the database's notifications was
 * down for a while); read again what is on screen.
 */
export const LiveResyncEventSchema = z.object({ reason: z.enum(['reconnected']) });
export type LiveResyncEvent = z.infer<typeof LiveResyncEventSchema>;

/**
 * `end`, just before the cloud closes the stream: `signedOut` (the sign-in session ended: sign-out, a password
 * change, expiry; do not reopen, sign in again), `restart` (the node is shutting down: reopen, another node answers),
 * `slow` (the client did not read its events; reopen and read again what is on screen), `revoked` (the caller no
 * longer belongs to the stream's organisation: membership removed, integrator grant revoked or expired, or the
 * organisation now requires two-factor sign-in; do not reopen in that organisation).
 */
export const LIVE_END_REASONS = ['signedOut', 'restart', 'slow', 'revoked'] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];
export const LiveEndEventSchema = z.object({ reason: z.enum(LIVE_END_REASONS) });
export type LiveEndEvent = z.infer<typeof LiveEndEventSchema>;

/** Every event of the stream, by its SSE event name. */
export const LIVE_EVENT_SCHEMAS = {
  device: LiveDeviceEventSchema,
  incident: LiveIncidentEventSchema,
  rollout: LiveRolloutEventSchema,
  resync: LiveResyncEventSchema,
  end: LiveEndEventSchema,
} as const;
export type LiveEventName = keyof typeof LIVE_EVENT_SCHEMAS;
export const LIVE_EVENTS = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventName[];

/** One event of the stream, its name beside its data. */
export type LiveEvent = {
  [K in LiveEventName]: { readonly event: K; readonly data: z.infer<(typeof LIVE_EVENT_SCHEMAS)[K]> };
}[LiveEventName];

/**
 * One SSE message as the client received it (EventSource's `type` and `data`), checked: the event, or undefined for
 * an unknown name (a newer cloud), data that is not JSON, or data that does not fit the event's schema.
 */
export function parseLiveEvent(name: string, data: string): LiveEvent | undefined {
  if (!Object.hasOwn(LIVE_EVENT_SCHEMAS, name)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = LIVE_EVENT_SCHEMAS[name as LiveEventName].safeParse(json);
  return parsed.success ? ({ event: name, data: parsed.data } as LiveEvent) : undefined;
}
