/**
 * Incidents and their notifications (issue 15; protocol cloud/incidents.ts). An incident is one condition of one amp
 * (a partial unique index allows one open incident per device and condition key); its timeline is
 * `incident_events`. `notifications` is the outbox: one row per incident × contact × channel × kind with a unique
 * idempotency key, written in the transaction that changes the incident and sent by the delivery worker, which
 * leases a row (`locked_until`) before sending so that a crashed worker's row is taken up again. `device_watch`
 * keeps what the incident deriver has seen of each amp (its event log's length, its drops for flap detection).
 * Venues' quiet hours, reminder and escalation settings, the escalation contacts, and the dev SMS outbox.
 */
import { INCIDENT_CONDITIONS, INCIDENT_EVENT_TYPES, INCIDENT_STATES, SEVERITY_LEVELS } from '@rackside/protocol';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { devices } from './devices';
import { users } from './identity';
import { venues } from './venues';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One condition of one amp, open or resolved. */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The amp's venue when the incident opened (its contacts are the recipients). */
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** Which condition: its type and channel, e.g. `channelFault:1`, `offline`, `event:{n}` (one per event line). */
    conditionKey: text('condition_key').notNull(),
    conditionType: text('condition_type', { enum: INCIDENT_CONDITIONS }).notNull(),
    channel: smallint('channel'),
    detail: text('detail'),
    severity: text('severity', { enum: SEVERITY_LEVELS }).notNull(),
    state: text('state', { enum: INCIDENT_STATES }).notNull(),
    openedAt: time('opened_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    resolvedAt: time('resolved_at'),
    acknowledgedAt: time('acknowledged_at'),
    /** The console user's email or the contact's name that acknowledged. */
    acknowledgedBy: text('acknowledged_by'),
    flapCount: integer('flap_count').notNull().default(0),
    flapping: boolean('flapping').notNull().default(false),
    /** When the last reminder went (null: none yet); when the escalation went (null: not escalated). */
    remindedAt: time('reminded_at'),
    escalatedAt: time('escalated_at'),
  },
  (t) => [
    uniqueIndex('incidents_open_condition_key')
      .on(t.deviceId, t.conditionKey)
      .where(sql`${t.state} = 'open'`),
    index('incidents_user_opened_idx').on(t.userId, t.openedAt),
    index('incidents_device_idx').on(t.deviceId, t.openedAt),
    index('incidents_venue_idx').on(t.venueId, t.openedAt),
  ],
);

/** An incident's timeline. */
export const incidentEvents = pgTable(
  'incident_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    at: time('at').notNull(),
    type: text('type', { enum: INCIDENT_EVENT_TYPES }).notNull(),
    actor: text('actor'),
    detail: text('detail'),
  },
  (t) => [index('incident_events_incident_idx').on(t.incidentId, t.id)],
);

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_KINDS = ['opened', 'resolved', 'reminder', 'escalation', 'digest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_STATES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * The notification outbox. `idempotency_key` (e.g. `{incident}:{contact}:email:opened`) makes a second enqueue of
 * the same message a no-op. A row is due at `due_at` (later for quiet hours, a digest, a flap's settle time); the
 * worker leases it until `locked_until`, sends it, and marks it sent, or backs off (`attempts`, next `due_at`).
 * Info rows of one contact and channel go out together as one digest (the rows name it in `digest_id`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    state: text('state', { enum: NOTIFICATION_STATES }).notNull(),
    dueAt: time('due_at').notNull(),
    lockedUntil: time('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: time('sent_at'),
    /** The digest message this Info row went out in. */
    digestId: uuid('digest_id'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'pending'`),
    index('notifications_incident_idx').on(t.incidentId),
    index('notifications_contact_idx').on(t.contactId),
  ],
);

/** What the incident deriver has seen of an amp. */
export const deviceWatch = pgTable('device_watch', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** Lines of the event log already turned into Info incidents (the log shrinking means it was cleared). */
  eventsSeen: integer('events_seen').notNull().default(0),
  /** The newest of those lines: a full log that drops its oldest lines keeps its length (rules/incidents.ts). */
  eventsLastLine: text('events_last_line'),
  /** The amp's recent drops to offline (ISO times), newest last, for flap detection. */
  drops: jsonb('drops').$type<string[]>().notNull().default([]),
  updatedAt: time('updated_at').notNull(),
});

/** A venue's notification settings (absent: NOTIFICATION_DEFAULTS, no quiet hours). */
export const venueNotificationSettings = pgTable('venue_notification_settings', {
  venueId: uuid('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  /** Quiet hours as minutes of the day in `time_zone` (null: none); start > end spans midnight. */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  reminderMinutes: integer('reminder_minutes').notNull(),
  escalateAfterMinutes: integer('escalate_after_minutes').notNull(),
  updatedAt: time('updated_at').notNull(),
});

/** The contacts a venue escalates unacknowledged Critical incidents to. */
export const venueEscalationContacts = pgTable(
  'venue_escalation_contacts',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('venue_escalation_contacts_key').on(t.venueId, t.contactId),
    index('venue_escalation_contacts_contact_idx').on(t.contactId),
  ],
);

/** The development SMS outbox (plugins/sms.ts): what would have been sent when no SMPP_URL is set. */
export const outboxSms = pgTable('outbox_sms', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
});
