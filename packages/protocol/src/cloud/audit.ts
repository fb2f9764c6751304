/**
 * The audit timeline (issue 21 "Audit timeline"): every change a person makes and every event of an amp, recorded
 * append-only with who, when and from where, kept AUDIT_RETENTION_DAYS (default 365) by the cloud. An event belongs to
 * the organisation whose data changed; its actor is the signed-in person who did it (a member acting in an owner's
 * organisation is recorded as the member), or null when the amp itself reported it.
 *
 * Timelines: one per venue, one per amp, and the organisation's whole log (members, grants, contacts, the firmware
 * library, security settings and sign-ins have no venue). Each answers newest first in pages (keyset: `nextCursor` is
 * opaque, pass it back unchanged with the same filters) and as a CSV file with the same filters (every matching event,
 * newest first, at most AUDIT_CSV_MAX_ROWS). An account's own security (two-factor, passkeys, password, sign-ins) is
 * in its personal organisation's log.
 * Another organisation's venue or amp answers NotFound. An amp's or a venue's timeline stays readable after the amp or
 * the venue is gone, as long as events about it are kept.
 */
import { z } from 'zod';
import { DeviceIdSchema } from './mqtt';
import { MemberRoleSchema, OrgRoleSchema } from './policy';

/** Audit endpoints, relative to the API base (permission `audit.read`, every role). */
export const AUDIT_PATHS = {
  /** GET ?kind=&actorId=&from=&to=&venueId=&deviceId=&cursor=&limit=: the organisation's whole log, one page. */
  audit: '/audit',
  /** GET (the same filters, no cursor or limit): the organisation's log as CSV. */
  auditCsv: '/audit.csv',
  /** GET ?kind=&actorId=&from=&to=&cursor=&limit=: one venue's timeline (amps moved out of it included). */
  venueAudit: '/venues/:venueId/audit',
  /** GET: one venue's timeline as CSV. */
  venueAuditCsv: '/venues/:venueId/audit.csv',
  /** GET ?kind=&actorId=&from=&to=&cursor=&limit=: one amp's timeline. */
  deviceAudit: '/devices/:deviceId/audit',
  /** GET: one amp's timeline as CSV. */
  deviceAuditCsv: '/devices/:deviceId/audit.csv',
} as const;

/** Most events one page gives (the `limit` query parameter, default AUDIT_PAGE_DEFAULT). */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;
/** Most events one CSV export holds (narrow the dates for more). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
/** The CSV file's columns, in order (its header row). `details` is the event's details as JSON. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'kind',
  'actor_email',
  'actor_user_id',
  'ip',
  'user_agent',
  'venue_id',
  'device_id',
  'details',
  'id',
] as const;

/** What happened, as the `kind` of an event. Changes by a person first, then the amp's own events. */
export const AUDIT_KINDS = [
  'venue.created',
  'venue.renamed',
  'venue.deleted',
  'device.added',
  'device.moved',
  'device.removed',
  'device.setting',
  'firmware.started',
  'firmware.uploaded',
  'firmware.latest_set',
  'firmware.deleted',
  'contact.created',
  'contact.changed',
  'contact.deleted',
  'contact.venue_added',
  'contact.venue_removed',
  'notifications.changed',
  'member.invited',
  'member.invitation_withdrawn',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'grant.created',
  'grant.revoked',
  'org.security_changed',
  'session.new_device',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'account.passkey_added',
  'account.passkey_removed',
  'account.password_changed',
  'amp.fault',
  'amp.fault_cleared',
  'amp.offline',
  'amp.online',
  'firmware.status',
] as const;
export const AuditKindSchema = z.enum(AUDIT_KINDS);
/** One kind of audit event. */
export type AuditKind = z.infer<typeof AuditKindSchema>;
/** The kinds an amp reports itself (their actor is null). */
export const AMP_AUDIT_KINDS = [
  'amp.fault',
  'amp.fault_cleared',
  'amp.offline',
  'amp.online',
  'firmware.status',
] as const satisfies readonly AuditKind[];

/** The person who did it: the signed-in account (its e-mail address as it was then). */
export const AuditActorSchema = z.object({ userId: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** Fields every event has; `details` and `kind` are per kind (AuditEventSchema). */
const eventBase = {
  id: z.string(),
  /** When (ISO 8601, UTC). */
  at: z.iso.datetime(),
  /** Who: null for the amp's own events (AMP_AUDIT_KINDS). */
  actor: AuditActorSchema.nullable(),
  /** From where: the client's address (behind TRUST_PROXY, the forwarded one) and its User-Agent; null for the amp. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /**
   * The venue it happened in (for a move, the venue the amp went to; a venue's contacts and notification settings:
   * that venue); null for members, grants, contacts, the firmware library, security settings, sign-ins.
   */
  venueId: z.string().nullable(),
  /** The amp it is about; null when none. */
  deviceId: z.string().nullable(),
};

const event = <K extends AuditKind, D extends z.ZodType>(kind: K, details: D) =>
  z.object({ ...eventBase, kind: z.literal(kind), details });

/** Names are kept as they were (the venue, amp or contact may be renamed or gone since). */
const named = z.object({ name: z.string() });
const contactDetails = z.object({ contactId: z.string(), name: z.string() });
/** A library image: its id, family (the file name's prefix, e.g. ASBT) and version. */
const firmwareImageDetails = z.object({ firmwareId: z.string(), family: z.string(), version: z.string() });
/** The integrator organisation of a grant, as the grant list names it (its name and its owner's address). */
const grantDetails = z.object({
  grantId: z.string(),
  integratorOrganisationId: z.string(),
  integratorName: z.string(),
  integratorEmail: z.string(),
});
const passkeyDetails = z.object({ passkeyId: z.string(), name: z.string() });
const incidentDetails = z.object({
  incidentId: z.string(),
  /** The incident's condition (incidents.ts IncidentCondition.type), e.g. channelFault, thermal. */
  condition: z.string(),
  channel: z.number().int().nullable(),
  severity: z.string(),
  /** The amp's own words (a status, a log line), if any. */
  detail: z.string().nullable(),
});
/** A value of the amp's device API (JSON). */
const settingValue = z.json();

/** One audit event: the common fields plus `kind` and its `details`. */
export const AuditEventSchema = z.discriminatedUnion('kind', [
  event('venue.created', named),
  event('venue.renamed', z.object({ from: z.string(), to: z.string() })),
  event('venue.deleted', named),
  /** An amp registered with a registration token: the actor is the person who asked for the token. */
  event('device.added', z.object({ name: z.string(), modelId: z.string(), serialNumber: z.string() })),
  event(
    'device.moved',
    z.object({
      name: z.string(),
      fromVenueId: z.string(),
      fromVenueName: z.string(),
      toVenueId: z.string(),
      toVenueName: z.string(),
    }),
  ),
  event('device.removed', named),
  /**
   * A setting written through the remote relay: the device-API path, the value before (the last one the session saw
   * for that path in a `get` reply or a notification; null when it had not seen one) and the value the amp took.
   */
  event('device.setting', z.object({ path: z.string(), from: settingValue.nullable(), to: settingValue })),
  /** A firmware update sent: one amp's job (jobId) or its part of a rollout (rolloutId). */
  event(
    'firmware.started',
    z.object({ version: z.string(), jobId: z.string().nullable(), rolloutId: z.string().nullable() }),
  ),
  event('contact.created', contactDetails),
  /** `fields`: which of the contact's fields changed (name, email, phone, severities…). */
  event('contact.changed', contactDetails.extend({ fields: z.array(z.string()) })),
  event('contact.deleted', contactDetails),
  /** A contact chosen to be notified of a venue's faults, or no longer (the event's venueId: that venue). */
  event('contact.venue_added', contactDetails.extend({ venueName: z.string() })),
  event('contact.venue_removed', contactDetails.extend({ venueName: z.string() })),
  /**
   * A venue's notification settings saved: `fields` says which changed (quietHours, reminderMinutes,
   * escalateAfterMinutes, escalationContactIds); the event's venueId is the venue's.
   */
  event('notifications.changed', z.object({ venueName: z.string(), fields: z.array(z.string()) })),
  /** An image added to the library (a release zip adds one event per image); `size` in bytes. */
  event('firmware.uploaded', firmwareImageDetails.extend({ size: z.number().int() })),
  /** An image made the latest of its family (the version amps are offered). */
  event('firmware.latest_set', firmwareImageDetails),
  event('firmware.deleted', firmwareImageDetails),
  event('member.invited', z.object({ email: z.string(), role: MemberRoleSchema })),
  /** A pending invitation withdrawn before it was accepted. */
  event('member.invitation_withdrawn', z.object({ email: z.string(), role: MemberRoleSchema })),
  /** An invitation accepted: the actor is the person who joined, the event is the inviting organisation's. */
  event('member.joined', z.object({ userId: z.string(), email: z.string(), role: MemberRoleSchema })),
  event(
    'member.role_changed',
    z.object({ userId: z.string(), email: z.string(), from: OrgRoleSchema, to: OrgRoleSchema }),
  ),
  event('member.removed', z.object({ userId: z.string(), email: z.string(), role: OrgRoleSchema })),
  /** An integrator organisation given a role on some venues until `expiresAt` (ISO 8601). */
  event(
    'grant.created',
    grantDetails.extend({ role: MemberRoleSchema, venueIds: z.array(z.string()), expiresAt: z.string() }),
  ),
  /** A grant ended early by the organisation (a grant that runs out records nothing). */
  event('grant.revoked', grantDetails),
  /** The organisation's security settings changed: each changed setting, from → to. */
  event('org.security_changed', z.object({ requireTwoFactor: z.object({ from: z.boolean(), to: z.boolean() }) })),
  /** A sign-in from a browser and address not seen for that account before (ip, userAgent say which). */
  event('session.new_device', z.object({ browser: z.string(), os: z.string() })),
  /** The account's own security, in its personal organisation's log (never a secret, code or key). */
  event('account.two_factor_enabled', z.object({})),
  event('account.two_factor_disabled', z.object({})),
  event('account.passkey_added', passkeyDetails),
  event('account.passkey_removed', passkeyDetails),
  /** `reset`: set with an e-mailed reset code (signed out), not changed with the current password. */
  event('account.password_changed', z.object({ reset: z.boolean() })),
  event('amp.fault', incidentDetails),
  event('amp.fault_cleared', incidentDetails),
  event('amp.offline', z.object({})),
  event('amp.online', z.object({})),
  /** A firmware job's status as the amp reported it (rollouts.ts job statuses). */
  event(
    'firmware.status',
    z.object({ jobId: z.string(), status: z.string(), version: z.string().nullable(), detail: z.string().nullable() }),
  ),
]);
/** One audit event. */
export type AuditEvent = z.infer<typeof AuditEventSchema>;
/** The details of one kind of event. */
export type AuditDetails<K extends AuditKind> = Extract<AuditEvent, { kind: K }>['details'];

/** A moment: an ISO 8601 date-time with its offset, or a date (YYYY-MM-DD: that day's 00:00 UTC). */
export const AuditMomentSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** `kind=a,b,c`: a comma-separated list of AUDIT_KINDS (absent: every kind). */
const KNOWN_KINDS: ReadonlySet<string> = new Set(AUDIT_KINDS);
const kindList = z
  .string()
  .max(1000)
  .regex(/^[a-z_.]+(,[a-z_.]+)*$/, 'a comma-separated list of event kinds')
  .refine((s) => s.split(',').every((k) => KNOWN_KINDS.has(k)), {
    message: `unknown event kind; the kinds are ${AUDIT_KINDS.join(', ')}`,
  })
  .transform((s) => [...new Set(s.split(','))] as AuditKind[]);

/** The filters every timeline and CSV export takes. `from` is inclusive, `to` exclusive. */
const filterShape = {
  kind: kindList.optional(),
  /** Only what this person did (a user id). */
  actorId: z.uuid().optional(),
  from: AuditMomentSchema.optional(),
  to: AuditMomentSchema.optional(),
};
const pageShape = {
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
};
/** The organisation's log narrows to one venue or one amp too. */
const scopeShape = { venueId: z.uuid().optional(), deviceId: DeviceIdSchema.optional() };

const fromBeforeTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to);
const fromBeforeToMessage = { message: '`from` is after `to`', path: ['from'] };

/** GET /venues/{id}/audit and /devices/{id}/audit query. */
export const AuditQuerySchema = z.object({ ...filterShape, ...pageShape }).refine(fromBeforeTo, fromBeforeToMessage);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
/** GET /venues/{id}/audit.csv and /devices/{id}/audit.csv query. */
export const AuditCsvQuerySchema = z.object(filterShape).refine(fromBeforeTo, fromBeforeToMessage);
export type AuditCsvQuery = z.infer<typeof AuditCsvQuerySchema>;
/** GET /audit query: the organisation's log. */
export const AuditOrgQuerySchema = z
  .object({ ...filterShape, ...scopeShape, ...pageShape })
  .refine(fromBeforeTo, fromBeforeToMessage);
export type AuditOrgQuery = z.infer<typeof AuditOrgQuerySchema>;
/** GET /audit.csv query. */
export const AuditOrgCsvQuerySchema = z
  .object({ ...filterShape, ...scopeShape })
  .refine(fromBeforeTo, fromBeforeToMessage);
export type AuditOrgCsvQuery = z.infer<typeof AuditOrgCsvQuerySchema>;

/** A timeline page, newest first; `nextCursor` null on the last page. */
export const AuditPageSchema = z.object({ events: z.array(AuditEventSchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
