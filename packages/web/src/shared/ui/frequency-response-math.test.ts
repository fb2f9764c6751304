import { describe, expect, it } from 'vitest';
import {
  combinedMagnitudeDb,
  combinedResponse,
  crossoverShape,
  curveDbAt,
  eqFilter,
  filterMagnitudeDb,
  filterPhaseDeg,
  filterResponse,
  firShelfFilters,
  logFrequencies,
  responseCurve,
  wrapDegrees,
  type CrossoverFamily,
  type ResponseFilter,
} from './frequency-response-math';

const lp = (family: CrossoverFamily, order: number, frequency = 1000): ResponseFilter => ({
  kind: 'lowPass',
  family,
  order,
  frequency,
});
const hp = (family: 'butterworth' | 'bessel' | 'linkwitzRiley' | 'linearPhaseLR', order: number): ResponseFilter => ({
  kind: 'highPass',
  family,
  order,
  frequency: 1000,
});

describe('EQ biquads (RBJ cookbook)', () => {
  it('a +6 dB parametric at 1 kHz reads +6 dB at 1 kHz and ~0 dB far away', () => {
    const f: ResponseFilter = { kind: 'peaking', frequency: 1000, q: 1, gain: 6 };
    expect(filterMagnitudeDb(f, 1000)).toBeCloseTo(6, 6);
    expect(filterMagnitudeDb(f, 20)).toBeCloseTo(0, 1);
    expect(filterMagnitudeDb(f, 20000)).toBeCloseTo(0, 1);
  });

  it('a -9 dB cut reads -9 dB at its frequency', () => {
    expect(filterMagnitudeDb({ kind: 'peaking', frequency: 250, q: 4, gain: -9 }, 250)).toBeCloseTo(-9, 6);
  });

  it('12 dB/oct shelves reach their gain on their side and half of it (in dB) at f0', () => {
    const low: ResponseFilter = { kind: 'lowShelf', order: 2, frequency: 1000, q: Math.SQRT1_2, gain: 12 };
    expect(filterMagnitudeDb(low, 20)).toBeCloseTo(12, 1);
    expect(filterMagnitudeDb(low, 1000)).toBeCloseTo(6, 1);
    expect(filterMagnitudeDb(low, 20000)).toBeCloseTo(0, 1);
    const high: ResponseFilter = { kind: 'highShelf', order: 2, frequency: 1000, q: Math.SQRT1_2, gain: -12 };
    expect(filterMagnitudeDb(high, 20000)).toBeCloseTo(-12, 0);
    expect(filterMagnitudeDb(high, 1000)).toBeCloseTo(-6, 1);
    expect(filterMagnitudeDb(high, 20)).toBeCloseTo(0, 1);
  });

  it('6 dB/oct shelves are first order: half the gain at f0, full gain two decades away', () => {
    const low: ResponseFilter = { kind: 'lowShelf', order: 1, frequency: 1000, q: 1, gain: 10 };
    expect(filterMagnitudeDb(low, 1000)).toBeCloseTo(5, 1);
    expect(filterMagnitudeDb(low, 20)).toBeCloseTo(10, 0);
    const high: ResponseFilter = { kind: 'highShelf', order: 1, frequency: 1000, q: 1, gain: 10 };
    expect(filterMagnitudeDb(high, 1000)).toBeCloseTo(5, 1);
    expect(filterMagnitudeDb(high, 20)).toBeCloseTo(0, 1);
  });

  it('all-pass filters are flat', () => {
    for (const order of [1, 2] as const) {
      for (const f of [20, 500, 1000, 7000, 20000]) {
        expect(filterMagnitudeDb({ kind: 'allPass', order, frequency: 1000, q: 2 }, f)).toBeCloseTo(0, 9);
      }
    }
  });
});

describe('crossover slopes', () => {
  it('Butterworth reads -3 dB at fc, for every order, low-pass and high-pass', () => {
    for (const order of [1, 2, 3, 4, 8]) {
      expect(filterMagnitudeDb(lp('butterworth', order), 1000)).toBeCloseTo(-3.01, 2);
      expect(filterMagnitudeDb(hp('butterworth', order), 1000)).toBeCloseTo(-3.01, 2);
    }
  });

  it('Linkwitz-Riley 24 and 48 read -6 dB at fc', () => {
    expect(filterMagnitudeDb(lp('linkwitzRiley', 4), 1000)).toBeCloseTo(-6.02, 2);
    expect(filterMagnitudeDb(lp('linkwitzRiley', 8), 1000)).toBeCloseTo(-6.02, 2);
    expect(filterMagnitudeDb(hp('linkwitzRiley', 4), 1000)).toBeCloseTo(-6.02, 2);
  });

  it('LR low-pass and high-pass at the same fc sum to unity amplitude at fc (-6 dB each)', () => {
    const l = Math.pow(10, filterMagnitudeDb(lp('linkwitzRiley', 4), 1000) / 20);
    const h = Math.pow(10, filterMagnitudeDb(hp('linkwitzRiley', 4), 1000) / 20);
    expect(l + h).toBeCloseTo(1, 3);
  });

  it('a 12 dB/oct slope reads about -12 dB one octave above fc', () => {
    expect(filterMagnitudeDb(lp('butterworth', 2), 2000)).toBeCloseTo(-12.3, 1);
    expect(filterMagnitudeDb(hp('butterworth', 2), 500)).toBeCloseTo(-12.3, 1);
  });

  it('steeper slopes fall faster: about 6 dB per octave per order far from fc', () => {
    // well below Nyquist (the bilinear transform steepens slopes near 48 kHz); fc 100 Hz
    const at = (order: number, f: number) => filterMagnitudeDb(lp('butterworth', order, 100), f);
    for (const order of [1, 2, 3, 4, 8]) {
      const f = order === 8 ? 200 : 800; // keep the steepest above the floor
      expect(at(order, f) - at(order, 2 * f)).toBeCloseTo(6.02 * order, 0);
    }
  });

  it('Bessel reads -3 dB at fc (normalised poles) and ends at its order times 6 dB/oct', () => {
    for (const order of [1, 2, 3, 4, 8]) {
      expect(filterMagnitudeDb(lp('bessel', order), 1000)).toBeCloseTo(-3.01, 2);
      expect(filterMagnitudeDb(hp('bessel', order), 1000)).toBeCloseTo(-3.01, 2);
    }
    // Bessel is gentler than Butterworth one octave above fc
    expect(filterMagnitudeDb(lp('bessel', 4), 2000)).toBeGreaterThan(filterMagnitudeDb(lp('butterworth', 4), 2000));
    const far = filterMagnitudeDb(hp('bessel', 2), 40) - filterMagnitudeDb(hp('bessel', 2), 20);
    expect(far).toBeCloseTo(12, 0);
  });

  it('a brick wall passes up to fc and stops beyond', () => {
    expect(filterMagnitudeDb(lp('brickwall', 0), 999)).toBe(0);
    expect(filterMagnitudeDb(lp('brickwall', 0), 1001)).toBeLessThanOrEqual(-100);
  });
});

describe('type parsing', () => {
  it('reads family and order from the spec type names', () => {
    expect(crossoverShape('Butterworth 12dB/oct')).toEqual({ family: 'butterworth', order: 2 });
    expect(crossoverShape('Bessel 48dB/oct')).toEqual({ family: 'bessel', order: 8 });
    expect(crossoverShape('Linkwitz-Riley 24dB/oct')).toEqual({ family: 'linkwitzRiley', order: 4 });
    expect(crossoverShape('Linear Phase LR 48dB/oct')).toEqual({ family: 'linearPhaseLR', order: 8 });
    expect(crossoverShape('Linear Phase BrickWall')).toEqual({ family: 'brickwall', order: 0 });
    expect(crossoverShape('nonsense')).toBeUndefined();
  });

  it('maps EQ types to sections', () => {
    const p = { frequency: 100, q: 1, gain: 3 };
    expect(eqFilter('Parametric', p)?.kind).toBe('peaking');
    expect(eqFilter('HP Shelf 6dB/oct', p)).toMatchObject({ kind: 'highShelf', order: 1 });
    expect(eqFilter('LP Shelf 12dB/oct', p)).toMatchObject({ kind: 'lowShelf', order: 2 });
    expect(eqFilter('AllPass 1', p)).toMatchObject({ kind: 'allPass', order: 1 });
  });
});

describe('FIR shelves and combination', () => {
  const p = { frequency1: 100, frequency2: 10000, bandwidth1: 1, bandwidth2: 1, gain: 6 };

  it('a low shelf holds its gain below the transition and half of it at the frequency', () => {
    const [low] = firShelfFilters('Low Shelf', p);
    expect(low && filterMagnitudeDb(low, 20)).toBe(6);
    expect(low && filterMagnitudeDb(low, 100)).toBeCloseTo(3, 6);
    expect(low && filterMagnitudeDb(low, 1000)).toBe(0);
  });

  it('a dual shelf lifts both ends and leaves the middle alone', () => {
    const dual = firShelfFilters('Dual Shelf', p);
    expect(combinedMagnitudeDb(dual, 20)).toBeCloseTo(6, 6);
    expect(combinedMagnitudeDb(dual, 1000)).toBeCloseTo(0, 6);
    expect(combinedMagnitudeDb(dual, 20000)).toBeCloseTo(6, 6);
  });

  it('sums the dB of a chain and evaluates a custom FIR from its coefficients', () => {
    const chain: ResponseFilter[] = [
      { kind: 'gain', gain: -3 },
      { kind: 'peaking', frequency: 1000, q: 1, gain: 6 },
    ];
    expect(combinedMagnitudeDb(chain, 1000)).toBeCloseTo(3, 6);
    expect(combinedMagnitudeDb([{ kind: 'fir', coefficients: [1] }], 5000)).toBeCloseTo(0, 9);
    expect(combinedMagnitudeDb([{ kind: 'fir', coefficients: [0.5, 0.5] }], 20)).toBeCloseTo(0, 3);
  });

  it('samples the band on a log axis', () => {
    const fs = logFrequencies(4);
    expect(fs[0]).toBeCloseTo(20);
    expect(fs[3]).toBeCloseTo(20000);
    expect(fs[1]).toBeCloseTo(200);
    expect(responseCurve([], 10)).toHaveLength(10);
  });
});

// ---- against references computed here from closed forms (issue 18: within 0.05 dB) ----

const FS = 96_000;
const GRID = logFrequencies(200);
const TOLERANCE_DB = 0.05;
/** The bilinear transform pre-warped at f0 maps f to the analog prototype's normalised frequency tan(πf/fs)/tan(πf0/fs). */
const warp = (f: number, f0: number) => Math.tan((Math.PI * f) / FS) / Math.tan((Math.PI * f0) / FS);
const dbOfPower = (power: number) => 10 * Math.log10(power);

/** RBJ peakingEQ prototype H(s) = (s² + s·A/Q + 1)/(s² + s/(A·Q) + 1), |H(jw)|². */
function peakingRef(f: number, f0: number, q: number, gain: number): number {
  const A = Math.pow(10, gain / 40);
  const w = warp(f, f0);
  const re = 1 - w * w;
  return dbOfPower((re * re + Math.pow((w * A) / q, 2)) / (re * re + Math.pow(w / (A * q), 2)));
}

/** RBJ lowShelf prototype A·(s² + (√A/Q)s + A)/(A·s² + (√A/Q)s + 1); highShelf A·(A·s² + (√A/Q)s + 1)/(s² + (√A/Q)s + A). */
function shelfRef(kind: 'low' | 'high', f: number, f0: number, q: number, gain: number): number {
  const A = Math.pow(10, gain / 40);
  const w = warp(f, f0);
  const mid = Math.pow((Math.sqrt(A) / q) * w, 2);
  const num = kind === 'low' ? Math.pow(A - w * w, 2) + mid : Math.pow(1 - A * w * w, 2) + mid;
  const den = kind === 'low' ? Math.pow(1 - A * w * w, 2) + mid : Math.pow(A - w * w, 2) + mid;
  return dbOfPower((A * A * num) / den);
}

/** Butterworth |H|² = 1/(1 + x^2n), x = f/fc (low-pass) or fc/f (high-pass), pre-warped. */
function butterworthRef(f: number, fc: number, order: number, highPass = false): number {
  const x = warp(f, fc);
  return dbOfPower(1 / (1 + Math.pow(highPass ? 1 / x : x, 2 * order)));
}

/** Linkwitz-Riley of order 2n: a Butterworth of order n squared, so twice its dB. */
const linkwitzRileyRef = (f: number, fc: number, order: number, highPass = false) =>
  2 * butterworthRef(f, fc, order / 2, highPass);

/** A filter's response as a complex number, to sum two outputs the way the air does. */
function complexOf(filter: ResponseFilter, f: number) {
  const { db, phase } = filterResponse(filter, f);
  const m = Math.pow(10, db / 20);
  return { re: m * Math.cos((phase * Math.PI) / 180), im: m * Math.sin((phase * Math.PI) / 180) };
}

const expectNear = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOLERANCE_DB);

describe('reference magnitudes (RBJ cookbook and crossover closed forms, within 0.05 dB)', () => {
  it('a peaking band reads its gain exactly at f0 and the closed form everywhere', () => {
    for (const [f0, q, gain] of [
      [1000, 1, 6],
      [63, 4, -12],
      [12000, 0.5, 9],
    ] as const) {
      const band: ResponseFilter = { kind: 'peaking', frequency: f0, q, gain };
      expectNear(filterMagnitudeDb(band, f0), gain, `peak at ${f0}`);
      for (const f of GRID) expectNear(filterMagnitudeDb(band, f), peakingRef(f, f0, q, gain), `peaking ${f0} at ${f}`);
    }
  });

  it('12 dB/oct shelves follow the cookbook prototype', () => {
    for (const kind of ['low', 'high'] as const) {
      const shelf: ResponseFilter = { kind: `${kind}Shelf`, order: 2, frequency: 500, q: 0.9, gain: -8 };
      for (const f of GRID) expectNear(filterMagnitudeDb(shelf, f), shelfRef(kind, f, 500, 0.9, -8), `${kind} at ${f}`);
    }
  });

  it('Butterworth reads -3.01 dB at fc and 1/(1 + x^2n) everywhere, for every order', () => {
    for (const order of [1, 2, 3, 4, 8]) {
      for (const highPass of [false, true]) {
        const filter: ResponseFilter = {
          kind: highPass ? 'highPass' : 'lowPass',
          family: 'butterworth',
          order,
          frequency: 250,
        };
        expectNear(filterMagnitudeDb(filter, 250), -3.0103, `order ${order} at fc`);
        for (const f of GRID) {
          const ref = Math.max(-120, butterworthRef(f, 250, order, highPass));
          expectNear(filterMagnitudeDb(filter, f), ref, `order ${order} ${highPass ? 'HP' : 'LP'} at ${f}`);
        }
      }
    }
  });

  it('Linkwitz-Riley 24 and 48: each -6.02 dB at fc, and the closed form everywhere', () => {
    for (const order of [4, 8]) {
      for (const kind of ['lowPass', 'highPass'] as const) {
        const filter: ResponseFilter = { kind, family: 'linkwitzRiley', order, frequency: 1200 };
        expectNear(filterMagnitudeDb(filter, 1200), -6.0206, `LR${order * 6} ${kind} at fc`);
        for (const f of GRID) {
          const ref = Math.max(-120, linkwitzRileyRef(f, 1200, order, kind === 'highPass'));
          expectNear(filterMagnitudeDb(filter, f), ref, `LR${order * 6} ${kind} at ${f}`);
        }
      }
    }
  });

  it('a Linkwitz-Riley low-pass and high-pass at one fc sum flat (0 dB) at every frequency, in phase', () => {
    for (const [order, fc] of [
      [4, 80],
      [4, 1000],
      [8, 2500],
    ] as const) {
      const low: ResponseFilter = { kind: 'lowPass', family: 'linkwitzRiley', order, frequency: fc };
      const high: ResponseFilter = { kind: 'highPass', family: 'linkwitzRiley', order, frequency: fc };
      for (const f of GRID) {
        const l = complexOf(low, f);
        const h = complexOf(high, f);
        expectNear(20 * Math.log10(Math.hypot(l.re + h.re, l.im + h.im)), 0, `LR${order * 6} sum at ${f}`);
        // the two outputs differ in phase by 360° (LR4) or 720° (LR8), i.e. not at all
        const lagDeg = wrapDegrees(filterPhaseDeg(high, f) - filterPhaseDeg(low, f));
        if (Math.min(filterMagnitudeDb(low, f), filterMagnitudeDb(high, f)) > -100) {
          expect(Math.abs(lagDeg), `phase difference at ${f}`).toBeLessThan(0.5);
        }
      }
    }
  });

  it('Bessel 12 dB/oct follows 3/(s² + 3s + 3), normalised to -3 dB at fc', () => {
    const W3 = 1.3616541287; // where the second-order Bessel is 3 dB down
    const bessel2 = (f: number) => {
      const w = W3 * warp(f, 700);
      return dbOfPower(9 / (Math.pow(3 - w * w, 2) + 9 * w * w));
    };
    const filter: ResponseFilter = { kind: 'lowPass', family: 'bessel', order: 2, frequency: 700 };
    for (const f of GRID) expectNear(filterMagnitudeDb(filter, f), bessel2(f), `Bessel at ${f}`);
  });

  it('a cascade of two peaking bands is the sum of their dB', () => {
    const a: ResponseFilter = { kind: 'peaking', frequency: 200, q: 1.4, gain: 5 };
    const b: ResponseFilter = { kind: 'peaking', frequency: 3000, q: 0.7, gain: -7 };
    for (const f of GRID) {
      expectNear(combinedMagnitudeDb([a, b], f), peakingRef(f, 200, 1.4, 5) + peakingRef(f, 3000, 0.7, -7), `at ${f}`);
    }
  });
});

describe('phase', () => {
  it('second-order Butterworth: -90° at fc for the low-pass, +90° for the high-pass', () => {
    expect(filterPhaseDeg(lp('butterworth', 2), 1000)).toBeCloseTo(-90, 6);
    expect(filterPhaseDeg(hp('butterworth', 2), 1000)).toBeCloseTo(90, 6);
  });

  it('all-pass filters turn the phase: 180° (second order) and -90° (first order) at f0, as their prototypes do', () => {
    const ap2: ResponseFilter = { kind: 'allPass', order: 2, frequency: 1000, q: 0.7 };
    const ap1: ResponseFilter = { kind: 'allPass', order: 1, frequency: 1000, q: 0.7 };
    expect(Math.abs(filterPhaseDeg(ap2, 1000))).toBeCloseTo(180, 6);
    expect(filterPhaseDeg(ap1, 1000)).toBeCloseTo(-90, 6);
    // the prototype (s² − s/Q + 1)/(s² + s/Q + 1) turns by −2·atan2(w/Q, 1 − w²)
    for (const f of [20, 300, 3000]) {
      const w = warp(f, 1000);
      expect(filterPhaseDeg(ap2, f)).toBeCloseTo(wrapDegrees((-2 * Math.atan2(w / 0.7, 1 - w * w) * 180) / Math.PI), 6);
    }
  });

  it('a peaking band has no phase shift at f0; polarity adds 180°; linear-phase filters add none', () => {
    expect(filterPhaseDeg({ kind: 'peaking', frequency: 500, q: 2, gain: 9 }, 500)).toBeCloseTo(0, 6);
    expect(filterResponse({ kind: 'polarity' }, 1234)).toEqual({ db: 0, phase: 180 });
    expect(filterPhaseDeg({ kind: 'lowPass', family: 'linearPhaseLR', order: 4, frequency: 1000 }, 900)).toBe(0);
    expect(
      filterMagnitudeDb({ kind: 'lowPass', family: 'linearPhaseLR', order: 4, frequency: 1000 }, 1000),
    ).toBeCloseTo(-6.02, 2);
    // a symmetric FIR is drawn without its latency; a delay is a linear phase
    expect(filterPhaseDeg({ kind: 'fir', coefficients: [0.25, 0.5, 0.25] }, 3000)).toBe(0);
    expect(filterPhaseDeg({ kind: 'delay', ms: 1 }, 250)).toBeCloseTo(-90, 6);
  });

  it('a chain adds the phases of its filters (the product of their transfer functions)', () => {
    const chain: ResponseFilter[] = [
      { kind: 'allPass', order: 1, frequency: 1000, q: 1 },
      lp('butterworth', 2),
      { kind: 'polarity' },
    ];
    const { magnitudeDb, phaseDeg } = combinedResponse(chain, [1000]);
    expect(phaseDeg[0]).toBeCloseTo(wrapDegrees(-90 - 90 + 180), 6);
    expect(magnitudeDb[0]).toBeCloseTo(-3.01, 2);
  });

  it('reads a curve between its grid points on the log axis', () => {
    const curve = { frequencies: [100, 400], magnitudeDb: [0, -12], phaseDeg: [0, 0] };
    expect(curveDbAt(curve, 200)).toBeCloseTo(-6, 9);
    expect(curveDbAt(curve, 10)).toBe(0);
    expect(curveDbAt(curve, 1000)).toBe(-12);
  });
});
