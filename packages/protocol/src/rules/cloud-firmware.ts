/** Per-amp and overall progress of a cloud firmware update (spec 1 §4 "Cloud firmware, per amp"). */

/** spec 1 §4: the phases one amp goes through. */
export type CloudAmpFirmwarePhase = 'starting' | 'requestFailed' | 'inProgress' | 'success' | 'failure';
/** spec 1 §4: the overall state of an update of several amps. */
export type CloudFirmwareOverall = 'inProgress' | 'success' | 'failure';

/** spec 1 §4: statuses that mean done only once the amp was seen updating (both spellings of Finished8ch). */
export const DONE_IF_SEEN_UPDATING: readonly string[] = ['None', 'Finished', 'Finished8ch', 'Finished8Ch'];
/** spec 1 §4: statuses that mean the update failed. */
export const FIRMWARE_FAILURE_STATUSES: readonly string[] = [
  'DownloadFail',
  'ExtractionFail',
  'DecryptingFail',
  'HwNotSupportedInFw',
];

/** One amp's progress; `seenUpdating` remembers a status other than the idle ones. */
export interface CloudAmpFirmwareProgress {
  readonly phase: CloudAmpFirmwarePhase;
  readonly seenUpdating: boolean;
  /** The status (or 'request' or 'subBoard') that made the update fail, for the per-amp message. */
  readonly failedBy?: string;
}

/** What one poll reports for an amp. */
export interface CloudAmpFirmwareReport {
  /** The firmware request for this amp failed (spec 1 §8 UPDATE_AMP_ERROR). */
  readonly requestFailed?: boolean;
  /** misc.fwUpdateStatus; undefined before the amp reports any. */
  readonly status?: string | null;
  /** Power supply and amp-board statuses (psFwUpdateStatus, amp1..4FwUpdateStatus); undefined entries are absent boards. */
  readonly subBoardStatuses?: readonly (string | undefined)[];
}

/** spec 1 §4: the progress of an amp whose update was just requested. */
export const CLOUD_AMP_FIRMWARE_START: CloudAmpFirmwareProgress = { phase: 'starting', seenUpdating: false };

const TERMINAL: readonly CloudAmpFirmwarePhase[] = ['requestFailed', 'success', 'failure'];

/** spec 1 §4: a sub-board status is fine only when its text equals 'ok', case-insensitive. */
export const isSubBoardOk = (status: string): boolean => status.trim().toLowerCase() === 'ok';

/**
 * spec 1 §4: advances one amp's progress with a new report: failure statuses fail; FinishedFlash is done and
 * succeeds only when every present sub-board is ok; None/Finished/Finished8ch are done only once seen updating.
 */
export function nextCloudAmpFirmware(
  prev: CloudAmpFirmwareProgress,
  report: CloudAmpFirmwareReport,
): CloudAmpFirmwareProgress {
  if (TERMINAL.includes(prev.phase)) return prev;
  if (report.requestFailed) return { phase: 'requestFailed', seenUpdating: prev.seenUpdating, failedBy: 'request' };
  const status = report.status ?? '';
  if (status === '') return prev;
  if (FIRMWARE_FAILURE_STATUSES.includes(status)) return { phase: 'failure', seenUpdating: true, failedBy: status };
  if (status === 'FinishedFlash') {
    const boards = (report.subBoardStatuses ?? []).filter((s): s is string => s !== undefined);
    return boards.every(isSubBoardOk)
      ? { phase: 'success', seenUpdating: true }
      : { phase: 'failure', seenUpdating: true, failedBy: 'subBoard' };
  }
  if (DONE_IF_SEEN_UPDATING.includes(status)) {
    return prev.seenUpdating ? { phase: 'success', seenUpdating: true } : prev;
  }
  return { phase: 'inProgress', seenUpdating: true };
}

/** spec 1 §4: true once an amp's update can change no more. */
export const isCloudAmpFirmwareFinished = (phase: CloudAmpFirmwarePhase): boolean => TERMINAL.includes(phase);

/**
 * spec 1 §4: success when every selected amp succeeded; failure when all are finished and at least one failed;
 * otherwise in progress (an empty selection counts as success).
 */
export function cloudFirmwareOverall(phases: readonly CloudAmpFirmwarePhase[]): CloudFirmwareOverall {
  if (phases.every((p) => p === 'success')) return 'success';
  return phases.every(isCloudAmpFirmwareFinished) ? 'failure' : 'inProgress';
}
