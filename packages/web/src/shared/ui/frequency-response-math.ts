/**
 * Magnitude responses (dB) of the amp's filter blocks, for the frequency-response plot (spec 2 §2: Input EQ,
 * Crossover, Equalizer). Pure functions; no React.
 *
 * - EQ filters are the digital biquads of the RBJ Audio EQ Cookbook at the amp's 96 kHz rate (spec 2 §5: 96 kHz);
 *   6 dB/oct shelves and AllPass 1 are first-order sections (bilinear, pre-warped at f0).
 * - Crossover filters are evaluated on their analog prototypes at s = j·f/fc: Butterworth (−3 dB at fc),
 *   Linkwitz-Riley as a squared Butterworth of half the order (−6 dB at fc), Bessel from its reverse Bessel
 *   polynomial normalised to −3 dB at fc, linear-phase LR as the magnitude of LR and BrickWall as an ideal wall.
 * - FIR input shelves (Low/High/Dual Shelf) have transitions `bandwidth` octaves wide, centred on their frequency
 *   (raised cosine in log frequency: half the gain at the frequency). Dual Shelf is a low shelf at frequency 1 plus a
 *   high shelf at frequency 2 sharing one gain.
 * - A custom FIR is evaluated from its coefficients at 96 kHz.
 */

/** spec 2 §5: the amp processes at 96 kHz. */
export const SAMPLE_RATE_HZ = 96_000;
/** The plotted band. */
export const RESPONSE_MIN_HZ = 20;
export const RESPONSE_MAX_HZ = 20_000;
/** The floor of any response, so an ideal stop band stays finite. */
export const RESPONSE_FLOOR_DB = -120;

export type CrossoverFamily = 'butterworth' | 'bessel' | 'linkwitzRiley' | 'brickwall';

/** One filter whose magnitude the plot combines. Frequencies in Hz, gains in dB. */
export type ResponseFilter =
  | { kind: 'peaking'; frequency: number; q: number; gain: number }
  | { kind: 'lowShelf' | 'highShelf'; order: 1 | 2; frequency: number; q: number; gain: number }
  | { kind: 'allPass'; order: 1 | 2; frequency: number; q: number }
  | { kind: 'lowPass' | 'highPass'; family: CrossoverFamily; order: number; frequency: number }
  | { kind: 'firShelf'; shape: 'low' | 'high'; frequency: number; bandwidth: number; gain: number }
  | { kind: 'gain'; gain: number }
  | { kind: 'fir'; coefficients: readonly number[] };

const toDb = (magnitude: number): number => Math.max(RESPONSE_FLOOR_DB, 20 * Math.log10(Math.max(magnitude, 1e-12)));

// ---- digital sections ----

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a0: number;
  a1: number;
  a2: number;
}

/** |H(e^jω)| of a biquad (or a first-order section with b2 = a2 = 0). */
function biquadMagnitude({ b0, b1, b2, a0, a1, a2 }: Biquad, f: number): number {
  const w = (2 * Math.PI * f) / SAMPLE_RATE_HZ;
  const c1 = Math.cos(w);
  const s1 = Math.sin(w);
  const c2 = Math.cos(2 * w);
  const s2 = Math.sin(2 * w);
  const nRe = b0 + b1 * c1 + b2 * c2;
  const nIm = -(b1 * s1 + b2 * s2);
  const dRe = a0 + a1 * c1 + a2 * c2;
  const dIm = -(a1 * s1 + a2 * s2);
  return Math.sqrt((nRe * nRe + nIm * nIm) / (dRe * dRe + dIm * dIm));
}

function rbj(f0: number, q: number) {
  const w0 = (2 * Math.PI * f0) / SAMPLE_RATE_HZ;
  return { cos: Math.cos(w0), alpha: Math.sin(w0) / (2 * q) };
}

/** RBJ cookbook peakingEQ. */
function peaking(f0: number, q: number, gainDb: number): Biquad {
  const A = Math.pow(10, gainDb / 40);
  const { cos, alpha } = rbj(f0, q);
  return { b0: 1 + alpha * A, b1: -2 * cos, b2: 1 - alpha * A, a0: 1 + alpha / A, a1: -2 * cos, a2: 1 - alpha / A };
}

/** RBJ cookbook lowShelf / highShelf (second order, 12 dB/oct). */
function shelf2(kind: 'lowShelf' | 'highShelf', f0: number, q: number, gainDb: number): Biquad {
  const A = Math.pow(10, gainDb / 40);
  const { cos, alpha } = rbj(f0, q);
  const r = 2 * Math.sqrt(A) * alpha;
  if (kind === 'lowShelf') {
    return {
      b0: A * (A + 1 - (A - 1) * cos + r),
      b1: 2 * A * (A - 1 - (A + 1) * cos),
      b2: A * (A + 1 - (A - 1) * cos - r),
      a0: A + 1 + (A - 1) * cos + r,
      a1: -2 * (A - 1 + (A + 1) * cos),
      a2: A + 1 + (A - 1) * cos - r,
    };
  }
  return {
    b0: A * (A + 1 + (A - 1) * cos + r),
    b1: -2 * A * (A - 1 + (A + 1) * cos),
    b2: A * (A + 1 + (A - 1) * cos - r),
    a0: A + 1 - (A - 1) * cos + r,
    a1: 2 * (A - 1 - (A + 1) * cos),
    a2: A + 1 - (A - 1) * cos - r,
  };
}

/**
 * First-order shelf (6 dB/oct): H(s) = (s + √g)/(s + 1/√g) for a low shelf and (√g·s + 1)/(s/√g + 1) for a high
 * shelf (s normalised to f0; half the gain in dB at f0), bilinear-transformed with pre-warping at f0.
 */
function shelf1(kind: 'lowShelf' | 'highShelf', f0: number, gainDb: number): Biquad {
  const r = Math.pow(10, gainDb / 40); // √g
  const K = Math.tan((Math.PI * f0) / SAMPLE_RATE_HZ);
  if (kind === 'lowShelf') {
    return { b0: 1 + r * K, b1: r * K - 1, b2: 0, a0: 1 + K / r, a1: K / r - 1, a2: 0 };
  }
  return { b0: r + K, b1: K - r, b2: 0, a0: 1 / r + K, a1: K - 1 / r, a2: 0 };
}

/** RBJ cookbook allPass (second order) and its first-order sibling. */
function allPass(order: 1 | 2, f0: number, q: number): Biquad {
  if (order === 1) {
    const K = Math.tan((Math.PI * f0) / SAMPLE_RATE_HZ);
    const a = (K - 1) / (K + 1);
    return { b0: a, b1: 1, b2: 0, a0: 1, a1: a, a2: 0 };
  }
  const { cos, alpha } = rbj(f0, q);
  return { b0: 1 - alpha, b1: -2 * cos, b2: 1 + alpha, a0: 1 + alpha, a1: -2 * cos, a2: 1 - alpha };
}

/** |H(e^jω)| of an FIR from its coefficients. */
function firMagnitude(h: readonly number[], f: number): number {
  const w = (2 * Math.PI * f) / SAMPLE_RATE_HZ;
  let re = 0;
  let im = 0;
  for (let n = 0; n < h.length; n++) {
    re += (h[n] ?? 0) * Math.cos(w * n);
    im -= (h[n] ?? 0) * Math.sin(w * n);
  }
  return Math.hypot(re, im);
}

// ---- analog crossover prototypes ----

/** Coefficients of the reverse Bessel polynomial θn(s), lowest power first. */
function besselPolynomial(n: number): number[] {
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  return Array.from({ length: n + 1 }, (_, k) => fact(2 * n - k) / (Math.pow(2, n - k) * fact(k) * fact(n - k)));
}

/** |θn(0)/θn(jω)|. */
function besselMagnitudeAt(coeffs: readonly number[], w: number): number {
  let re = 0;
  let im = 0;
  // (jω)^k cycles 1, j, −1, −j
  for (const [k, c] of coeffs.entries()) {
    const p = Math.pow(w, k);
    switch (k % 4) {
      case 0:
        re += c * p;
        break;
      case 1:
        im += c * p;
        break;
      case 2:
        re -= c * p;
        break;
      default:
        im -= c * p;
    }
  }
  return (coeffs[0] ?? 1) / Math.hypot(re, im);
}

const besselCache = new Map<number, { coeffs: number[]; w3: number }>();

/** The Bessel polynomial of order n and the frequency at which it is 3 dB down (found by bisection, cached). */
function bessel(n: number) {
  const cached = besselCache.get(n);
  if (cached) return cached;
  const coeffs = besselPolynomial(n);
  const target = Math.SQRT1_2;
  let lo = 0.01;
  let hi = 100;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (besselMagnitudeAt(coeffs, mid) > target) lo = mid;
    else hi = mid;
  }
  const entry = { coeffs, w3: Math.sqrt(lo * hi) };
  besselCache.set(n, entry);
  return entry;
}

/** Low-pass prototype magnitude at normalised frequency x = f/fc (high-pass uses 1/x). */
function lowPassPrototype(family: CrossoverFamily, order: number, x: number): number {
  switch (family) {
    case 'butterworth':
      return 1 / Math.sqrt(1 + Math.pow(x, 2 * order));
    case 'linkwitzRiley': {
      const half = Math.max(1, Math.round(order / 2));
      return 1 / (1 + Math.pow(x, 2 * half));
    }
    case 'bessel': {
      const { coeffs, w3 } = bessel(order);
      return besselMagnitudeAt(coeffs, x * w3);
    }
    case 'brickwall':
      return x <= 1 ? 1 : 0;
  }
}

/** The magnitude in dB of one filter at frequency f (Hz). */
export function filterMagnitudeDb(filter: ResponseFilter, f: number): number {
  switch (filter.kind) {
    case 'peaking':
      return toDb(biquadMagnitude(peaking(filter.frequency, filter.q, filter.gain), f));
    case 'lowShelf':
    case 'highShelf': {
      const section =
        filter.order === 1
          ? shelf1(filter.kind, filter.frequency, filter.gain)
          : shelf2(filter.kind, filter.frequency, filter.q, filter.gain);
      return toDb(biquadMagnitude(section, f));
    }
    case 'allPass':
      return toDb(biquadMagnitude(allPass(filter.order, filter.frequency, filter.q), f));
    case 'lowPass':
      return toDb(lowPassPrototype(filter.family, filter.order, f / filter.frequency));
    case 'highPass':
      return toDb(lowPassPrototype(filter.family, filter.order, filter.frequency / f));
    case 'firShelf': {
      const x = Math.log2(f / filter.frequency) / Math.max(filter.bandwidth, 1e-6); // in transition widths
      const rise = x <= -0.5 ? 0 : x >= 0.5 ? 1 : (1 - Math.cos(Math.PI * (x + 0.5))) / 2;
      return filter.gain * (filter.shape === 'high' ? rise : 1 - rise);
    }
    case 'gain':
      return filter.gain;
    case 'fir':
      return toDb(firMagnitude(filter.coefficients, f));
  }
}

/** The combined magnitude (dB) of a chain of filters at frequency f: the sum of their dB magnitudes, floored. */
export function combinedMagnitudeDb(filters: readonly ResponseFilter[], f: number): number {
  const total = filters.reduce((sum, filter) => sum + filterMagnitudeDb(filter, f), 0);
  return Math.max(RESPONSE_FLOOR_DB, total);
}

/** `count` frequencies spaced evenly on a log axis from min to max inclusive. */
export function logFrequencies(count: number, min = RESPONSE_MIN_HZ, max = RESPONSE_MAX_HZ): number[] {
  const n = Math.max(2, Math.floor(count));
  return Array.from({ length: n }, (_, i) => min * Math.pow(max / min, i / (n - 1)));
}

/** A response curve: [frequency, dB] points over the plotted band. */
export function responseCurve(filters: readonly ResponseFilter[], points = 256): [number, number][] {
  return logFrequencies(points).map((f) => [f, combinedMagnitudeDb(filters, f)]);
}

/** Parses a crossover type such as 'Butterworth 12dB/oct' or 'Linear Phase LR 48dB/oct' (spec 2 §4). */
export function crossoverShape(type: string): { family: CrossoverFamily; order: number } | undefined {
  if (type === 'Linear Phase BrickWall') return { family: 'brickwall', order: 0 };
  const m = /^(Butterworth|Bessel|Linkwitz-Riley|Linear Phase LR) (\d+)dB\/oct$/.exec(type);
  if (!m) return undefined;
  const order = Number(m[2]) / 6;
  const family: CrossoverFamily =
    m[1] === 'Butterworth' ? 'butterworth' : m[1] === 'Bessel' ? 'bessel' : 'linkwitzRiley';
  return { family, order };
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
