/**
 * Fault notifications (issue 15; spec 1 §2 dashboard, §3 contact severity flags, spec 2 §4 fault and warning rules):
 * incidents the cloud derives per amp from what it ingests (a fault or warning raised, the amp offline, an event of
 * the amp's log), their timeline, acknowledgement, and each venue's notification settings (quiet hours, reminders,
 * escalation). An incident opens once per condition, updates while it lasts and resolves when the condition clears;
 * an amp going offline and online again and again is one incident (`flapping`), not one per drop. Another user's
 * incident, device or venue answers NotFound.
 *
 * Delivery (e-mail and SMS to the venue's chosen contacts whose severity includes the incident's) is the cloud's
 * outbox: a `notifications` row per incident × contact × channel × kind, written in the transaction that changes the
 * incident, sent by a worker with retries (docs/architecture.md "Notifications").
 */
import { z } from 'zod';
import { SeverityLevelSchema } from './contacts';

/** Incident endpoints, relative to the API base (docs/adr/0003). */
export const INCIDENT_PATHS = {
  /** GET ?state=&venueId=&deviceId=&limit=: the caller's incidents, newest first (the dashboard asks state=open). */
  incidents: '/incidents',
  /** GET: one incident with its timeline. */
  incident: '/incidents/:incidentId',
  /** POST: acknowledge (stops reminders and escalation); idempotent, the first acknowledgement is kept. */
  acknowledge: '/incidents/:incidentId/ack',
  /**
   * GET ?token=, unauthenticated: the acknowledge link of a notification; answers a small HTML page with a button
   * (a mail scanner that follows links acknowledges nothing); POST (form field `token`) acknowledges.
   */
  acknowledgeLink: '/incidents/ack-link',
  /** GET ?token=, unauthenticated: the unsubscribe link of an e-mail (page with a button); POST stops e-mail to it. */
  unsubscribeLink: '/contacts/unsubscribe',
  /** GET, PUT: a venue's notification settings. */
  venueSettings: '/venues/:venueId/notification-settings',
} as const;

/** `{incidentId}` path parameters. */
export const IncidentParamsSchema = z.object({ incidentId: z.uuid() });
export type IncidentParams = z.infer<typeof IncidentParamsSchema>;

export const INCIDENT_STATES = ['open', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/**
 * What an incident is about (spec 2 §4): a channel's output faulted, the power supply's fault flag, a channel's output
 * thermal warning, its load monitor or pilot tone reporting other than Ok, an enabled input missing, the power supply
 * not ok, the amp offline (to the cloud), or an entry of the amp's event log (Info).
 */
export const INCIDENT_CONDITIONS = [
  'channelFault',
  'powerSupplyFault',
  'thermal',
  'loadMonitor',
  'pilotTone',
  'inputMissing',
  'powerNotOk',
  'offline',
  'event',
] as const;
export type IncidentConditionType = (typeof INCIDENT_CONDITIONS)[number];

/** One condition: its type, the channel it is on (channel conditions), and the amp's own words (a log line, a status). */
export const IncidentConditionSchema = z.object({
  type: z.enum(INCIDENT_CONDITIONS),
  channel: z.number().int().min(1).max(64).optional(),
  /** The amp's status word or log line, as it sent it (e.g. 'Open' for a load monitor, an event's text). */
  detail: z.string().max(500).optional(),
});
export type IncidentCondition = z.infer<typeof IncidentConditionSchema>;

/** What happened to an incident, in its timeline. */
export const INCIDENT_EVENT_TYPES = [
  'opened',
  'updated',
  'resolved',
  'reopened',
  'acknowledged',
  'notified',
  'reminded',
  'escalated',
  'deliveryFailed',
] as const;
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];

/** One entry of an incident's timeline. */
export const IncidentEventSchema = z.object({
  at: z.string(),
  type: z.enum(INCIDENT_EVENT_TYPES),
  /** Who: the console user's or the contact's name (acknowledged), the recipient (notified: 'e-mail to a@b.c'). */
  actor: z.string().nullable(),
  /** A short free text (a delivery error, a flap count). */
  detail: z.string().nullable(),
});
export type IncidentEvent = z.infer<typeof IncidentEventSchema>;

/** An incident as the REST API gives it. */
export const IncidentSchema = z.object({
  incidentId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  venueId: z.string(),
  venueName: z.string(),
  severity: SeverityLevelSchema,
  condition: IncidentConditionSchema,
  state: z.enum(INCIDENT_STATES),
  openedAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  /** How many times an offline incident came back within the flap window (0: never). */
  flapCount: z.number().int().nonnegative(),
  /** At least 5 drops within 10 minutes: one incident, its messages held until the amp stays online. */
  flapping: z.boolean(),
});
export type Incident = z.infer<typeof IncidentSchema>;

/** GET /incidents query. */
export const IncidentQuerySchema = z.object({
  state: z.enum(INCIDENT_STATES).optional(),
  venueId: z.uuid().optional(),
  deviceId: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type IncidentQuery = z.infer<typeof IncidentQuerySchema>;

/** GET /incidents reply, newest first. */
export const IncidentListSchema = z.object({ incidents: z.array(IncidentSchema) });
export type IncidentList = z.infer<typeof IncidentListSchema>;

/** GET /incidents/{id} and POST /incidents/{id}/ack reply: the incident with its timeline, oldest entry first. */
export const IncidentDetailSchema = z.object({ incident: IncidentSchema, timeline: z.array(IncidentEventSchema) });
export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;

/** `HH:MM`, 24-hour. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM');

/** The defaults of a venue's notification settings (a venue never saved has these). */
export const NOTIFICATION_DEFAULTS = {
  /** Unacknowledged Critical incidents remind every this many minutes. */
  reminderMinutes: 15,
  /** ... and go to the escalation contacts after this many minutes. */
  escalateAfterMinutes: 30,
} as const;

/**
 * A venue's notification settings. Quiet hours hold Warning and Info messages until they end (Critical always goes
 * at once); null start/end: none. The time zone is an IANA name. Escalation contacts are the caller's contacts told
 * of a Critical incident still unacknowledged after `escalateAfterMinutes`.
 */
export const VenueNotificationSettingsSchema = z.object({
  quietHours: z.object({ start: clockTime, end: clockTime, timeZone: z.string().min(1).max(64) }).nullable(),
  reminderMinutes: z.number().int().min(1).max(1440),
  escalateAfterMinutes: z.number().int().min(1).max(10080),
  escalationContactIds: z.array(z.uuid()).max(100),
});
export type VenueNotificationSettings = z.infer<typeof VenueNotificationSettingsSchema>;

/** GET/PUT /venues/{id}/notification-settings reply (PUT takes the settings as its body). */
export const VenueNotificationSettingsReplySchema = z.object({ settings: VenueNotificationSettingsSchema });
export type VenueNotificationSettingsReply = z.infer<typeof VenueNotificationSettingsReplySchema>;
