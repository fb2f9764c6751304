/**
 * The pure rules of a rollout (issue 14): what an amp's shadow and sensors say about it (audio, fault, firmware
 * report), and how one amp's update advances from its job's status and its shadow (spec 1 §4 "Cloud firmware, per
 * amp", protocol rules/cloud-firmware.ts). No database, no clock: runner.ts feeds them.
 */
import {
  FIRMWARE_FAILURE_STATUSES,
  hasAmpFault,
  nextCloudAmpFirmware,
  type RolloutBoards,
  type RolloutTargetState,
} from '@rackside/protocol';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when any channel's output (or input selector) of a sensor snapshot reports signal: the amp passes audio. */
export function sensorsShowAudio(sensors: { amp?: unknown }): boolean {
  const channels = isObject(sensors.amp) ? sensors.amp.channels : undefined;
  if (!isObject(channels)) return false;
  return Object.values(channels).some((c) => isObject(c) && isObject(c.output) && c.output.signalDetect === true);
}

/** True when the reported shadow shows a fault (a channel Faulted or the power supply's flag; rules/status.ts). */
export const shadowShowsFault = (reported: unknown): boolean => isObject(reported) && hasAmpFault(reported);

/** The firmware version the shadow reports, if any. */
export function shadowVersion(reported: unknown): string | undefined {
  const amp = isObject(reported) ? reported.amp : undefined;
  const info = isObject(amp) ? amp.deviceInfo : undefined;
  const version = isObject(info) ? info.firmwareVersion : undefined;
  return typeof version === 'string' && version !== '' ? version : undefined;
}

/** The firmware statuses of a reported shadow (cloud/mqtt.ts FirmwareReportSchema): the overall one and the boards'. */
export function shadowFirmware(reported: unknown): { status?: string; boards: RolloutBoards } {
  const fw = isObject(reported) && isObject(reported.firmware) ? reported.firmware : {};
  const text = (k: string) => (typeof fw[k] === 'string' && fw[k] !== '' ? fw[k] : undefined);
  const boards: Record<string, string> = {};
  for (const [key, field] of [
    ['ps', 'psFwUpdateStatus'],
    ['amp1', 'amp1FwUpdateStatus'],
    ['amp2', 'amp2FwUpdateStatus'],
    ['amp3', 'amp3FwUpdateStatus'],
    ['amp4', 'amp4FwUpdateStatus'],
  ] as const) {
    const s = text(field);
    if (s !== undefined) boards[key] = s;
  }
  const status = text('fwUpdateStatus');
  return { ...(status === undefined ? {} : { status }), boards };
}

/** Where one amp's update stands, as stored on its target row. */
export interface TargetProgress {
  readonly state: RolloutTargetState;
  readonly seenUpdating: boolean;
  readonly failedBy: string | null;
  readonly firmwareStatus: string | null;
  readonly boards: RolloutBoards;
}

/** A target row's progress, as followTarget takes it. */
export const progressOf = (t: Omit<TargetProgress, 'boards'> & { readonly boards: unknown }): TargetProgress => ({
  state: t.state,
  seenUpdating: t.seenUpdating,
  failedBy: t.failedBy,
  firmwareStatus: t.firmwareStatus,
  boards: t.boards ?? {},
});

/** Whether following changed nothing (no write, no step). */
export const sameProgress = (a: TargetProgress, b: TargetProgress): boolean =>
  a.state === b.state &&
  a.seenUpdating === b.seenUpdating &&
  a.failedBy === b.failedBy &&
  a.firmwareStatus === b.firmwareStatus &&
  JSON.stringify(a.boards) === JSON.stringify(b.boards);

/** What is known of an amp whose job was sent. */
export interface FollowInput {
  /** The job's row status (device_jobs): sent, accepted, succeeded, failed, rejected; undefined: no row. */
  readonly jobStatus: string | undefined;
  readonly jobDetail: string | null;
  /** The reported shadow, and when it was stored (null: never). */
  readonly reported: unknown;
  readonly shadowAt: Date | null;
  readonly sentAt: Date;
  readonly toVersion: string;
  readonly now: Date;
  readonly timeoutMs: number;
}

/** The failure status a job's detail names (`DecryptingFail`, `FinishedFlash; not ok: ...` → subBoard), else the words. */
function failureOf(detail: string | null): string {
  const text = (detail ?? '').trim();
  const first = text.split(/[;\s]/, 1)[0] ?? '';
  if (FIRMWARE_FAILURE_STATUSES.includes(first)) return first;
  if (text.startsWith('FinishedFlash')) return 'subBoard';
  return text === '' ? 'failure' : text.slice(0, 200);
}

/**
 * Advances an amp's update (state starting or inProgress). The job's own status decides first (the amp reports how
 * it went); then its shadow, only as stored after the job was sent, through spec 1 §4's rules; an amp that reports
 * the target version has it (a status report lost to a cloud restart cannot hold it back); past the timeout it
 * failed. Returns the progress unchanged when nothing is new.
 */
export function followTarget(prev: TargetProgress, input: FollowInput): TargetProgress {
  const fresh = input.shadowAt !== null && input.shadowAt.getTime() >= input.sentAt.getTime();
  const report = fresh ? shadowFirmware(input.reported) : { boards: prev.boards };
  const shown = {
    firmwareStatus: report.status ?? prev.firmwareStatus,
    boards: Object.keys(report.boards).length > 0 ? report.boards : prev.boards,
  };
  const done = (state: RolloutTargetState, failedBy: string | null = null): TargetProgress => ({
    ...prev,
    ...shown,
    state,
    failedBy,
    seenUpdating: true,
  });
  if (input.jobStatus === 'failed' || input.jobStatus === 'rejected')
    return done('failure', failureOf(input.jobDetail));
  if (input.jobStatus === 'succeeded') return done('success');
  const started = input.jobStatus === 'accepted' || prev.seenUpdating;
  if (started && fresh) {
    const next = nextCloudAmpFirmware(
      { phase: prev.state === 'starting' ? 'starting' : 'inProgress', seenUpdating: prev.seenUpdating },
      { status: report.status ?? null, subBoardStatuses: Object.values(report.boards) },
    );
    // an end status counts only once this update was seen under way: before that it may be the last update's
    if (next.phase === 'success' && prev.seenUpdating) return done('success');
    if (next.phase === 'failure' && prev.seenUpdating) return done('failure', next.failedBy ?? 'failure');
    if (next.phase === 'inProgress') return { ...prev, ...shown, state: 'inProgress', seenUpdating: true };
  }
  if (fresh && shadowVersion(input.reported) === input.toVersion && report.status !== undefined) {
    if (!FIRMWARE_FAILURE_STATUSES.includes(report.status)) return done('success');
  }
  if (input.now.getTime() - input.sentAt.getTime() > input.timeoutMs) return done('failure', 'timeout');
  if (input.jobStatus === 'accepted' && prev.state === 'starting')
    return { ...prev, ...shown, state: 'inProgress', seenUpdating: prev.seenUpdating };
  return { ...prev, ...shown };
}
