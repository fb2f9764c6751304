/**
 * Device tables (ARCHITECTURE.md "Registration", "Shadow"): registration tokens, devices with their broker
 * credentials and connection state, the reported shadow, and the jobs sent to them. Secrets are stored as SHA-256
 * digests only: tokens and device passwords are 256 random bits, which no table thief can brute-force.
 */
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { venues } from './venues';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A registration token (spec 1 §4): single use, bound to a venue, expiring. */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    /** Set when the token registered a device; it is then spent. */
    usedAt: time('used_at'),
    /** The device it registered. */
    deviceId: text('device_id'),
    /** The signed-in person who asked for it (a member of the owner's organisation, or the owner): the audit's actor. */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('registration_tokens_venue_id_idx').on(t.venueId)],
);

/**
 * A registered amp. The id is its MQTT username and client id (topic-safe: a UUID). The venue reference has no
 * cascade: a venue with devices cannot be deleted (VENUE_HAS_AMPS), and the database enforces it too.
 */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    /** SHA-256 (hex) of the broker password issued at registration. */
    passwordHash: text('password_hash').notNull(),
    /** What the amp said about itself when it registered. */
    mac: text('mac').notNull(),
    serialNumber: text('serial_number').notNull(),
    modelId: text('model_id').notNull(),
    firmwareVersion: text('firmware_version').notNull(),
    deviceName: text('device_name').notNull(),
    /** From the device's `status` topic: true after `{online: true}`, false after the last will or a goodbye. */
    connected: boolean('connected').notNull().default(false),
    /** When the cloud last heard from it on the broker. */
    lastSeenAt: time('last_seen_at'),
    registeredAt: time('registered_at').notNull(),
  },
  (t) => [index('devices_venue_id_idx').on(t.venueId), index('devices_user_id_idx').on(t.userId)],
);

/** The last reported state of a device (cloud/mqtt.ts DeviceReportedSchema), as the device sent it. */
export const deviceShadows = pgTable('device_shadows', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  reported: jsonb('reported').notNull(),
  updatedAt: time('updated_at').notNull(),
});

/** What became of a job: sent to the broker, then as the device reports it (cloud/mqtt.ts JobStatusSchema). */
export const JOB_STATES = ['sent', 'accepted', 'succeeded', 'failed', 'rejected'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job sent to a device (a firmware update; the rollout that follows it up is a later issue). */
export const deviceJobs = pgTable(
  'device_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['firmware'] }).notNull(),
    /** The job as published (cloud/mqtt.ts DeviceJobSchema). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATES }).notNull(),
    detail: text('detail'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [index('device_jobs_device_id_idx').on(t.deviceId)],
);

/** What happened to an account's device records (issue 16; domains/devices/device-history.ts). */
export const DEVICE_HISTORY_EVENTS = ['registered', 'replaced', 'registeredElsewhere', 'removed'] as const;

/**
 * An account's device history: amps registered, replaced by a newer registration of the same amp, registered to
 * another account, removed. The device id has no reference: the entry outlives the device. An entry never names
 * another account.
 */
export const deviceHistory = pgTable(
  'device_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    event: text('event', { enum: DEVICE_HISTORY_EVENTS }).notNull(),
    mac: text('mac').notNull(),
    serialNumber: text('serial_number').notNull(),
    modelId: text('model_id').notNull(),
    deviceName: text('device_name').notNull(),
    /** Records of the same amp in this account (replaced by, or replacing, this one). */
    related: jsonb('related').$type<string[]>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('device_history_user_at_idx').on(t.userId, t.at)],
);
