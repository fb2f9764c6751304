import { CHOSEN } from './chosen';

/** Firmware image name prefixes of spec 3 §5. */
export type FirmwareImagePrefix = 'DLS' | 'SS' | 'BS' | 'ASBT';

/** What a model can do (spec 2 §6 "Capabilities", spec 3 §4 import rules). */
export interface Capabilities {
  readonly advancedDsp: boolean;
  readonly customFir: boolean;
  readonly pilotToneV2: boolean;
  readonly gpio: boolean;
  readonly dot1x: boolean;
  readonly micGain: boolean;
  readonly danteOnRamp: boolean;
  readonly peakLimiterAttackTime: boolean;
  readonly potLockout: boolean;
  readonly wifi: boolean;
}

/** One entry of the model catalogue. */
export interface ModelInfo {
  /** Short id used on the command line and in file names: '704D', '352N_G', 'CDS-508', 'CST-7'. */
  readonly id: string;
  /** What `/amp/deviceInfo modelID` reads, e.g. "Connect Series Model 704D". */
  readonly modelID: string;
  readonly family: 'CS' | 'CS-small' | 'CDS' | 'touch';
  readonly kind: 'amp' | 'touch';
  readonly channels: number;
  readonly analogInputs: number;
  readonly danteInputs: number;
  readonly digitalInputs: number;
  /** Rated output per channel into 4 Ω (W); the emulator scales power readings by it. */
  readonly wattsPerChannel: number;
  readonly caps: Capabilities;
  readonly firmwareImagePrefix: FirmwareImagePrefix;
}

type Variant = '' | 'N' | 'D' | 'N_G' | 'D_G' | 'N-ADSP' | 'D-ADSP';

function csModel(base: 352 | 354 | 702 | 704 | 1504, variant: Variant): ModelInfo {
  const id = `${base}${variant}`;
  const channels = base % 10;
  const dante = variant.startsWith('D');
  const adsp = variant.endsWith('ADSP');
  const is1504 = base === 1504;
  return {
    id,
    modelID: `Connect Series Model ${id}`,
    family: 'CS',
    kind: 'amp',
    channels,
    analogInputs: channels,
    danteInputs: dante ? 8 : 0,
    digitalInputs: 0,
    wattsPerChannel: Math.floor(base / 10) * 10,
    caps: {
      advancedDsp: adsp,
      customFir: adsp,
      pilotToneV2: adsp || is1504,
      gpio: is1504,
      dot1x: true,
      micGain: false,
      danteOnRamp: dante,
      peakLimiterAttackTime: adsp || is1504,
      potLockout: (CHOSEN.potLockoutModels as readonly string[]).includes(id),
      wifi: !variant.endsWith('_G'),
    },
    // spec 3 §5: ADSP variants of 352/354/702/704 use SS images; the 1504 family BS; others ASBT.
    firmwareImagePrefix: is1504 ? 'BS' : adsp ? 'SS' : 'ASBT',
  };
}

function smallModel(base: 34 | 64 | 124): ModelInfo {
  const id = `${base}D`;
  return {
    id,
    modelID: `Connect Series Model ${id}`,
    family: 'CS-small',
    kind: 'amp',
    channels: 4,
    analogInputs: 4,
    danteInputs: 4, // spec 2 §6: 34D/64D/124D have 4 Dante channels
    digitalInputs: 0,
    wattsPerChannel: Math.floor(base / 4) * 10,
    caps: {
      advancedDsp: false,
      customFir: false,
      pilotToneV2: false,
      gpio: false,
      dot1x: false,
      micGain: true,
      danteOnRamp: true,
      peakLimiterAttackTime: false,
      potLockout: false,
      wifi: true,
    },
    firmwareImagePrefix: 'DLS', // spec 3 §5: models 34/64/124 DLS...tar.xz.enc
  };
}

function cdsModel(watts: 504 | 1004 | 508 | 1008, adsp: boolean): ModelInfo {
  const id = `CDS-${watts}${adsp ? '-ADSP' : ''}`;
  const channels = watts % 10;
  return {
    id,
    modelID: `Connect Series Model ${id}`,
    family: 'CDS',
    kind: 'amp',
    channels,
    analogInputs: channels,
    danteInputs: 0,
    digitalInputs: 8, // spec 2 §6: digital inputs only on CDS models (8)
    wattsPerChannel: Math.floor(watts / 10) * 10,
    caps: {
      advancedDsp: true,
      customFir: adsp,
      pilotToneV2: true,
      gpio: true,
      dot1x: true,
      micGain: false,
      danteOnRamp: true, // the digital on-ramp (spec 2 §2: "on-ramp select labelled Digital or Dante by model")
      peakLimiterAttackTime: true,
      potLockout: (CHOSEN.potLockoutModels as readonly string[]).includes(id),
      wifi: true,
    },
    firmwareImagePrefix: adsp ? 'SS' : 'ASBT',
  };
}

function touchModel(size: 5 | 7): ModelInfo {
  const id = `CST-${size}`;
  return {
    id,
    modelID: `CS Touch ${size}`,
    family: 'touch',
    kind: 'touch',
    channels: 0,
    analogInputs: 0,
    danteInputs: 0,
    digitalInputs: 0,
    wattsPerChannel: 0,
    caps: {
      advancedDsp: false,
      customFir: false,
      pilotToneV2: false,
      gpio: false,
      dot1x: false,
      micGain: false,
      danteOnRamp: false,
      peakLimiterAttackTime: false,
      potLockout: false,
      wifi: false,
    },
    firmwareImagePrefix: 'ASBT',
  };
}

const CS_BASES = [352, 354, 702, 704, 1504] as const;
const CS_VARIANTS: Variant[] = ['', 'N', 'D', 'N_G', 'D_G', 'N-ADSP', 'D-ADSP'];

/** Every model the specs name: CS 352/354/702/704/1504 (N, D, N_G, D_G, ADSP), 34D/64D/124D, CDS, CS Touch. */
export const MODELS: readonly ModelInfo[] = [
  ...CS_BASES.flatMap((b) => CS_VARIANTS.filter((v) => !(b === 1504 && v.endsWith('ADSP'))).map((v) => csModel(b, v))),
  ...([34, 64, 124] as const).map(smallModel),
  ...([504, 1004, 508, 1008] as const).flatMap((w) => [cdsModel(w, false), cdsModel(w, true)]),
  touchModel(5),
  touchModel(7),
];

const byId = new Map(MODELS.map((m) => [m.id.toUpperCase(), m]));
const byModelID = new Map(MODELS.map((m) => [m.modelID, m]));

/** Looks a model up by its short id ('704D', case-insensitive) or its modelID string. */
export function findModel(idOrModelID: string): ModelInfo | undefined {
  return byId.get(idOrModelID.trim().toUpperCase()) ?? byModelID.get(idOrModelID);
}

/** Like findModel, but throws a clear error listing the known ids. */
export function getModel(idOrModelID: string): ModelInfo {
  const m = findModel(idOrModelID);
  if (!m) throw new Error(`unknown model '${idOrModelID}'; known models: ${MODELS.map((x) => x.id).join(', ')}`);
  return m;
}

/** spec 2 §5: models whose names end in N_G or D_G have no Wi-Fi section. */
export const hasWifi = (modelIdOrName: string): boolean => !/[ND]_G$/.test(modelIdOrName.trim());

/** Number of amp boards (one per channel pair 1-2, 3-4, 5-6, 7-8). */
export const boardCount = (m: ModelInfo): number => Math.ceil(m.channels / 2);
