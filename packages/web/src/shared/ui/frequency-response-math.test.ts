import { describe, expect, it } from 'vitest';
import {
  combinedMagnitudeDb,
  crossoverShape,
  eqFilter,
  filterMagnitudeDb,
  firShelfFilters,
  logFrequencies,
  responseCurve,
  type ResponseFilter,
} from './frequency-response-math';

const lp = (family: 'butterworth' | 'bessel' | 'linkwitzRiley' | 'brickwall', order: number): ResponseFilter => ({
  kind: 'lowPass',
  family,
  order,
  frequency: 1000,
});
const hp = (family: 'butterworth' | 'bessel' | 'linkwitzRiley', order: number): ResponseFilter => ({
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
    for (const order of [1, 2, 3, 4, 8]) {
      const f = order === 8 ? 2000 : 8000; // keep the steepest above the floor
      const drop = filterMagnitudeDb(lp('butterworth', order), f) - filterMagnitudeDb(lp('butterworth', order), 2 * f);
      expect(drop).toBeCloseTo(6.02 * order, 0);
    }
  });

  it('Bessel reads -3 dB at fc (normalised poles) and ends at its order times 6 dB/oct', () => {
    for (const order of [1, 2, 3, 4, 8]) {
      expect(filterMagnitudeDb(lp('bessel', order), 1000)).toBeCloseTo(-3.01, 2);
      expect(filterMagnitudeDb(hp('bessel', order), 1000)).toBeCloseTo(-3.01, 2);
    }
    // Bessel is gentler than Butterworth one octave above fc
    expect(filterMagnitudeDb(lp('bessel', 4), 2000)).toBeGreaterThan(filterMagnitudeDb(lp('butterworth', 4), 2000));
    const far = filterMagnitudeDb(lp('bessel', 2), 10000) - filterMagnitudeDb(lp('bessel', 2), 20000);
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
    expect(crossoverShape('Linear Phase LR 48dB/oct')).toEqual({ family: 'linkwitzRiley', order: 8 });
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
