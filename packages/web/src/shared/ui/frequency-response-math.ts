/**
 * Complex responses (magnitude in dB, phase in degrees) of the amp's filter blocks, for the frequency-response plot
 * (spec 2 §2: Input EQ, Crossover, Equalizer). Pure functions; no React. The sections themselves are in
 * filter-sections.ts.
 *
 * - A chain of filters multiplies their transfer functions: magnitudes in dB add and phases add.
 * - EQ filters: RBJ cookbook biquads at 96 kHz. IIR crossovers (Butterworth, Bessel, Linkwitz-Riley): analog
 *   prototypes through the pre-warped bilinear transform.
 * - Linear-phase filters are drawn without their latency (phase 0): Linear Phase LR (the magnitude of the analog LR),
 *   Linear Phase BrickWall (an ideal wall), the FIR input shelves, and a symmetric custom FIR.
 * - FIR input shelves (Low/High/Dual Shelf) have transitions `bandwidth` octaves wide, centred on their frequency
 *   (raised cosine in log frequency: half the gain at the frequency). Dual Shelf is a low shelf at frequency 1 plus a
 *   high shelf at frequency 2 sharing one gain.
 * - A custom FIR is evaluated from its coefficients at 96 kHz.
 */
import {
  abs,
  allPass,
  besselAt,
  biquadAt,
  butterworthAt,
  firAt,
  isSymmetric,
  mul,
  peaking,
  SAMPLE_RATE_HZ,
  shelf1,
  shelf2,
  warpedRatio,
  type Complex,
} from './filter-sections';

export { SAMPLE_RATE_HZ } from './filter-sections';
/** The plotted band. */
export const RESPONSE_MIN_HZ = 20;
export const RESPONSE_MAX_HZ = 20_000;
/** The floor of any response, so an ideal stop band stays finite. */
export const RESPONSE_FLOOR_DB = -120;

export type CrossoverFamily = 'butterworth' | 'bessel' | 'linkwitzRiley' | 'linearPhaseLR' | 'brickwall';

/** One filter of a channel's chain. Frequencies in Hz, gains in dB. */
export type ResponseFilter =
  | { kind: 'peaking'; frequency: number; q: number; gain: number }
  | { kind: 'lowShelf' | 'highShelf'; order: 1 | 2; frequency: number; q: number; gain: number }
  | { kind: 'allPass'; order: 1 | 2; frequency: number; q: number }
  | { kind: 'lowPass' | 'highPass'; family: CrossoverFamily; order: number; frequency: number }
  | { kind: 'firShelf'; shape: 'low' | 'high'; frequency: number; bandwidth: number; gain: number }
  | { kind: 'gain'; gain: number }
  /** Inverted polarity: 180°. */
  | { kind: 'polarity' }
  | { kind: 'delay'; ms: number }
  | { kind: 'fir'; coefficients: readonly number[] };

/** A response at one frequency: magnitude in dB and phase in degrees (not wrapped, so phases of a chain add). */
export interface PointResponse {
  db: number;
  phase: number;
}

/** A chain's response on a frequency grid; phases wrapped to [−180, 180). */
export interface ComplexCurve {
  frequencies: readonly number[];
  magnitudeDb: readonly number[];
  phaseDeg: readonly number[];
}

const DEG = 180 / Math.PI;
const dbOf = (magnitude: number): number => 20 * Math.log10(Math.max(magnitude, 1e-12));
const polar = (h: Complex): PointResponse => ({ db: dbOf(abs(h)), phase: Math.atan2(h.im, h.re) * DEG });
const flat = (db: number): PointResponse => ({ db, phase: 0 });

/** A phase in degrees wrapped to [−180, 180). */
export const wrapDegrees = (deg: number): number => ((((deg + 180) % 360) + 360) % 360) - 180;

/** An IIR crossover at s = j·x (x normalised and pre-warped to fc). */
function crossoverAt(family: CrossoverFamily, order: number, x: number, highPass: boolean): Complex {
  switch (family) {
    case 'butterworth':
      return butterworthAt(order, x, highPass);
    case 'linkwitzRiley':
    case 'linearPhaseLR': {
      const half = butterworthAt(Math.max(1, Math.round(order / 2)), x, highPass);
      return mul(half, half);
    }
    case 'bessel':
      return besselAt(order, x, highPass);
    case 'brickwall':
      return { re: (highPass ? x >= 1 : x <= 1) ? 1 : 0, im: 0 };
  }
}

type Evaluator = (f: number) => PointResponse;

// a custom FIR of up to 2048 taps costs ~4k trig calls a point: its response is kept per coefficient array
const firResponses = new WeakMap<readonly number[], { symmetric: boolean; at: Map<number, PointResponse> }>();

function firEvaluator(h: readonly number[]): Evaluator {
  let entry = firResponses.get(h);
  if (!entry) firResponses.set(h, (entry = { symmetric: isSymmetric(h), at: new Map() }));
  const { symmetric, at } = entry;
  return (f) => {
    const cached = at.get(f);
    if (cached) return cached;
    // linear phase: without the bulk delay of (N−1)/2 samples the response is real, at 0° or 180°
    const real = symmetric ? zeroPhaseAmplitude(h, f) : undefined;
    const out = real === undefined ? polar(firAt(h, f)) : { db: dbOf(Math.abs(real)), phase: real < 0 ? 180 : 0 };
    at.set(f, out);
    return out;
  };
}

/** Σ h[n]·cos(ω(n − (N−1)/2)): a symmetric FIR's response with its bulk delay removed. */
function zeroPhaseAmplitude(h: readonly number[], f: number): number {
  const w = (2 * Math.PI * f) / SAMPLE_RATE_HZ;
  const centre = (h.length - 1) / 2;
  return h.reduce((sum, c, n) => sum + c * Math.cos(w * (n - centre)), 0);
}

/** The response function of one filter, its coefficients computed once. */
export function prepareFilter(filter: ResponseFilter): Evaluator {
  switch (filter.kind) {
    case 'peaking': {
      const section = peaking(filter.frequency, filter.q, filter.gain);
      return (f) => polar(biquadAt(section, f));
    }
    case 'lowShelf':
    case 'highShelf': {
      const section =
        filter.order === 1
          ? shelf1(filter.kind, filter.frequency, filter.gain)
          : shelf2(filter.kind, filter.frequency, filter.q, filter.gain);
      return (f) => polar(biquadAt(section, f));
    }
    case 'allPass': {
      const section = allPass(filter.order, filter.frequency, filter.q);
      return (f) => polar(biquadAt(section, f));
    }
    case 'lowPass':
    case 'highPass': {
      const { family, order, frequency } = filter;
      const highPass = filter.kind === 'highPass';
      if (family === 'linearPhaseLR' || family === 'brickwall') {
        return (f) => flat(dbOf(abs(crossoverAt(family, order, f / frequency, highPass))));
      }
      return (f) => polar(crossoverAt(family, order, warpedRatio(f, frequency), highPass));
    }
    case 'firShelf': {
      const { shape, frequency, bandwidth, gain } = filter;
      return (f) => {
        const x = Math.log2(f / frequency) / Math.max(bandwidth, 1e-6); // in transition widths
        const rise = x <= -0.5 ? 0 : x >= 0.5 ? 1 : (1 - Math.cos(Math.PI * (x + 0.5))) / 2;
        return flat(gain * (shape === 'high' ? rise : 1 - rise));
      };
    }
    case 'gain':
      return () => flat(filter.gain);
    case 'polarity':
      return () => ({ db: 0, phase: 180 });
    case 'delay':
      return (f) => ({ db: 0, phase: -360 * f * (filter.ms / 1000) });
    case 'fir':
      return firEvaluator(filter.coefficients);
  }
}

/** The response of one filter at frequency f (Hz): dB (unfloored) and phase (unwrapped). */
export const filterResponse = (filter: ResponseFilter, f: number): PointResponse => prepareFilter(filter)(f);

/** The magnitude in dB of one filter at frequency f (Hz), floored. */
export const filterMagnitudeDb = (filter: ResponseFilter, f: number): number =>
  Math.max(RESPONSE_FLOOR_DB, filterResponse(filter, f).db);

/** The phase in degrees of one filter at frequency f (Hz), wrapped to [−180, 180). */
export const filterPhaseDeg = (filter: ResponseFilter, f: number): number =>
  wrapDegrees(filterResponse(filter, f).phase);

/** The response of a chain of filters (the product of their transfer functions) on a frequency grid. */
export function combinedResponse(filters: readonly ResponseFilter[], frequencies: readonly number[]): ComplexCurve {
  const db = new Array<number>(frequencies.length).fill(0);
  const phase = new Array<number>(frequencies.length).fill(0);
  for (const filter of filters) {
    const at = prepareFilter(filter);
    frequencies.forEach((f, i) => {
      const r = at(f);
      db[i] = (db[i] ?? 0) + r.db;
      phase[i] = (phase[i] ?? 0) + r.phase;
    });
  }
  return {
    frequencies,
    magnitudeDb: db.map((d) => Math.max(RESPONSE_FLOOR_DB, d)),
    phaseDeg: phase.map(wrapDegrees),
  };
}

/** The combined magnitude (dB) of a chain of filters at frequency f, floored. */
export const combinedMagnitudeDb = (filters: readonly ResponseFilter[], f: number): number =>
  combinedResponse(filters, [f]).magnitudeDb[0] ?? 0;

/** `count` frequencies spaced evenly on a log axis from min to max inclusive. */
export function logFrequencies(count: number, min = RESPONSE_MIN_HZ, max = RESPONSE_MAX_HZ): number[] {
  const n = Math.max(2, Math.floor(count));
  return Array.from({ length: n }, (_, i) => min * Math.pow(max / min, i / (n - 1)));
}

/** A magnitude curve: [frequency, dB] points over the plotted band. */
export function responseCurve(filters: readonly ResponseFilter[], points = 256): [number, number][] {
  const { frequencies, magnitudeDb } = combinedResponse(filters, logFrequencies(points));
  return frequencies.map((f, i) => [f, magnitudeDb[i] ?? 0]);
}

/** Parses a crossover type such as 'Butterworth 12dB/oct' or 'Linear Phase LR 48dB/oct' (spec 2 §4). */
export function crossoverShape(type: string): { family: CrossoverFamily; order: number } | undefined {
  if (type === 'Linear Phase BrickWall') return { family: 'brickwall', order: 0 };
  const m = /^(Butterworth|Bessel|Linkwitz-Riley|Linear Phase LR) (\d+)dB\/oct$/.exec(type);
  if (!m) return undefined;
  const order = Number(m[2]) / 6;
  const families: Record<string, CrossoverFamily> = {
    Butterworth: 'butterworth',
    Bessel: 'bessel',
    'Linkwitz-Riley': 'linkwitzRiley',
    'Linear Phase LR': 'linearPhaseLR',
  };
  const family = families[m[1] ?? ''];
  return family && { family, order };
}

/** Maps an IIR EQ type (spec 2 §4) and its parameters to a response filter. */
export function eqFilter(type: string, p: { frequency: number; q: number; gain: number }): ResponseFilter | undefined {
  switch (type) {
    case 'Parametric':
      return { kind: 'peaking', frequency: p.frequency, q: p.q, gain: p.gain };
    case 'LP Shelf 6dB/oct':
      return { kind: 'lowShelf', order: 1, frequency: p.frequency, q: p.q, gain: p.gain };
    case 'HP Shelf 6dB/oct':
      return { kind: 'highShelf', order: 1, frequency: p.frequency, q: p.q, gain: p.gain };
    case 'LP Shelf 12dB/oct':
      return { kind: 'lowShelf', order: 2, frequency: p.frequency, q: p.q, gain: p.gain };
    case 'HP Shelf 12dB/oct':
      return { kind: 'highShelf', order: 2, frequency: p.frequency, q: p.q, gain: p.gain };
    case 'AllPass 1':
      return { kind: 'allPass', order: 1, frequency: p.frequency, q: p.q };
    case 'AllPass 2':
      return { kind: 'allPass', order: 2, frequency: p.frequency, q: p.q };
    default:
      return undefined;
  }
}

/** Maps an FIR input filter (spec 2 §3: Low Shelf, High Shelf, Dual Shelf) to response filters. */
export function firShelfFilters(
  type: string,
  p: { frequency1: number; frequency2: number; bandwidth1: number; bandwidth2: number; gain: number },
): ResponseFilter[] {
  const first = { kind: 'firShelf', frequency: p.frequency1, bandwidth: p.bandwidth1, gain: p.gain } as const;
  switch (type) {
    case 'Low Shelf':
      return [{ ...first, shape: 'low' }];
    case 'High Shelf':
      return [{ ...first, shape: 'high' }];
    case 'Dual Shelf':
      return [
        { ...first, shape: 'low' },
        { kind: 'firShelf', shape: 'high', frequency: p.frequency2, bandwidth: p.bandwidth2, gain: p.gain },
      ];
    default:
      return [];
  }
}

/** The magnitude of a curve at frequency f, interpolated on the log-frequency axis (clamped to the grid's ends). */
export function curveDbAt({ frequencies, magnitudeDb }: ComplexCurve, f: number): number {
  const n = frequencies.length;
  if (n === 0) return 0;
  let i = 1;
  while (i < n - 1 && (frequencies[i] ?? 0) < f) i++;
  const f0 = frequencies[i - 1] ?? f;
  const f1 = frequencies[i] ?? f;
  const d0 = magnitudeDb[i - 1] ?? 0;
  const d1 = magnitudeDb[i] ?? d0;
  if (n === 1 || f <= f0) return d0;
  if (f >= f1) return d1;
  return d0 + ((d1 - d0) * Math.log(f / f0)) / Math.log(f1 / f0);
}

/** A curve drawn over a channel's own (a linked channel's, say), computed by the caller. */
export interface ResponseOverlay {
  /** Stable key, e.g. '{ampId}-{channel}'. */
  id: string;
  /** The legend's text, already translated. */
  label: string;
  curve: ComplexCurve;
}
