/** How a confirmation names what it acts on (issue 18): the amp and the channel, so a live change is never a surprise. */
import type { AmpState } from '@rackside/protocol';

/** The interpolations of a confirmation's text: `amp` (its device name, else its address), `n` and `channel` (the name). */
export interface ConfirmNames {
  amp: string;
  n: number;
  channel: string;
}

export function confirmNames(state: AmpState, ampId: string, channel: number): ConfirmNames {
  const amp = state.deviceInfo.deviceName.trim();
  return { amp: amp === '' ? ampId : amp, n: channel, channel: state.channels[String(channel)]?.output.name ?? '' };
}
