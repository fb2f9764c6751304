/**
 * The audio a living amp sees: per-input programme levels that wander like music, the signal generator,
 * input-selector source names ("Analog 1", "Dante 3+4") and the share of a signal a crossover lets through.
 */
import type { ModelInfo } from '@rackside/protocol';
import type { InputKind } from './faults';
import { gaussian } from './random';

/** The bottom of every meter in the device tree: no signal. */
export const SILENT_DB = -120;
/** A level at or above this (dBFS) lights a clip flag ("near 0 dBFS"). */
export const CLIP_DB = -1;

/** Programme loudness: a slow wander around -20 dBFS (song sections) plus fast flutter (beats, transients). */
const MUSIC_MEAN_DB = -20;
const MUSIC_SPREAD_DB = 3;
const MUSIC_TAU_S = 20;
const MUSIC_FLUTTER_DB = 2.5;
const NOISE_FLUTTER_DB = 0.5;

/** dB to linear amplitude (0 for silence). */
export const fromDb = (db: number): number => (db <= SILENT_DB ? 0 : 10 ** (db / 20));
/** Linear amplitude to dB, floored at SILENT_DB. */
export const toDb = (lin: number): number => (lin <= 0 ? SILENT_DB : Math.max(SILENT_DB, 20 * Math.log10(lin)));

/** The number of inputs of each kind a model has. */
export function inputCounts(model: ModelInfo): [InputKind, number][] {
  return [
    ['analog', model.analogInputs],
    ['dante', model.danteInputs],
    ['digital', model.digitalInputs],
  ];
}

/** Per-input programme levels (dBFS, before trim) that wander like music unless the input is dropped. */
export class InputSignals {
  private readonly base = new Map<string, number>();
  private readonly now = new Map<string, number>();

  constructor(
    model: ModelInfo,
    private readonly random: () => number,
  ) {
    for (const [kind, count] of inputCounts(model)) {
      for (let n = 1; n <= count; n++)
        this.base.set(`${kind}/${n}`, MUSIC_MEAN_DB + MUSIC_SPREAD_DB * gaussian(random));
    }
  }

  /** Advances every input by `dtSec` simulated seconds; dropped inputs read silent. */
  step(dtSec: number, dropped: (kind: InputKind, n: number) => boolean): void {
    const decay = Math.exp(-dtSec / MUSIC_TAU_S);
    const spread = MUSIC_SPREAD_DB * Math.sqrt(1 - decay * decay);
    for (const [key, b] of this.base) {
      // Draw every input's randomness even when dropped, so a drop does not shift the other inputs' sequences.
      const next = MUSIC_MEAN_DB + (b - MUSIC_MEAN_DB) * decay + spread * gaussian(this.random);
      const flutter = MUSIC_FLUTTER_DB * gaussian(this.random);
      this.base.set(key, next);
      const [kind, n] = key.split('/') as [InputKind, string];
      this.now.set(key, dropped(kind, Number(n)) ? SILENT_DB : Math.min(0, next + flutter));
    }
  }

  /** The current level of one input in dBFS (SILENT_DB for an input the model lacks). */
  level(kind: InputKind, n: number): number {
    return this.now.get(`${kind}/${n}`) ?? SILENT_DB;
  }
}

const SOURCE_NAME = /^(Analog|Dante|Digital) (\d)(?:\+(\d))?$/;

/** The level of an input-selector source ("Analog 1", "Dante 3+4" summed to mono, "None" silent). */
export function sourceLevel(name: string, level: (kind: InputKind, n: number) => number): number {
  const m = SOURCE_NAME.exec(name);
  if (!m) return SILENT_DB;
  const kind = m[1]!.toLowerCase() as InputKind;
  const a = level(kind, Number(m[2]));
  if (m[3] === undefined) return a;
  return toDb((fromDb(a) + fromDb(level(kind, Number(m[3])))) / 2);
}

/** What a channel plays: programme material from its inputs, or one of the generator's signals. */
export type SignalKind = 'music' | 'Pink Noise' | 'White Noise' | 'Tone';

/** A channel's crossover filters, as the physics reads them. */
export interface CrossoverView {
  readonly lowPassFilter: { readonly enable: boolean; readonly type: string; readonly frequency: number };
  readonly highPassFilter: { readonly enable: boolean; readonly type: string; readonly frequency: number };
}

/** The generator's level (dBFS) at a channel's signalGeneratorFader; noise flickers a little, a tone is steady. */
export function generatorDb(kind: SignalKind, fader: number, random: () => number): number {
  return kind === 'Tone' ? fader : fader + NOISE_FLUTTER_DB * gaussian(random);
}

/** Peak-to-RMS ratio: a sine's √2; noise and music about 4 (12 dB). */
export const crestFactor = (kind: SignalKind): number => (kind === 'Tone' ? Math.SQRT2 : 4);

const orderOf = (type: string): number =>
  type.includes('BrickWall') ? 20 : Number(/(\d+)dB\/oct/.exec(type)?.[1] ?? '24') / 6;

/**
 * The level change (dB, ≤ 0) a channel's crossover filters cause: the filter response at the tone's frequency,
 * or for broadband signals the share of energy in the pass band (pink and music per octave, white per hertz).
 */
export function crossoverShareDb(xo: CrossoverView, kind: SignalKind, toneHz: number): number {
  const lp = xo.lowPassFilter.enable ? xo.lowPassFilter : undefined;
  const hp = xo.highPassFilter.enable ? xo.highPassFilter : undefined;
  if (kind === 'Tone') {
    let p = 1;
    if (lp) p /= 1 + (toneHz / lp.frequency) ** (2 * orderOf(lp.type));
    if (hp) p /= 1 + (hp.frequency / toneHz) ** (2 * orderOf(hp.type));
    return 10 * Math.log10(Math.max(p, 1e-12));
  }
  const lo = Math.max(20, hp?.frequency ?? 20);
  const hi = Math.min(20000, lp?.frequency ?? 20000);
  if (hi <= lo) return -40;
  const share = kind === 'White Noise' ? (hi - lo) / (20000 - 20) : Math.log(hi / lo) / Math.log(20000 / 20);
  return 10 * Math.log10(Math.max(share, 1e-4));
}
