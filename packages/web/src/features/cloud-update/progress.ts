/**
 * The progress view's rules: spec 1 §4 per amp (the cloud decides each target's state; the page words it), the overall
 * status from the amps that were attempted, the 300 s countdown from when the job was sent ('Starting' above 240 s,
 * spec 3 §4), the per-board statuses after FinishedFlash, and the failure messages of spec 1 §8.
 */
import {
  FIRMWARE_COUNTDOWN_START_S,
  FIRMWARE_STARTING_ABOVE_S,
  cloudFirmwareOverall,
  isRolloutActive,
  type CloudAmpFirmwarePhase,
  type CloudFirmwareOverall,
  type Rollout,
  type RolloutBoards,
  type RolloutTarget,
  type RolloutTargetState,
} from '@rackside/protocol';

/** The target states that are spec 1 §4 phases (the others were never attempted). */
const PHASES: readonly RolloutTargetState[] = ['starting', 'requestFailed', 'inProgress', 'success', 'failure'];
const isPhase = (s: RolloutTargetState): s is CloudAmpFirmwarePhase => PHASES.includes(s);

/**
 * spec 1 §4 overall from the attempted amps; still in progress while a running or paused rollout has amps waiting
 * for their wave (a stopped one is judged on what it attempted); null when no amp was attempted.
 */
export function overallOf(rollout: Rollout): CloudFirmwareOverall | null {
  const phases = rollout.targets.map((t) => t.state).filter(isPhase);
  const goesOn = rollout.state === 'running' || rollout.state === 'paused';
  if (goesOn && rollout.targets.some((t) => t.state === 'pending')) return 'inProgress';
  return phases.length === 0 ? null : cloudFirmwareOverall(phases);
}

/** A target whose amp is updating now: its countdown runs. */
export const isInFlight = (t: RolloutTarget): boolean => t.state === 'starting' || t.state === 'inProgress';

/** spec 3 §4 / spec 1 §4: seconds left of the 300 s countdown started when the job was sent (0 at the least). */
export function remainingSeconds(sentAt: string | null, now: number): number {
  if (sentAt === null) return FIRMWARE_COUNTDOWN_START_S;
  const elapsed = Math.floor((now - Date.parse(sentAt)) / 1000);
  return Math.max(0, Math.min(FIRMWARE_COUNTDOWN_START_S, FIRMWARE_COUNTDOWN_START_S - elapsed));
}

/**
 * The amp's status as shown: its own words once it reported any other than None; before that 'Starting' above 240 s
 * (spec 3 §4) and 'None' (waiting for the amp) after. The local rule's 'Finished' at 240 s is not used: in the cloud
 * the amp's reports, not the clock, tell when it finished.
 */
export function shownStatus(target: RolloutTarget, remaining: number): string | null {
  const status = target.firmwareStatus;
  if (status !== null && status !== 'None') return status;
  if (!isInFlight(target)) return status;
  return remaining > FIRMWARE_STARTING_ABOVE_S ? 'Starting' : 'None';
}

export const BOARD_KEYS = ['ps', 'amp1', 'amp2', 'amp3', 'amp4'] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];

/** The boards the amp reported, in order (absent boards left out). */
export const boardsOf = (boards: RolloutBoards): { key: BoardKey; status: string }[] =>
  BOARD_KEYS.flatMap((key) => {
    const status = boards[key];
    return status === undefined ? [] : [{ key, status }];
  });

/** spec 1 §4: per-board statuses show after FinishedFlash (and when a board made the update fail). */
export const showsBoards = (t: RolloutTarget): boolean =>
  boardsOf(t.boards).length > 0 && (t.firmwareStatus === 'FinishedFlash' || t.failedBy === 'subBoard');

/** spec 1 §8: the failure messages the page has (anything else is shown in the amp's words). */
export const FAILURE_KEYS = [
  'request',
  'DownloadFail',
  'DecryptingFail',
  'ExtractionFail',
  'HwNotSupportedInFw',
  'subBoard',
  'timeout',
] as const;
export type FailureKey = (typeof FAILURE_KEYS)[number];

export const failureKey = (failedBy: string): FailureKey | undefined => FAILURE_KEYS.find((k) => k === failedBy);

/** The firmware statuses (misc.fwUpdateStatus) the page words; an unknown one is shown as the amp says it. */
export {
  FIRMWARE_STATUS_MESSAGE_KEYS as STATUS_KEYS,
  firmwareStatusMessageKey as statusKey,
  type FirmwareStatusMessageKey as StatusKey,
} from '@rackside/protocol';

/** The targets by wave, in wave order. */
export function wavesOf(targets: readonly RolloutTarget[]): { wave: number; targets: RolloutTarget[] }[] {
  const byWave = new Map<number, RolloutTarget[]>();
  for (const t of targets) byWave.set(t.wave, [...(byWave.get(t.wave) ?? []), t]);
  return [...byWave.entries()].sort(([a], [b]) => a - b).map(([wave, ts]) => ({ wave, targets: ts }));
}

/**
 * Where a wave stands: done (before the current one, or ended with amps attempted), under way, waiting for its turn,
 * or never run (the rollout ended before it).
 */
export function waveStatus(
  rollout: Rollout,
  wave: number,
  targets: readonly RolloutTarget[],
): 'done' | 'current' | 'waiting' | 'notRun' {
  if (isRolloutActive(rollout.state)) {
    if (wave < rollout.currentWave) return 'done';
    return wave === rollout.currentWave ? 'current' : 'waiting';
  }
  return targets.every((t) => t.state === 'pending' || t.state === 'cancelled') ? 'notRun' : 'done';
}
