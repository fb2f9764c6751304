/**
 * Fault and warning rules of spec 2 §4 over device state. Partial data (a delta, a cloud shadow) is accepted:
 * a missing flag or status never raises an alarm on its own.
 * The views below are written out by hand so that partial data fits as well as a full DeviceState/ChannelState.
 */

/** The parts of a ChannelState the status rules read, each optional (a full ChannelState fits). */
export interface ChannelStatusView {
  output?: { status?: string; thermal?: boolean };
  loadMonitor?: { enable?: boolean; testing?: boolean; status?: string };
  pilotToneDetector?: {
    enable?: boolean;
    testing?: boolean;
    status?: string;
    inputEnablePrimary?: boolean;
    inputEnableSecondary?: boolean;
    inputPresentPrimary?: boolean;
    inputPresentSecondary?: boolean;
  };
}
/** The parts of a DeviceState the status rules read, each optional (a full DeviceState fits). */
export interface DeviceStatusView {
  amp?: {
    powerSupply?: { fault?: boolean; powerOk?: boolean };
    channels?: Readonly<Record<string, ChannelStatusView | undefined>>;
  };
}

type Channel = ChannelStatusView | undefined;
type Device = DeviceStatusView | undefined;

/** spec 2 §4: load monitor statuses that do not warn. */
const LOAD_MONITOR_OK: readonly string[] = ['Ok', 'Low Signal'];

/** spec 2 §4: a channel is faulted when its output status is 'Faulted'. */
export const isChannelFaulted = (ch: Channel): boolean => ch?.output?.status === 'Faulted';

/** spec 2 §4: an enabled pilot-tone input (primary or secondary) that is not present. */
export function hasMissingEnabledInput(ch: Channel): boolean {
  const p = ch?.pilotToneDetector;
  return (
    (p?.inputEnablePrimary === true && p.inputPresentPrimary === false) ||
    (p?.inputEnableSecondary === true && p.inputPresentSecondary === false)
  );
}

/**
 * spec 2 §4: a channel warns on output thermal; a load monitor enabled and testing with a status other than
 * Ok/Low Signal; a pilot tone enabled and testing with a status other than Ok; or an enabled input not present.
 */
export function hasChannelWarning(ch: Channel): boolean {
  if (ch?.output?.thermal === true) return true;
  const lm = ch?.loadMonitor;
  if (lm?.enable === true && lm.testing === true && lm.status !== undefined && !LOAD_MONITOR_OK.includes(lm.status)) {
    return true;
  }
  const pt = ch?.pilotToneDetector;
  if (pt?.enable === true && pt.testing === true && pt.status !== undefined && pt.status !== 'Ok') return true;
  return hasMissingEnabledInput(ch);
}

/** spec 2 §3: the channels of a (partial) device state, in channel-number order. */
export function channelsOf<C extends ChannelStatusView>(
  device:
    | {
        amp?: { channels?: Readonly<Record<string, C | undefined>> };
      }
    | undefined,
): { channelNumber: number; channel: C }[] {
  const channels = device?.amp?.channels ?? {};
  return Object.entries(channels)
    .filter((e): e is [string, C] => e[1] !== undefined && /^\d+$/.test(e[0]))
    .map(([k, channel]) => ({ channelNumber: Number(k), channel }))
    .sort((a, b) => a.channelNumber - b.channelNumber);
}

/** spec 2 §4: an amp is faulted when any channel is faulted or the power supply fault flag is set. */
export const hasAmpFault = (device: Device): boolean =>
  device?.amp?.powerSupply?.fault === true || channelsOf(device).some((c) => isChannelFaulted(c.channel));

/** spec 2 §4: an amp warns when any channel warns or the power supply is not ok. */
export const hasAmpWarning = (device: Device): boolean =>
  device?.amp?.powerSupply?.powerOk === false || channelsOf(device).some((c) => hasChannelWarning(c.channel));
