/** Capability rules of spec 2 §6 that depend on the model and its firmware. */
import { CHOSEN } from '../device/chosen';
import type { ModelInfo } from '../device/models';
import { isAtLeastVersion } from './firmware-version';

/** spec 2 §6: analog input pairs appear at channel counts 2, 4, 6 and 8 (pair 1+2 at 2, 3+4 at 4, ...). */
export const ANALOG_PAIR_THRESHOLDS = [2, 4, 6, 8] as const;

/** spec 2 §6: a mixer input needs an amp with firmware CHOSEN.mixerInputFirmwareThreshold or newer. */
export const hasMixerInput = (model: Pick<ModelInfo, 'kind'>, firmwareVersion: string | null | undefined): boolean =>
  model.kind === 'amp' && isAtLeastVersion(firmwareVersion, CHOSEN.mixerInputFirmwareThreshold);

/** spec 2 §6: the analog pair sources ('Analog 1+2', ...) an amp with this many channels offers. */
export const analogPairsFor = (channelCount: number): string[] =>
  ANALOG_PAIR_THRESHOLDS.filter((t) => channelCount >= t).map((t) => `Analog ${t - 1}+${t}`);

/** spec 1 §9 / spec 2 §9: the channel pair (amp board) a channel belongs to, '1-2' for channels 1 and 2. */
export function channelPairOf(channelNumber: number): string {
  const first = channelNumber % 2 === 0 ? channelNumber - 1 : channelNumber;
  return `${first}-${first + 1}`;
}
