/**
 * Cloud firmware rollouts (issue 14; spec 1 §2 /update, §3 "Cloud update state", §4 "Cloud firmware, per amp",
 * §5): the update screen's candidates, a rollout over the selected amps in waves (a canary, then a share, then the
 * rest) that stops by itself when a wave's failure rate passes its threshold, skips amps passing audio, in a fault
 * or offline unless forced, can be paused, resumed and cancelled, and records every step. Its state lives in the
 * database: a cloud restart resumes it. Another user's rollout or device answers NotFound.
 */
import { z } from 'zod';
import { FIRMWARE_VERSION_PATTERN } from '../device/firmware-image';
import { FirmwareFamilySchema } from './firmware';
import { DeviceIdSchema } from './mqtt';

/** Rollout endpoints, relative to the API base (docs/adr/0003). */
export const ROLLOUT_PATHS = {
  /** GET: the update screen's selection data (venues, their amps, versions, eligibility). */
  candidates: '/rollouts/candidates',
  /** GET: the caller's rollouts, newest first (summaries); POST: start one. */
  rollouts: '/rollouts',
  /** GET: one rollout with its targets and its step log. */
  rollout: '/rollouts/:rolloutId',
  /** POST: pause, resume or cancel. */
  action: '/rollouts/:rolloutId/:action',
  /** GET: the firmware updates of one amp, newest first. */
  deviceHistory: '/devices/:deviceId/firmware/history',
} as const;

/**
 * spec 1 §5: the cloud update screen lists only amps at or past this version (older firmware has no cloud firmware
 * job; it is updated locally, spec 3).
 */
export const CLOUD_UPDATE_MIN_VERSION = '1.2.0.0';

/** Defaults of a rollout plan: one canary amp, then 10 % of the selection, then the rest; stop above 10 % failures. */
export const ROLLOUT_DEFAULTS = { canary: 1, percent: 10, failureThresholdPercent: 10 } as const;
/** The most amps one rollout takes. */
export const ROLLOUT_MAX_DEVICES = 1000;

/** `{rolloutId}` path parameters. */
export const RolloutParamsSchema = z.object({ rolloutId: z.uuid() });
export type RolloutParams = z.infer<typeof RolloutParamsSchema>;

export const ROLLOUT_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];
/** `{rolloutId}/{action}` path parameters. */
export const RolloutActionParamsSchema = z.object({ rolloutId: z.uuid(), action: z.enum(ROLLOUT_ACTIONS) });
export type RolloutActionParams = z.infer<typeof RolloutActionParamsSchema>;

/** Why an amp cannot be in a rollout now, or was passed over by one (`force` overrides audio and fault). */
export const ROLLOUT_SKIP_REASONS = ['audio', 'fault', 'offline', 'belowMinimum', 'noImage', 'upToDate'] as const;
export type RolloutSkipReason = (typeof ROLLOUT_SKIP_REASONS)[number];

// ---- candidates (the selection view) ----

/** One amp of the selection view. */
export const RolloutCandidateSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelId: z.string(),
  /** The amp's image family (null: a model the library cannot serve, e.g. a touch panel). */
  family: FirmwareFamilySchema.nullable(),
  currentVersion: z.string(),
  /** The library's latest version of the family (null: the library has no image of it). */
  latestVersion: z.string().nullable(),
  /** spec 1 §5: at or past CLOUD_UPDATE_MIN_VERSION; only these are listed as selectable and counted. */
  eligible: z.boolean(),
  /** The latest version is newer than the current one. */
  updateAvailable: z.boolean(),
  connected: z.boolean(),
  /** An output or input reports signal now (from the amp's last sensor snapshot; null: not known). */
  audio: z.boolean().nullable(),
  /** The amp reports a fault now (a channel fault or protection state). */
  fault: z.boolean(),
});
export type RolloutCandidate = z.infer<typeof RolloutCandidateSchema>;

/** GET /rollouts/candidates: every venue of the caller with its amps; the running rollout's id, if any. */
export const RolloutCandidatesSchema = z.object({
  venues: z.array(z.object({ venueId: z.string(), name: z.string(), amps: z.array(RolloutCandidateSchema) })),
  /** Latest library version per family (families without an image are absent). */
  latest: z.record(z.string(), z.string()),
  /** A rollout that is running, paused or stopped (isRolloutActive; one at a time per user), else null. */
  activeRolloutId: z.string().nullable(),
});
export type RolloutCandidates = z.infer<typeof RolloutCandidatesSchema>;

// ---- starting one ----

/** POST /rollouts body. */
export const RolloutCreateSchema = z.object({
  deviceIds: z.array(DeviceIdSchema).min(1).max(ROLLOUT_MAX_DEVICES),
  /** Amps in the first wave (0: no canary wave). */
  canary: z.number().int().min(0).max(100).default(ROLLOUT_DEFAULTS.canary),
  /** Share of all the selected amps in the second wave, in percent (0: none); the last wave takes the rest. */
  percent: z.number().int().min(0).max(100).default(ROLLOUT_DEFAULTS.percent),
  /** A wave whose failure rate (failed / attempted, in percent) is above this stops the rollout. */
  failureThresholdPercent: z.number().int().min(0).max(100).default(ROLLOUT_DEFAULTS.failureThresholdPercent),
  /** Update amps passing audio or in a fault too (offline amps are skipped all the same). */
  force: z.boolean().default(false),
});
export type RolloutCreate = z.input<typeof RolloutCreateSchema>;

// ---- a rollout ----

/**
 * running: sends waves; paused: sends nothing new (updates under way go on and are followed); stopped: a wave passed
 * the failure threshold (resume goes on with the next wave); cancelled: by the user (pending amps are not updated);
 * completed: every wave ended. Resume works from paused and stopped; pause from running; cancel from all three.
 */
export const ROLLOUT_STATES = ['running', 'paused', 'stopped', 'cancelled', 'completed'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/**
 * A rollout that may still send jobs: running, paused, or stopped by its threshold (the operator looks at the failed
 * wave, then resumes or cancels it). One at a time per user.
 */
export const isRolloutActive = (s: RolloutState): boolean => s === 'running' || s === 'paused' || s === 'stopped';

/**
 * One amp of a rollout. pending: its wave has not reached it; skipped: passed over (skipReason); the spec 1 §4
 * phases starting (job sent, no status yet), requestFailed, inProgress, success, failure; cancelled: the rollout
 * ended before its turn.
 */
export const ROLLOUT_TARGET_STATES = [
  'pending',
  'skipped',
  'starting',
  'requestFailed',
  'inProgress',
  'success',
  'failure',
  'cancelled',
] as const;
export type RolloutTargetState = (typeof ROLLOUT_TARGET_STATES)[number];
/** A target that can change no more. */
export const isRolloutTargetFinished = (s: RolloutTargetState): boolean =>
  s !== 'pending' && s !== 'starting' && s !== 'inProgress';

/** Per-board firmware statuses (spec 1 §3 "Firmware status per device"); absent: no such board. */
export const RolloutBoardsSchema = z.object({
  ps: z.string().optional(),
  amp1: z.string().optional(),
  amp2: z.string().optional(),
  amp3: z.string().optional(),
  amp4: z.string().optional(),
});
export type RolloutBoards = z.infer<typeof RolloutBoardsSchema>;

export const RolloutTargetSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelId: z.string(),
  venueId: z.string(),
  venueName: z.string(),
  /** 0-based wave number. */
  wave: z.number().int().min(0),
  fromVersion: z.string(),
  toVersion: z.string().regex(FIRMWARE_VERSION_PATTERN),
  state: z.enum(ROLLOUT_TARGET_STATES),
  skipReason: z.enum(ROLLOUT_SKIP_REASONS).nullable(),
  /** The status that made it fail (a spec 1 §4 failure status, 'request', 'subBoard', 'timeout', or the amp's words). */
  failedBy: z.string().nullable(),
  /** The amp's last misc.fwUpdateStatus during this update (null: none seen yet). */
  firmwareStatus: z.string().nullable(),
  boards: RolloutBoardsSchema,
  sentAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RolloutTarget = z.infer<typeof RolloutTargetSchema>;

export const ROLLOUT_EVENT_KINDS = [
  'created',
  'waveStarted',
  'sent',
  'skipped',
  'requestFailed',
  'succeeded',
  'failed',
  'waveEnded',
  'stopped',
  'paused',
  'resumed',
  'cancelled',
  'completed',
  'recovered',
] as const;
export type RolloutEventKind = (typeof ROLLOUT_EVENT_KINDS)[number];

/** One recorded step. */
export const RolloutEventSchema = z.object({
  at: z.iso.datetime(),
  kind: z.enum(ROLLOUT_EVENT_KINDS),
  /** 0-based, as RolloutTarget.wave (null: not about one wave). */
  wave: z.number().int().nullable(),
  deviceId: z.string().nullable(),
  /** Words for the log (a failure status, a skip reason, a failure rate). */
  detail: z.string().nullable(),
});
export type RolloutEvent = z.infer<typeof RolloutEventSchema>;

/** A rollout's counts by target state. */
export const RolloutCountsSchema = z.record(z.enum(ROLLOUT_TARGET_STATES), z.number().int().min(0));
export type RolloutCounts = z.infer<typeof RolloutCountsSchema>;

export const RolloutSummarySchema = z.object({
  rolloutId: z.string(),
  state: z.enum(ROLLOUT_STATES),
  /** Why it stopped (the wave and its failure rate), else null. */
  stopReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  canary: z.number().int(),
  percent: z.number().int(),
  failureThresholdPercent: z.number().int(),
  force: z.boolean(),
  /** Number of waves, and the one under way (0-based; equals waveCount when all ended). */
  waveCount: z.number().int().min(0),
  currentWave: z.number().int().min(0),
  /** Version per family the rollout installs (fixed when it starts). */
  versions: z.record(z.string(), z.string()),
  counts: RolloutCountsSchema,
  total: z.number().int().min(0),
});
export type RolloutSummary = z.infer<typeof RolloutSummarySchema>;

/** GET /rollouts/{id}, and POST /rollouts (201) and the actions' reply. */
export const RolloutSchema = RolloutSummarySchema.extend({
  targets: z.array(RolloutTargetSchema),
  events: z.array(RolloutEventSchema),
});
export type Rollout = z.infer<typeof RolloutSchema>;

/** GET /rollouts. */
export const RolloutListSchema = z.object({ rollouts: z.array(RolloutSummarySchema) });
export type RolloutList = z.infer<typeof RolloutListSchema>;

// ---- an amp's history ----

/** One firmware update of an amp: a rollout's or a direct job's. */
export const FirmwareHistoryEntrySchema = z.object({
  at: z.iso.datetime(),
  rolloutId: z.string().nullable(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  /** The target state for a rollout's amp; a direct job's state maps onto the same words. */
  state: z.enum(ROLLOUT_TARGET_STATES),
  skipReason: z.enum(ROLLOUT_SKIP_REASONS).nullable(),
  detail: z.string().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type FirmwareHistoryEntry = z.infer<typeof FirmwareHistoryEntrySchema>;

/** GET /devices/{id}/firmware/history. */
export const FirmwareHistorySchema = z.object({ entries: z.array(FirmwareHistoryEntrySchema) });
export type FirmwareHistory = z.infer<typeof FirmwareHistorySchema>;

/** The waves of a plan: sizes summing to `total` (empty waves dropped). */
export function rolloutWaveSizes(total: number, canary: number, percent: number): number[] {
  const first = Math.min(total, canary);
  const second = Math.min(total - first, Math.ceil((total * percent) / 100));
  return [first, second, total - first - second].filter((n) => n > 0);
}

/** A wave's failure rate in percent (failed / attempted; 0 when none was attempted). */
export function waveFailurePercent(failed: number, attempted: number): number {
  return attempted === 0 ? 0 : (100 * failed) / attempted;
}
