/**
 * One amp's local firmware update (spec 3 §3/§4): its upload, then the statuses the amp reports in `/misc`
 * (docs/device-api.md "Firmware images": Downloading → Decrypting → Extraction → ExtractionComplete → [FactoryReset]
 * → [boards] → Finished | Finished8ch | FinishedFlash, or DecryptingFail | ExtractionFail | HwNotSupportedInFw).
 * The outcome follows the protocol's firmware rules (failure statuses, FinishedFlash checks each board is ok, an idle
 * status counts as done only once the amp was seen updating); the text follows spec 3 §4's displayed status.
 */
import {
  CLOUD_AMP_FIRMWARE_START,
  displayedFirmwareStatus,
  isCloudAmpFirmwareFinished,
  nextCloudAmpFirmware,
  showsComponentStatuses,
  type CloudAmpFirmwareProgress,
} from '@rackside/protocol';
import type { FirmwareUploadResult } from './upload';

/** What the amp reports: `/misc fwUpdateStatus` and the board statuses (power supply, amps 1-2, 3-4, 5-6, 7-8). */
export interface FirmwareReport {
  readonly status: string;
  readonly boards: readonly string[];
}

/** Where one amp's update stands, as the page shows it. */
export type AmpUpdatePhase = 'uploading' | 'uploadFailed' | 'updating' | 'success' | 'failure' | 'noResult';

export interface AmpUpdate {
  readonly ampId: string;
  readonly imageName: string;
  /** Upload progress 0..1. */
  readonly sent: number;
  readonly upload: 'sending' | 'accepted' | 'failed';
  /** The amp's answer to a failed upload, or why none came. */
  readonly uploadMessage?: string;
  readonly uploadReason?: 'network' | 'timeout';
  /** The status the amp reported when the update began: until it changes, it is an earlier update's. */
  readonly baseline: string;
  /** The amp reported another status since the update began. */
  readonly changed: boolean;
  readonly last: FirmwareReport;
  readonly progress: CloudAmpFirmwareProgress;
  /** The countdown ended before the amp reported an outcome. */
  readonly timedOut: boolean;
}

/** An amp whose image is about to be sent; `report` is what it reports now. */
export const startAmpUpdate = (ampId: string, imageName: string, report: FirmwareReport): AmpUpdate => ({
  ampId,
  imageName,
  sent: 0,
  upload: 'sending',
  baseline: report.status,
  changed: false,
  last: report,
  progress: CLOUD_AMP_FIRMWARE_START,
  timedOut: false,
});

export const uploadProgressed = (u: AmpUpdate, sent: number): AmpUpdate =>
  u.upload === 'sending' ? { ...u, sent: Math.max(u.sent, sent) } : u;

/** spec 3 §4: a failed upload fails this amp's update ("Firmware upload failed"). */
export function uploadFinished(u: AmpUpdate, result: FirmwareUploadResult): AmpUpdate {
  if (result.ok) return { ...u, upload: 'accepted', sent: 1, progress: advance(u.progress, u.changed, u.last) };
  return {
    ...u,
    upload: 'failed',
    uploadMessage: result.message,
    ...(result.reason ? { uploadReason: result.reason } : {}),
    progress: nextCloudAmpFirmware(u.progress, { requestFailed: true }),
  };
}

/** A status other than the one before the update means the amp took it up (so a quick Finished counts as done). */
const advance = (p: CloudAmpFirmwareProgress, changed: boolean, r: FirmwareReport): CloudAmpFirmwareProgress =>
  changed
    ? nextCloudAmpFirmware(
        { ...p, seenUpdating: true },
        { status: r.status, subBoardStatuses: r.boards.filter((b) => b !== '') },
      )
    : p;

/**
 * A new report from the amp. A status equal to the one before the update is an earlier update's until the amp
 * reports another; the outcome moves only once the upload was accepted (the update runs after the amp's reply).
 */
export function reported(u: AmpUpdate, report: FirmwareReport): AmpUpdate {
  const changed = u.changed || report.status !== u.baseline;
  const next = { ...u, changed, last: report };
  return u.upload === 'accepted' ? { ...next, progress: advance(u.progress, changed, report) } : next;
}

/** The countdown is over: an amp still without an outcome has none (checked by the user on the amp). */
export const countdownOver = (u: AmpUpdate): AmpUpdate =>
  u.upload === 'accepted' && !isCloudAmpFirmwareFinished(u.progress.phase) ? { ...u, timedOut: true } : u;

export function phaseOf(u: AmpUpdate): AmpUpdatePhase {
  if (u.upload === 'sending') return 'uploading';
  if (u.upload === 'failed') return 'uploadFailed';
  switch (u.progress.phase) {
    case 'success':
      return 'success';
    case 'failure':
    case 'requestFailed':
      return 'failure';
    case 'starting':
    case 'inProgress':
      return u.timedOut ? 'noResult' : 'updating';
  }
}

/** True once nothing about this amp's update can change. */
export const isSettled = (u: AmpUpdate): boolean => {
  const phase = phaseOf(u);
  return phase !== 'uploading' && phase !== 'updating';
};

/** spec 3 §4: the status text shown: 'Starting' above 240 s while the amp reports nothing new, else its status. */
export const displayedStatus = (u: AmpUpdate, remaining: number): string =>
  displayedFirmwareStatus(remaining, u.changed ? u.last.status : 'None');

/**
 * spec 3 §4: per-component statuses show once the update finished (FinishedFlash too), or while the boards flash;
 * an earlier update's are never shown.
 */
export function showsBoards(u: AmpUpdate, remaining: number): boolean {
  if (!u.changed || u.upload !== 'accepted') return false;
  const shown = displayedStatus(u, remaining);
  return showsComponentStatuses(shown) || shown === 'FinishedFlash' || u.last.boards.some((b) => b !== '');
}

/** The status keys the page has a message for (spec 3 §4; shared with the cloud update page). */
export {
  FIRMWARE_STATUS_MESSAGE_KEYS as STATUS_MESSAGE_KEYS,
  firmwareStatusMessageKey as statusMessageKey,
  type FirmwareStatusMessageKey as StatusMessageKey,
} from '@rackside/protocol';

/** The overall outcome: in progress until every amp is settled; success when every amp succeeded. */
export function overallOf(updates: readonly AmpUpdate[]): 'inProgress' | 'success' | 'failure' {
  if (!updates.every(isSettled)) return 'inProgress';
  return updates.every((u) => phaseOf(u) === 'success') ? 'success' : 'failure';
}

/** spec 3 §3: the board status fields of `/misc`, power supply first, then amps 1-2 … 7-8 as the model has. */
export const boardFields = (channels: number): string[] => [
  'psFwUpdateStatus',
  ...Array.from({ length: Math.min(4, Math.ceil(channels / 2)) }, (_, i) => `amp${i + 1}FwUpdateStatus`),
];
