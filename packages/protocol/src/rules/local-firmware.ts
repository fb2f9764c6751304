/** Local firmware update rules of spec 3 §4, §5 and §9: countdown, displayed status and image file names. */
import {
  FIRMWARE_COUNTDOWN_START_S,
  FIRMWARE_COUNTDOWN_STOPPED,
  FIRMWARE_STARTING_ABOVE_S,
} from '../catalog/constants';
import type { ModelInfo } from '../device/models';

/** spec 3 §3 / §4: the local update request status. */
export const LOCAL_FIRMWARE_STATUSES = ['none', 'sending', 'success', 'failure'] as const;
export type LocalFirmwareStatus = (typeof LOCAL_FIRMWARE_STATUSES)[number];

/** spec 3 §4: the countdown set by a request result: 300 s on success, -1 (stopped) on failure. */
export const countdownAfterResult = (status: 'success' | 'failure'): number =>
  status === 'success' ? FIRMWARE_COUNTDOWN_START_S : FIRMWARE_COUNTDOWN_STOPPED;

/** spec 3 §4: one second of countdown: down by 1 to a minimum of 0; a stopped countdown (-1) stays stopped. */
export const tickCountdown = (remaining: number): number => (remaining <= 0 ? remaining : Math.max(0, remaining - 1));

/**
 * spec 3 §4: while the countdown runs and the device reports None, 'Starting' above 240 s and 'Finished' at 240 s or
 * less; otherwise the device status itself.
 */
export function displayedFirmwareStatus(remaining: number, deviceStatus: string | undefined): string {
  const status = deviceStatus ?? 'None';
  if (status !== 'None' || remaining < 0) return status;
  return remaining > FIRMWARE_STARTING_ABOVE_S ? 'Starting' : 'Finished';
}

/** spec 3 §4: per-component statuses are shown once the update finished (or finished for 8 channels). */
export const showsComponentStatuses = (displayed: string): boolean =>
  displayed === 'Finished' || displayed === 'Finished8ch' || displayed === 'Finished8Ch';

/** spec 3 §2: the touch-controller restart note shows after a successful update once the countdown is over. */
export const showsRestartNote = (
  status: LocalFirmwareStatus,
  remaining: number,
  hasTouchControllers: boolean,
): boolean => hasTouchControllers && status === 'success' && remaining === 0;

/** spec 3 §2 / §9: formats whole seconds as mm:ss ('05:00'); negative values show '00:00'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** spec 3 §5: the image name pattern of a model: its prefix (DLS, SS, BS, ASBT), anything, then '.tar.xz.enc'. */
export const firmwareImagePattern = (model: Pick<ModelInfo, 'firmwareImagePrefix'>): RegExp =>
  new RegExp(`^${model.firmwareImagePrefix}.*\\.tar\\.xz\\.enc$`);

/** spec 3 §5: true when a file name (path ignored, as in a zip entry) is an image for this model. */
export const isFirmwareImageFor = (model: Pick<ModelInfo, 'firmwareImagePrefix'>, fileName: string): boolean =>
  firmwareImagePattern(model).test(fileName.split(/[\\/]/).pop() ?? '');

/** spec 3 §4: the fitting image for a model among the names of a decompressed update, or undefined. */
export const pickFirmwareImage = (
  model: Pick<ModelInfo, 'firmwareImagePrefix'>,
  fileNames: readonly string[],
): string | undefined => fileNames.find((n) => isFirmwareImageFor(model, n));

/** spec 3 §2: the update file input accepts .enc or zip files. */
export const isAcceptedFirmwareFile = (fileName: string): boolean => /\.(enc|zip)$/i.test(fileName);

/**
 * The firmware statuses (misc.fwUpdateStatus) a console has words for, spec 3 §4 (Finished and Finished8ch share
 * one; 'Starting' is the local page's own above 240 s); the local and the cloud update pages both use them.
 */
export const FIRMWARE_STATUS_MESSAGE_KEYS = [
  'None',
  'Starting',
  'Downloading',
  'DownloadFail',
  'Decrypting',
  'DecryptingFail',
  'Extraction',
  'ExtractionFail',
  'HwNotSupportedInFw',
  'ExtractionComplete',
  'FactoryReset',
  'Finished',
  'FinishedFlash',
] as const;
export type FirmwareStatusMessageKey = (typeof FIRMWARE_STATUS_MESSAGE_KEYS)[number];

/** The message key of a firmware status; an unknown status is shown as the amp says it (undefined here). */
export function firmwareStatusMessageKey(status: string): FirmwareStatusMessageKey | undefined {
  if (status === 'Finished8ch' || status === 'Finished8Ch') return 'Finished';
  return FIRMWARE_STATUS_MESSAGE_KEYS.find((k) => k === status);
}
