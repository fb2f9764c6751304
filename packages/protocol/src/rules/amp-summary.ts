/** The amp summary of spec 1 §3 and spec 2 §3, derived from (possibly partial) device state. */
import { CONNECTION_TYPES, type ConnectionType } from '../device/choices';
import { isNewerVersion } from './firmware-version';
import { channelsOf, hasAmpFault, hasAmpWarning, type ChannelStatusView } from './status';
import { hasUacKey, type UacView } from './uac';

/** The parts of a channel a summary reads (a full ChannelState fits). */
export interface SummaryChannelView extends ChannelStatusView {
  output?: ChannelStatusView['output'] & { name?: string; mute?: boolean; autoStandbyActive?: boolean };
}
/** The parts of a device a summary reads (a full DeviceState fits). */
export interface SummaryDeviceView {
  amp?: {
    deviceInfo?: { deviceName?: string; modelID?: string; firmwareVersion?: string };
    powerSupply?: { fault?: boolean; powerOk?: boolean; poeStatus?: string; powerSource?: string };
    autoStandby?: { active?: boolean };
    channels?: Readonly<Record<string, SummaryChannelView | undefined>>;
  };
  misc?: { ipAddr?: string; connectionType?: string; passwordProtected?: boolean };
  network?: { wifi?: { signalStrength?: number } };
  UAC?: UacView;
}

/** spec 1 §3: one channel of an amp summary. */
export interface ChannelSummary {
  channelId: string;
  channelNumber: number;
  channelName: string;
  isMuted: boolean;
}
/** spec 1 §3 / spec 2 §3: what amp lists and venue cards show of one amp. */
export interface AmpSummary {
  ampId: string;
  deviceName: string;
  poeStatus: string;
  powerSource: string;
  ipAddress: string;
  modelID: string;
  connectionType: ConnectionType;
  wifiSignalStrength: number;
  isPasswordProtected: boolean;
  isConnected: boolean;
  hasFault: boolean;
  hasWarning: boolean;
  isSupported: boolean;
  isAutoStandby: boolean;
  isUACLocked: boolean;
  channelSummaries: ChannelSummary[];
  currentFirmwareVersion: string;
  latestFirmwareVersion: string;
  hasAvailableFirmwareUpdate: boolean;
}

/** What a summary is derived from: the device state plus what only the connection or the cloud knows. */
export interface AmpSummaryInput {
  readonly ampId: string;
  readonly device: SummaryDeviceView | undefined;
  readonly isConnected: boolean;
  /** False when the amp's API version is not supported (spec 2 §2 unsupported card); default true. */
  readonly isSupported?: boolean;
  /** spec 1 §7 deviceSummary.currentFirmwareVersion; defaults to amp.deviceInfo.firmwareVersion. */
  readonly currentFirmwareVersion?: string;
  /** spec 1 §7 deviceSummary.latestFirmwareVersion; '' when unknown. */
  readonly latestFirmwareVersion?: string;
}

const asConnectionType = (v: string | undefined): ConnectionType =>
  CONNECTION_TYPES.find((t) => t === v) ?? 'Disconnected';

/**
 * spec 2 §3: an amp is in auto standby when its auto-standby is active or every channel is in standby
 * (status 'Standby' or its own auto-standby flag); an amp without channels is not.
 */
export function isAmpAutoStandby(device: SummaryDeviceView | undefined): boolean {
  if (device?.amp?.autoStandby?.active === true) return true;
  const channels = channelsOf(device);
  return (
    channels.length > 0 &&
    channels.every((c) => c.channel.output?.status === 'Standby' || c.channel.output?.autoStandbyActive === true)
  );
}

/** spec 1 §3 / spec 2 §3: derives the amp summary; a disconnected amp reports connection type 'Disconnected'. */
export function deriveAmpSummary(input: AmpSummaryInput): AmpSummary {
  const { ampId, device, isConnected } = input;
  const info = device?.amp?.deviceInfo;
  const ps = device?.amp?.powerSupply;
  const currentFirmwareVersion = input.currentFirmwareVersion ?? info?.firmwareVersion ?? '';
  const latestFirmwareVersion = input.latestFirmwareVersion ?? '';
  return {
    ampId,
    deviceName: info?.deviceName ?? '',
    poeStatus: ps?.poeStatus ?? '',
    powerSource: ps?.powerSource ?? '',
    ipAddress: device?.misc?.ipAddr ?? '',
    modelID: info?.modelID ?? '',
    connectionType: isConnected ? asConnectionType(device?.misc?.connectionType) : 'Disconnected',
    wifiSignalStrength: device?.network?.wifi?.signalStrength ?? 0,
    isPasswordProtected: device?.misc?.passwordProtected === true,
    isConnected,
    hasFault: hasAmpFault(device),
    hasWarning: hasAmpWarning(device),
    isSupported: input.isSupported ?? true,
    isAutoStandby: isAmpAutoStandby(device),
    isUACLocked: hasUacKey(device?.UAC),
    channelSummaries: channelsOf(device).map(({ channelNumber, channel }) => ({
      channelId: `${ampId}-${channelNumber}`,
      channelNumber,
      channelName: channel.output?.name ?? '',
      isMuted: channel.output?.mute === true,
    })),
    currentFirmwareVersion,
    latestFirmwareVersion,
    hasAvailableFirmwareUpdate: isNewerVersion(latestFirmwareVersion, currentFirmwareVersion),
  };
}
