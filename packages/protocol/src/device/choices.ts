/** Enum choices spelled exactly as spec 2 §4 and device-api-notes.md spell them. */

export const OUTPUT_STATUSES = ['Ok', 'Standby', 'Faulted', 'Offline'] as const;
export type OutputStatus = (typeof OUTPUT_STATUSES)[number];

export const MONITOR_STATUSES = ['Ok', 'Short', 'Open', 'Low Signal'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

export const HIZ_LOZ = ['HiZ-70V', 'HiZ-100V', 'LoZ'] as const;
export type HiZLoZ = (typeof HIZ_LOZ)[number];

export const SIGNAL_GENERATOR_TYPES = ['Pink Noise', 'White Noise', 'Tone'] as const;
export const SENSITIVITIES = ['26dB', '34dB'] as const;
export const INPUT_TYPES = ['Line', 'Mic'] as const;
export const INPUT_SELECTOR_MODES = ['Override', 'Backup'] as const;
export const AUTO_STANDBY_MODES = ['Heartbeat', 'Constant', 'Constant+Load'] as const;
export const POWER_SOURCES = ['AC LINE', 'POE'] as const;
export const CONNECTION_TYPES = ['Disconnected', 'Wired', 'WiFi', 'AP'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export const DOT1X_MODES = ['Disabled', 'PEAP', 'TLS', 'TTLS'] as const;
export type Dot1xMode = (typeof DOT1X_MODES)[number];
export const GPIO_MODES = ['None', 'Input-ManualOverride', 'Input-OutputFaderOverride'] as const;
export const GPIO_POLARITIES = ['Normally Open', 'Normally Closed'] as const;
export const LOAD_MONITOR_FAULT_TYPES = ['Fault Low', 'Fault High'] as const;

/** spec 2 §4 "Output monitor sources"; 'Silence' only on advanced-DSP models (spec 2 §2 Inputs tab). */
export const ON_RAMP_SOURCES = ['Analog Input', 'Post Crossover', 'Amp Output Monitor', 'Amp Imon', 'Silence'] as const;

/** spec 2 §4 crossover filter types, written as the notes write them ("Butterworth 12dB/oct"). */
export const CROSSOVER_TYPES = [
  'Butterworth 6dB/oct',
  'Butterworth 12dB/oct',
  'Butterworth 18dB/oct',
  'Butterworth 24dB/oct',
  'Butterworth 48dB/oct',
  'Bessel 6dB/oct',
  'Bessel 12dB/oct',
  'Bessel 18dB/oct',
  'Bessel 24dB/oct',
  'Bessel 48dB/oct',
  'Linkwitz-Riley 24dB/oct',
  'Linkwitz-Riley 48dB/oct',
  'Linear Phase LR 24dB/oct',
  'Linear Phase LR 48dB/oct',
  'Linear Phase BrickWall',
] as const;
export type CrossoverType = (typeof CROSSOVER_TYPES)[number];
/** Linear-phase crossovers need advanced DSP (spec 3 §4 drops them on import to other models). */
export const isLinearPhase = (t: string): boolean => t.startsWith('Linear Phase');

/** spec 2 §4 EQ types. */
export const EQ_TYPES = [
  'Parametric',
  'LP Shelf 6dB/oct',
  'HP Shelf 6dB/oct',
  'LP Shelf 12dB/oct',
  'HP Shelf 12dB/oct',
  'AllPass 1',
  'AllPass 2',
] as const;
export type EqType = (typeof EQ_TYPES)[number];
/** spec 2 §5: 6 dB shelves and first-order all-pass have no Q; all-pass filters have no gain. */
export const eqHasQ = (t: string): boolean => !t.includes('6dB/oct') && t !== 'AllPass 1';
export const eqHasGain = (t: string): boolean => !t.startsWith('AllPass');

/** spec 2 §4 firmware update statuses (spec 3 §4). */
export const FIRMWARE_STATUSES = [
  'None',
  'Decrypting',
  'DecryptingFail',
  'Downloading',
  'DownloadFail',
  'Extraction',
  'ExtractionFail',
  'HwNotSupportedInFw',
  'ExtractionComplete',
  'FactoryReset',
  'Finished',
  'Finished8ch',
  'FinishedFlash',
] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

const numbered = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
const pairs = (prefix: string, n: number): string[] =>
  Array.from({ length: Math.floor(n / 2) }, (_, i) => `${prefix} ${2 * i + 1}+${2 * i + 2}`);

/** Every input source name any model may offer (device-api-notes.md: "Analog 1".."Analog 8", pairs "Analog 1+2", ...). */
export const INPUT_SOURCES = [
  ...numbered('Analog', 8),
  ...pairs('Analog', 8),
  ...numbered('Dante', 8),
  ...pairs('Dante', 8),
  ...numbered('Digital', 8),
  ...pairs('Digital', 8),
] as const;
export const SECONDARY_SOURCES = ['None', ...INPUT_SOURCES] as const;

/** The sources one model offers: analog up to its channel count, pairs at 2/4/6/8, all of its Dante and digital inputs. */
export function inputSourcesFor(m: { analogInputs: number; danteInputs: number; digitalInputs: number }): string[] {
  return [
    ...numbered('Analog', m.analogInputs),
    ...pairs('Analog', m.analogInputs),
    ...numbered('Dante', m.danteInputs),
    ...pairs('Dante', m.danteInputs),
    ...numbered('Digital', m.digitalInputs),
    ...pairs('Digital', m.digitalInputs),
  ];
}

/** spec 3 §5 touch: "non-combination inputs valid for the amp model". */
export const singleInputSourcesFor = (m: { analogInputs: number; danteInputs: number; digitalInputs: number }) =>
  inputSourcesFor(m).filter((s) => !s.includes('+'));
