/**
 * Firmware rollouts (issue 14; protocol cloud/rollouts.ts): a rollout, one target row per selected amp, and the log
 * of every step. All of a rollout's state is here, none in memory: a cloud that restarts (or is killed) picks its
 * rollouts up where they were (domains/rollouts/runner.ts). A partial unique index allows one unfinished rollout per
 * user. A target names its image; the library refuses to delete an image an unfinished rollout still needs
 * (FIRMWARE_IN_USE), and a finished one's reference is set null.
 */
import { ROLLOUT_STATES, ROLLOUT_TARGET_STATES } from '@rackside/protocol';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { firmwareImages } from './firmware';
import { users } from './identity';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const rollouts = pgTable(
  'rollouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ROLLOUT_STATES }).notNull(),
    stopReason: text('stop_reason'),
    canary: integer('canary').notNull(),
    percent: integer('percent').notNull(),
    failureThresholdPercent: integer('failure_threshold_percent').notNull(),
    force: boolean('force').notNull(),
    waveCount: integer('wave_count').notNull(),
    currentWave: integer('current_wave').notNull(),
    /** Version per family, fixed when it starts. */
    versions: jsonb('versions').notNull(),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    /** The runner (one per cloud process) that moves it on while runnerUntil is ahead (issue 20: several nodes). */
    runnerId: text('runner_id'),
    /** Its lease: renewed on every tick; once past, another node's runner takes the rollout over. */
    runnerUntil: time('runner_until'),
  },
  (t) => [
    index('rollouts_user_id_idx').on(t.userId),
    uniqueIndex('rollouts_user_unfinished_key')
      .on(t.userId)
      .where(sql`${t.state} in ('running', 'paused', 'stopped')`),
  ],
);

export const rolloutTargets = pgTable(
  'rollout_targets',
  {
    rolloutId: uuid('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Order in the selection (waves take targets in this order). */
    position: integer('position').notNull(),
    wave: integer('wave').notNull(),
    fromVersion: text('from_version').notNull(),
    toVersion: text('to_version').notNull(),
    /** The image it installs (null: skipped before any image was chosen, e.g. no image of its family). */
    imageId: uuid('image_id').references(() => firmwareImages.id, { onDelete: 'set null' }),
    state: text('state', { enum: ROLLOUT_TARGET_STATES }).notNull(),
    skipReason: text('skip_reason'),
    failedBy: text('failed_by'),
    /** The firmware job sent to it (device_jobs.id). */
    jobId: uuid('job_id'),
    /** A status other than the idle ones was seen after the job was sent (spec 1 §4). */
    seenUpdating: boolean('seen_updating').notNull().default(false),
    firmwareStatus: text('firmware_status'),
    boards: jsonb('boards').notNull().default({}),
    sentAt: time('sent_at'),
    finishedAt: time('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.rolloutId, t.deviceId] }), index('rollout_targets_device_id_idx').on(t.deviceId)],
);

export const rolloutEvents = pgTable(
  'rollout_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rolloutId: uuid('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    at: time('at').notNull(),
    kind: text('kind').notNull(),
    wave: integer('wave'),
    deviceId: text('device_id'),
    detail: text('detail'),
  },
  (t) => [index('rollout_events_rollout_id_idx').on(t.rolloutId, t.id)],
);
