// Generated from DEVICE_TREE by `npm run gen:protocol` (packages/protocol/src/device/typegen.ts). Do not edit.
// Fields present on only some models are optional.
import type * as z from 'zod/mini';
import type { DiscoverySchema, LockedPropertiesSchema, NstProxySchema, UacSchema } from './tree';

/** /amp/deviceInfo */
export interface AmpDeviceInfoState {
  deviceName: string;
  venueName: string;
  /** read-only */
  modelID: string;
  assetTagNumber: string;
  dateOfInstallation: string;
  installerName: string;
  installerContactInfo: string;
  rackName: string;
  rackPosition: string;
  /** read-only */
  serialNumber: string;
  /** read-only */
  dateOfMfg: string;
  /** read-only */
  hardwareID: string;
  /** read-only */
  hardwareRevision: string;
  /** read-only */
  firmwareVersion: string;
  /** 0 … 2147483647 s, read-only */
  upTime: number;
  /** 0 … 32, read-only */
  numInputs: number;
  /** 0 … 8, read-only */
  numOutputs: number;
  backPanelAttnPotLockout?: boolean;
  /** read-only */
  powerSupplyfirmwareVersion: string;
  /** read-only */
  amp12firmwareVersion: string;
  /** read-only */
  amp34firmwareVersion?: string;
  /** read-only */
  amp56firmwareVersion?: string;
  /** read-only */
  amp78firmwareVersion?: string;
}

/** /amp/powerSupply */
export interface AmpPowerSupplyState {
  /** 0 … 300 V, read-only */
  acLineVoltage: number;
  /** 0 … 100 A, read-only */
  acLineCurrent: number;
  /** 0 … 5000 W, read-only */
  acLineWatts: number;
  /** read-only */
  fault: boolean;
  /** read-only */
  thermal: boolean;
  /** read-only */
  powerOk: boolean;
  /** read-only */
  lineWarning: boolean;
  lineWarningAutoLimits: boolean;
  /** 80 … 300 V */
  lineLowLimitWarning: number;
  /** 80 … 300 V */
  lineHighLimitWarning: number;
  /** read-only */
  powerSource: 'AC LINE' | 'POE';
  /** read-only */
  poeStatus: 'Not Present' | 'Powered' | 'Insufficient';
  outputPortMode?: 'Fault' | 'Standby' | 'Signal Present' | 'Disabled';
  outputPortPolarity?: 'Normally Open' | 'Normally Closed';
  /** 0 … 5000 W, read-only */
  estPowerUsageAutoStandby: number;
  /** 0 … 100 W, read-only */
  estPowerUsagePoe: number;
}

/** /amp/autoStandby */
export interface AmpAutoStandbyState {
  enable: boolean;
  mode: 'Heartbeat' | 'Constant' | 'Constant+Load';
  /** -90 … -20 dBFS */
  threshold: number;
  /** 1 … 240 min */
  timeToWait: number;
  /** read-only */
  active: boolean;
}

/** /amp/signalGenerator */
export interface AmpSignalGeneratorState {
  type: 'Pink Noise' | 'White Noise' | 'Tone';
  /** 20 … 20000 Hz */
  frequency: number;
}

/** /amp/inputs/analog/{key} */
export interface AmpInputsAnalogState {
  name: string;
  sensitivity: '26dB' | '34dB';
  /** 0 … 60 dB */
  micGain?: number;
  inputType?: 'Line' | 'Mic';
  /** -12 … 12 dB */
  trim: number;
  /** -120 … 20 dB, read-only */
  level: number;
  /** read-only */
  clip: boolean;
}

/** /amp/inputs/dante/{key} */
export interface AmpInputsDanteState {
  name: string;
  /** -12 … 12 dB */
  trim: number;
  /** -120 … 20 dB, read-only */
  level: number;
  /** read-only */
  clip: boolean;
}

/** /amp/inputs/digital/{key} */
export interface AmpInputsDigitalState {
  name: string;
  /** -12 … 12 dB */
  trim: number;
  /** -120 … 20 dB, read-only */
  level: number;
  /** read-only */
  clip: boolean;
}

/** /amp/inputs */
export interface AmpInputsState {
  analog: Record<string, AmpInputsAnalogState>;
  dante?: Record<string, AmpInputsDanteState>;
  digital?: Record<string, AmpInputsDigitalState>;
}

/** /amp/channels/{key}/output */
export interface AmpChannelOutputState {
  name: string;
  mute: boolean;
  /** read-only */
  limiting: boolean;
  /** read-only */
  thermal: boolean;
  /** read-only */
  fault: boolean;
  /** read-only */
  ready: boolean;
  enable: boolean;
  /** -80 … 0 dB */
  fader: number;
  /** read-only */
  clip: boolean;
  /** read-only */
  signalDetect: boolean;
  /** read-only */
  autoStandbyActive: boolean;
  /** read-only */
  status: 'Ok' | 'Standby' | 'Faulted' | 'Offline';
  hiZLoZ: 'HiZ-70V' | 'HiZ-100V' | 'LoZ';
  hiZHpfEnable: boolean;
  /** 35 … 5000 Hz */
  hiZHpfFrequency: number;
  /** -80 … 0 dB, read-only */
  backpanelPotAttn?: number;
  super8: boolean;
  /** -80 … 0 dB, read-only */
  faderZoneOffset: number;
  /** -80 … 0 dB, read-only */
  faderZoneAdjust: number;
}

/** /amp/channels/{key}/levels */
export interface AmpChannelLevelsState {
  /** -120 … 20 dB, read-only */
  level_db: number;
  /** 0 … 200 V, read-only */
  level_volts: number;
  /** 0 … 5000 W, read-only */
  level_watts: number;
  /** 0 … 100 A, read-only */
  level_amps: number;
}

/** /amp/channels/{key}/inputSelector */
export interface AmpChannelInputSelectorState {
  primary: string;
  secondary: string;
  /** -80 … 0 dB */
  primaryFader: number;
  /** -80 … 0 dB */
  secondaryFader: number;
  /** -80 … 0 dB */
  primaryThreshold: number;
  /** -80 … 0 dB */
  secondaryThreshold: number;
  mode: 'Override' | 'Backup';
  signalGeneratorEnable: boolean;
  /** -80 … 0 dB */
  signalGeneratorFader: number;
  danteOnRamp?: 'Analog Input' | 'Post Crossover' | 'Amp Output Monitor' | 'Amp Imon' | 'Silence';
  /** -120 … 20 dB, read-only */
  primaryLevel: number;
  /** -120 … 20 dB, read-only */
  secondaryLevel: number;
  /** read-only */
  primarySignalDetect: boolean;
  /** read-only */
  secondarySignalDetect: boolean;
  /** read-only */
  primaryClip: boolean;
  /** read-only */
  secondaryClip: boolean;
  /** read-only */
  signalDetect: boolean;
  /** read-only */
  clip: boolean;
}

/** /amp/channels/{key}/inputDelay */
export interface AmpChannelInputDelayState {
  /** 0 … 100 ms */
  delayMs: number;
}

/** /amp/channels/{key}/crossover/bandGainAndDelay */
export interface AmpChannelCrossoverBandGainAndDelayState {
  /** -15 … 15 dB */
  gain: number;
  /** 0 … 100 ms */
  delay: number;
  invert: boolean;
}

/** /amp/channels/{key}/crossover/lowPassFilter */
export interface AmpChannelCrossoverLowPassFilterState {
  enable: boolean;
  type:
    | 'Butterworth 6dB/oct'
    | 'Butterworth 12dB/oct'
    | 'Butterworth 18dB/oct'
    | 'Butterworth 24dB/oct'
    | 'Butterworth 48dB/oct'
    | 'Bessel 6dB/oct'
    | 'Bessel 12dB/oct'
    | 'Bessel 18dB/oct'
    | 'Bessel 24dB/oct'
    | 'Bessel 48dB/oct'
    | 'Linkwitz-Riley 24dB/oct'
    | 'Linkwitz-Riley 48dB/oct'
    | 'Linear Phase LR 24dB/oct'
    | 'Linear Phase LR 48dB/oct'
    | 'Linear Phase BrickWall';
  /** 20 … 20000 Hz */
  frequency: number;
  customFirCoeffs?: string;
}

/** /amp/channels/{key}/crossover/highPassFilter */
export interface AmpChannelCrossoverHighPassFilterState {
  enable: boolean;
  type:
    | 'Butterworth 6dB/oct'
    | 'Butterworth 12dB/oct'
    | 'Butterworth 18dB/oct'
    | 'Butterworth 24dB/oct'
    | 'Butterworth 48dB/oct'
    | 'Bessel 6dB/oct'
    | 'Bessel 12dB/oct'
    | 'Bessel 18dB/oct'
    | 'Bessel 24dB/oct'
    | 'Bessel 48dB/oct'
    | 'Linkwitz-Riley 24dB/oct'
    | 'Linkwitz-Riley 48dB/oct'
    | 'Linear Phase LR 24dB/oct'
    | 'Linear Phase LR 48dB/oct'
    | 'Linear Phase BrickWall';
  /** 20 … 20000 Hz */
  frequency: number;
}

/** /amp/channels/{key}/crossover */
export interface AmpChannelCrossoverState {
  bandGainAndDelay: AmpChannelCrossoverBandGainAndDelayState;
  lowPassFilter: AmpChannelCrossoverLowPassFilterState;
  highPassFilter: AmpChannelCrossoverHighPassFilterState;
}

/** /amp/channels/{key}/outputEqFilters/{key} */
export interface AmpChannelOutputEqFilterState {
  enable: boolean;
  type:
    | 'Parametric'
    | 'LP Shelf 6dB/oct'
    | 'HP Shelf 6dB/oct'
    | 'LP Shelf 12dB/oct'
    | 'HP Shelf 12dB/oct'
    | 'AllPass 1'
    | 'AllPass 2';
  /** 20 … 20000 Hz */
  frequency: number;
  /** 0.1 … 24 */
  q: number;
  /** -15 … 15 dB */
  gain: number;
}

/** /amp/channels/{key}/inputIirEqFilters/{key} */
export interface AmpChannelInputIirEqFilterState {
  enable: boolean;
  type:
    | 'Parametric'
    | 'LP Shelf 6dB/oct'
    | 'HP Shelf 6dB/oct'
    | 'LP Shelf 12dB/oct'
    | 'HP Shelf 12dB/oct'
    | 'AllPass 1'
    | 'AllPass 2';
  /** 20 … 20000 Hz */
  frequency: number;
  /** 0.1 … 24 */
  q: number;
  /** -15 … 15 dB */
  gain: number;
}

/** /amp/channels/{key}/inputFirEqFilters/{key} */
export interface AmpChannelInputFirEqFilterState {
  enable: boolean;
  type: 'Low Shelf' | 'High Shelf' | 'Dual Shelf';
  /** 20 … 20000 Hz */
  frequency1: number;
  /** 20 … 20000 Hz */
  frequency2: number;
  /** 0.1 … 4 oct */
  bandwidth1: number;
  /** 0.1 … 4 oct */
  bandwidth2: number;
  /** -15 … 15 dB */
  gain: number;
}

/** /amp/channels/{key}/rmsLimiter */
export interface AmpChannelRmsLimiterState {
  enable: boolean;
  /** 10 … 140 V */
  threshold: number;
  /** 1000 … 10000 ms */
  attackTime: number;
  /** 1000 … 10000 ms */
  releaseTime: number;
  /** 0 … 60 dB, read-only */
  gainReduction: number;
  /** 0 … 60 dB, read-only */
  totalGainReduction: number;
}

/** /amp/channels/{key}/peakLimiter */
export interface AmpChannelPeakLimiterState {
  enable: boolean;
  /** 14 … 198 V */
  threshold: number;
  /** 1 … 1000 ms */
  attackTime?: number;
  /** 1 … 1000 ms */
  releaseTime: number;
  /** 0 … 60 dB, read-only */
  gainReduction: number;
  /** 0 … 60 dB, read-only */
  totalGainReduction: number;
}

/** /amp/channels/{key}/loadMonitor */
export interface AmpChannelLoadMonitorState {
  enable: boolean;
  /** 0 … 250 ohm, read-only */
  measuredImpedance: number;
  /** 8 … 250 ohm */
  highLimit: number;
  /** 1 … 250 ohm */
  lowLimit: number;
  /** read-only */
  status: 'Ok' | 'Short' | 'Open' | 'Low Signal';
  /** read-only */
  testing: boolean;
}

/** /amp/channels/{key}/pilotToneDetector */
export interface AmpChannelPilotToneDetectorState {
  enable: boolean;
  /** -120 … 20 dB, read-only */
  measuredLevel: number;
  /** 10000 … 25000 Hz */
  toneFrequency: number;
  /** -60 … 0 dB */
  openLimit: number;
  /** -60 … 20 dB */
  shortLimit: number;
  /** 1 … 3600 s */
  timeElapsedForError: number;
  /** -60 … 0 dB */
  sensitivity: number;
  inputEnablePrimary?: boolean;
  inputEnableSecondary?: boolean;
  /** -80 … 0 dB */
  inputThresholdPrimary?: number;
  /** -80 … 0 dB */
  inputThresholdSecondary?: number;
  /** read-only */
  inputPresentPrimary?: boolean;
  /** read-only */
  inputPresentSecondary?: boolean;
  /** -120 … 20 dB, read-only */
  levels: number;
  CrossoverBypass: boolean;
  /** read-only */
  testing: boolean;
  /** read-only */
  status: 'Ok' | 'Short' | 'Open' | 'Low Signal';
}

/** /amp/channels/{key} */
export interface AmpChannelState {
  output: AmpChannelOutputState;
  levels: AmpChannelLevelsState;
  inputSelector: AmpChannelInputSelectorState;
  inputDelay: AmpChannelInputDelayState;
  crossover: AmpChannelCrossoverState;
  outputEqFilters: Record<string, AmpChannelOutputEqFilterState>;
  inputIirEqFilters?: Record<string, AmpChannelInputIirEqFilterState>;
  inputFirEqFilters?: Record<string, AmpChannelInputFirEqFilterState>;
  rmsLimiter: AmpChannelRmsLimiterState;
  peakLimiter: AmpChannelPeakLimiterState;
  loadMonitor: AmpChannelLoadMonitorState;
  pilotToneDetector: AmpChannelPilotToneDetectorState;
}

/** /amp */
export interface AmpState {
  deviceInfo: AmpDeviceInfoState;
  powerSupply: AmpPowerSupplyState;
  autoStandby: AmpAutoStandbyState;
  signalGenerator: AmpSignalGeneratorState;
  inputs: AmpInputsState;
  channels: Record<string, AmpChannelState>;
}

/** /network/ethernet */
export interface NetworkEthernetState {
  /** read-only */
  mac: string;
  dhcp: boolean;
  ip: string;
  subnetMask: string;
  gateway: string;
  dot1xEnable?: boolean;
  dot1xMode?: 'Disabled' | 'PEAP' | 'TLS' | 'TTLS';
  dot1xIdentity?: string;
  dot1xAnonymousIdentity?: string;
  dot1xDomain?: string;
  dot1xPassword?: string;
  /** read-only */
  dot1xCACertValid?: boolean;
  /** read-only */
  dot1xClientCertValid?: boolean;
  /** read-only */
  dot1xClientKeyCheck?: boolean;
  /** read-only */
  dot1xUploadedCACert?: boolean;
  /** read-only */
  dot1xUploadedClientCert?: boolean;
  /** read-only */
  dot1xUploadedClientKey?: boolean;
}

/** /network/wifi */
export interface NetworkWifiState {
  enable: boolean;
  ssid: string;
  password: string;
  /** read-only */
  mac: string;
  dhcp: boolean;
  ip: string;
  subnetMask: string;
  gateway: string;
  /** -100 … 0 dBm, read-only */
  signalStrength: number;
}

/** /network/apConfig */
export interface NetworkApConfigState {
  password: string;
  buttonEnable: boolean;
  /** read-only */
  active: boolean;
}

/** /network */
export interface NetworkState {
  ethernet: NetworkEthernetState;
  wifi?: NetworkWifiState;
  apConfig: NetworkApConfigState;
}

/** /misc */
export interface MiscState {
  /** read-only */
  passwordProtected: boolean;
  findMe: boolean;
  /** read-only */
  ipAddr: string;
  /** read-only */
  connectionType: 'Disconnected' | 'Wired' | 'WiFi' | 'AP';
  /** read-only */
  fwUpdateStatus:
    | 'None'
    | 'Decrypting'
    | 'DecryptingFail'
    | 'Downloading'
    | 'DownloadFail'
    | 'Extraction'
    | 'ExtractionFail'
    | 'HwNotSupportedInFw'
    | 'ExtractionComplete'
    | 'FactoryReset'
    | 'Finished'
    | 'Finished8ch'
    | 'FinishedFlash';
  /** read-only */
  psFwUpdateStatus: string;
  /** read-only */
  amp1FwUpdateStatus?: string;
  /** read-only */
  amp2FwUpdateStatus?: string;
  /** read-only */
  amp3FwUpdateStatus?: string;
  /** read-only */
  amp4FwUpdateStatus?: string;
}

/** /logs */
export interface LogsState {
  /** read-only */
  events: string;
  /** read-only */
  faults: string;
}

/** /cloud */
export interface CloudState {
  registrationToken: string;
  registrationEndpoint: string;
  /** 1 … 3600 s */
  sensorPublishDuration: number;
  /** read-only */
  status: 'Unregistered' | 'Registering' | 'Registered' | 'Connected' | 'Failed';
  /** read-only */
  deviceId: string;
  /** read-only */
  lastError:
    | 'None'
    | 'REGISTRATION_TOKEN_INVALID'
    | 'REGISTRATION_TOKEN_USED'
    | 'REGISTRATION_TOKEN_EXPIRED'
    | 'REGISTRATION_REFUSED'
    | 'DEVICE_REMOVED'
    | 'CREDENTIALS_REFUSED';
}

/** /tech */
export interface TechState {
  /** -20 … 150 degC, read-only */
  temperatureAmp12: number;
  /** -20 … 150 degC, read-only */
  temperatureAmp34?: number;
  /** -20 … 150 degC, read-only */
  temperatureAmp56?: number;
  /** -20 … 150 degC, read-only */
  temperatureAmp78?: number;
  /** -20 … 150 degC, read-only */
  temperaturePowerSupply: number;
  /** 0 … 100 %, read-only */
  fanSpeed: number;
}

/** /GPIO/{key} */
export interface GPIOState {
  mode: 'None' | 'Input-ManualOverride' | 'Input-OutputFaderOverride';
  behavior: 'Mute' | 'Standby' | 'Select Secondary Input' | 'Fader Override';
  polarity: 'Normally Open' | 'Normally Closed';
}

/** / */
export interface DeviceState {
  amp?: AmpState;
  network: NetworkState;
  misc: MiscState;
  logs: LogsState;
  cloud: CloudState;
  tech?: TechState;
  GPIO?: Record<string, GPIOState>;
  UAC: z.infer<typeof UacSchema>;
  lockedProperties: z.infer<typeof LockedPropertiesSchema>;
  discovery: z.infer<typeof DiscoverySchema>;
  NSTProxy: z.infer<typeof NstProxySchema>;
}
