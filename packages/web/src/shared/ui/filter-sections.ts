/**
 * The complex transfer functions of the amp's filter sections, for the frequency-response plot. Pure functions.
 *
 * - EQ sections are the digital biquads of the RBJ Audio EQ Cookbook at the amp's 96 kHz rate; 6 dB/oct shelves and
 *   the first-order all-pass are first-order sections (bilinear, pre-warped at f0).
 * - IIR crossovers are analog prototypes (Butterworth as a cascade of second-order sections plus a first-order one for
 *   odd orders; Linkwitz-Riley as a Butterworth of half the order, squared; Bessel from its reverse Bessel polynomial
 *   normalised to −3 dB at fc) taken through the bilinear transform pre-warped at fc, which is the same as evaluating
 *   the prototype at the warped frequency tan(πf/fs)/tan(πfc/fs) — exactly what a cascade of RBJ LPF/HPF biquads gives.
 */

/** spec 2 §5: the amp processes at 96 kHz. */
export const SAMPLE_RATE_HZ = 96_000;

export interface Complex {
  re: number;
  im: number;
}

export const ONE: Complex = { re: 1, im: 0 };
export const mul = (a: Complex, b: Complex): Complex => ({
  re: a.re * b.re - a.im * b.im,
  im: a.re * b.im + a.im * b.re,
});
export function div(a: Complex, b: Complex): Complex {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}
export const abs = (a: Complex): number => Math.hypot(a.re, a.im);

// ---- digital sections ----

/** Biquad coefficients (a first-order section has b2 = a2 = 0). */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a0: number;
  a1: number;
  a2: number;
}

/** H(e^jω) of a biquad at frequency f (Hz). */
export function biquadAt({ b0, b1, b2, a0, a1, a2 }: Biquad, f: number): Complex {
  const w = (2 * Math.PI * f) / SAMPLE_RATE_HZ;
  const c1 = Math.cos(w);
  const s1 = Math.sin(w);
  const c2 = Math.cos(2 * w);
  const s2 = Math.sin(2 * w);
  return div(
    { re: b0 + b1 * c1 + b2 * c2, im: -(b1 * s1 + b2 * s2) },
    { re: a0 + a1 * c1 + a2 * c2, im: -(a1 * s1 + a2 * s2) },
  );
}

function rbj(f0: number, q: number) {
  const w0 = (2 * Math.PI * f0) / SAMPLE_RATE_HZ;
  return { cos: Math.cos(w0), alpha: Math.sin(w0) / (2 * q) };
}

/** RBJ cookbook peakingEQ. */
export function peaking(f0: number, q: number, gainDb: number): Biquad {
  const A = Math.pow(10, gainDb / 40);
  const { cos, alpha } = rbj(f0, q);
  return { b0: 1 + alpha * A, b1: -2 * cos, b2: 1 - alpha * A, a0: 1 + alpha / A, a1: -2 * cos, a2: 1 - alpha / A };
}

/** RBJ cookbook lowShelf / highShelf (second order, 12 dB/oct). */
export function shelf2(kind: 'lowShelf' | 'highShelf', f0: number, q: number, gainDb: number): Biquad {
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
export function shelf1(kind: 'lowShelf' | 'highShelf', f0: number, gainDb: number): Biquad {
  const r = Math.pow(10, gainDb / 40); // √g
  const K = Math.tan((Math.PI * f0) / SAMPLE_RATE_HZ);
  if (kind === 'lowShelf') {
    return { b0: 1 + r * K, b1: r * K - 1, b2: 0, a0: 1 + K / r, a1: K / r - 1, a2: 0 };
  }
  return { b0: r + K, b1: K - r, b2: 0, a0: 1 / r + K, a1: K - 1 / r, a2: 0 };
}

/** RBJ cookbook allPass (second order, −180° at f0) and its first-order sibling (−90° at f0). */
export function allPass(order: 1 | 2, f0: number, q: number): Biquad {
  if (order === 1) {
    const K = Math.tan((Math.PI * f0) / SAMPLE_RATE_HZ);
    const a = (K - 1) / (K + 1);
    return { b0: a, b1: 1, b2: 0, a0: 1, a1: a, a2: 0 };
  }
  const { cos, alpha } = rbj(f0, q);
  return { b0: 1 - alpha, b1: -2 * cos, b2: 1 + alpha, a0: 1 + alpha, a1: -2 * cos, a2: 1 - alpha };
}

/** H(e^jω) of an FIR from its coefficients at frequency f (Hz). */
export function firAt(h: readonly number[], f: number): Complex {
  const w = (2 * Math.PI * f) / SAMPLE_RATE_HZ;
  let re = 0;
  let im = 0;
  for (let n = 0; n < h.length; n++) {
    const c = h[n] ?? 0;
    re += c * Math.cos(w * n);
    im -= c * Math.sin(w * n);
  }
  return { re, im };
}

/** A symmetric FIR is linear-phase: its bulk delay of (N−1)/2 samples is latency, not part of the drawn phase. */
export function isSymmetric(h: readonly number[]): boolean {
  const scale = h.reduce((m, c) => Math.max(m, Math.abs(c)), 0) || 1;
  for (let n = 0, m = h.length - 1; n < m; n++, m--) {
    if (Math.abs((h[n] ?? 0) - (h[m] ?? 0)) > 1e-9 * scale) return false;
  }
  return true;
}

// ---- analog crossover prototypes ----

/** The frequency of the bilinear transform pre-warped at fc, normalised to fc: the prototype's s = j·x. */
export const warpedRatio = (f: number, fc: number): number =>
  Math.tan((Math.PI * Math.min(f, SAMPLE_RATE_HZ / 2 - 1)) / SAMPLE_RATE_HZ) /
  Math.tan((Math.PI * Math.min(fc, SAMPLE_RATE_HZ / 2 - 1)) / SAMPLE_RATE_HZ);

/** The Qs of a Butterworth's second-order sections: 1/(2 sin((2k−1)π/2n)), k = 1..⌊n/2⌋. */
export const butterworthQs = (order: number): number[] =>
  Array.from({ length: Math.floor(order / 2) }, (_, i) => 1 / (2 * Math.sin(((2 * i + 1) * Math.PI) / (2 * order))));

/** A Butterworth low-pass (or high-pass) of `order` at s = j·x, as its cascade of sections. */
export function butterworthAt(order: number, x: number, highPass: boolean): Complex {
  const s: Complex = { re: 0, im: x };
  const s2 = mul(s, s);
  let h = ONE;
  for (const q of butterworthQs(order)) {
    const den: Complex = { re: s2.re + 1, im: s2.im + x / q };
    h = mul(h, div(highPass ? s2 : ONE, den));
  }
  if (order % 2 === 1) h = mul(h, div(highPass ? s : ONE, { re: 1, im: x }));
  return h;
}

/** Coefficients of the reverse Bessel polynomial θn(s), lowest power first. */
function besselPolynomial(n: number): number[] {
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  return Array.from({ length: n + 1 }, (_, k) => fact(2 * n - k) / (Math.pow(2, n - k) * fact(k) * fact(n - k)));
}

/** θn(s) at a complex s, by Horner's rule. */
function polynomialAt(coeffs: readonly number[], s: Complex): Complex {
  let acc: Complex = { re: 0, im: 0 };
  for (let k = coeffs.length - 1; k >= 0; k--) {
    acc = mul(acc, s);
    acc.re += coeffs[k] ?? 0;
  }
  return acc;
}

const besselCache = new Map<number, { coeffs: number[]; w3: number }>();

/** The Bessel polynomial of order n and the frequency at which it is 3 dB down (found by bisection, cached). */
function bessel(n: number) {
  const cached = besselCache.get(n);
  if (cached) return cached;
  const coeffs = besselPolynomial(n);
  const magnitude = (w: number) => (coeffs[0] ?? 1) / abs(polynomialAt(coeffs, { re: 0, im: w }));
  let lo = 0.01;
  let hi = 100;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (magnitude(mid) > Math.SQRT1_2) lo = mid;
    else hi = mid;
  }
  const entry = { coeffs, w3: Math.sqrt(lo * hi) };
  besselCache.set(n, entry);
  return entry;
}

/** A Bessel low-pass (or high-pass: the low-pass at 1/s) of `order` at s = j·x, −3 dB at x = 1. */
export function besselAt(order: number, x: number, highPass: boolean): Complex {
  const { coeffs, w3 } = bessel(order);
  const s: Complex = highPass ? { re: 0, im: -w3 / x } : { re: 0, im: w3 * x };
  return div({ re: coeffs[0] ?? 1, im: 0 }, polynomialAt(coeffs, s));
}
