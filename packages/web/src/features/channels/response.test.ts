import { describe, expect, it } from 'vitest';
import { combinedMagnitudeDb, wrapDegrees } from '../../shared/ui/frequency-response-math';
import { channelOf, fixture } from './channels.test-utils';
import {
  channelFilters,
  channelResponse,
  crossoverResponse,
  hasCustomFir,
  inputEqResponse,
  outputEqResponse,
  RESPONSE_GRID,
} from './response';

describe('channel responses', () => {
  it('includes only enabled filters', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        const ch = channelOf(s);
        Object.assign(ch.outputEqFilters['1']!, { enable: true, gain: 6, frequency: 1000 });
        Object.assign(ch.outputEqFilters['2']!, { enable: false, gain: 12, frequency: 1000 });
      },
    });
    const filters = outputEqResponse(channelOf(p.state), 1, {});
    expect(filters).toHaveLength(1);
    expect(combinedMagnitudeDb(filters, 1000)).toBeCloseTo(6, 3);
  });

  it('uses a dragged value in place of the device’s', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => Object.assign(channelOf(s).inputIirEqFilters!['3']!, { enable: true, gain: 3, frequency: 500 }),
    });
    const filters = inputEqResponse(channelOf(p.state), 1, { '/amp/channels/1/inputIirEqFilters/3/gain': -9 });
    expect(combinedMagnitudeDb(filters, 500)).toBeCloseTo(-9, 3);
  });

  it('includes enabled FIR shelves', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => Object.assign(channelOf(s).inputFirEqFilters!['1']!, { enable: true, gain: 4 }),
    });
    expect(combinedMagnitudeDb(inputEqResponse(channelOf(p.state), 1, {}), 20)).toBeCloseTo(4, 3);
  });

  it('combines band gain, high-pass and low-pass', () => {
    const p = fixture('704D', {
      edit: (s) => {
        const x = channelOf(s).crossover;
        x.bandGainAndDelay.gain = -2;
        Object.assign(x.highPassFilter, { enable: true, type: 'Butterworth 12dB/oct', frequency: 100 });
        Object.assign(x.lowPassFilter, { enable: true, type: 'Linkwitz-Riley 24dB/oct', frequency: 2000 });
      },
    });
    const filters = crossoverResponse(channelOf(p.state), 1, {});
    expect(combinedMagnitudeDb(filters, 100)).toBeCloseTo(-5.01, 1);
    expect(combinedMagnitudeDb(filters, 2000)).toBeCloseTo(-8.02, 1);
  });

  it('a custom FIR replaces the low-pass type', () => {
    const p = fixture('CDS-508-ADSP', {
      edit: (s) => {
        const lp = channelOf(s).crossover.lowPassFilter;
        Object.assign(lp, { enable: true, type: 'Butterworth 6dB/oct', frequency: 100, customFirCoeffs: '1' });
      },
    });
    const ch = channelOf(p.state);
    expect(hasCustomFir(ch)).toBe(true);
    expect(combinedMagnitudeDb(crossoverResponse(ch, 1, {}), 10000)).toBeCloseTo(0, 6);
  });
});

describe('the channel’s combined response (issue 18)', () => {
  const FS = 96_000;
  const warp = (f: number, f0: number) => Math.tan((Math.PI * f) / FS) / Math.tan((Math.PI * f0) / FS);
  /** RBJ peaking prototype, |H(jw)|² in dB. */
  const peakingRef = (f: number, f0: number, q: number, gain: number) => {
    const A = Math.pow(10, gain / 40);
    const w = warp(f, f0);
    const re = 1 - w * w;
    return 10 * Math.log10((re * re + Math.pow((w * A) / q, 2)) / (re * re + Math.pow(w / (A * q), 2)));
  };
  /** Linkwitz-Riley 24: a squared second-order Butterworth, 1/(1 + x⁴) in amplitude. */
  const lr4Ref = (f: number, fc: number, highPass: boolean) => {
    const x = highPass ? 1 / warp(f, fc) : warp(f, fc);
    return -20 * Math.log10(1 + Math.pow(x, 4));
  };

  const edited = (invert = false) =>
    fixture('CDS-508-ADSP', {
      edit: (s) => {
        const ch = channelOf(s);
        Object.assign(ch.inputIirEqFilters!['2']!, { enable: true, type: 'Parametric', frequency: 250, q: 2, gain: 4 });
        Object.assign(ch.outputEqFilters['5']!, { enable: true, type: 'Parametric', frequency: 3000, q: 1, gain: -6 });
        Object.assign(ch.crossover.bandGainAndDelay, { gain: -2, invert });
        Object.assign(ch.crossover.highPassFilter, { enable: true, type: 'Linkwitz-Riley 24dB/oct', frequency: 60 });
        Object.assign(ch.crossover.lowPassFilter, { enable: true, type: 'Linkwitz-Riley 24dB/oct', frequency: 8000 });
      },
    });

  it('multiplies input EQ, crossover and output EQ: the reference sum of their dB within 0.05 dB', () => {
    const p = edited();
    const curve = channelResponse(channelOf(p.state), p.model, 1);
    expect(curve.frequencies).toBe(RESPONSE_GRID);
    expect(RESPONSE_GRID).toHaveLength(200);
    curve.frequencies.forEach((f, i) => {
      const ref =
        peakingRef(f, 250, 2, 4) + peakingRef(f, 3000, 1, -6) - 2 + lr4Ref(f, 60, true) + lr4Ref(f, 8000, false);
      expect(Math.abs((curve.magnitudeDb[i] ?? NaN) - ref), `at ${f} Hz`).toBeLessThanOrEqual(0.05);
    });
  });

  it('inverting the polarity turns the phase by 180° and leaves the magnitude', () => {
    const straight = channelResponse(channelOf(edited().state), edited().model, 1);
    const inverted = channelResponse(channelOf(edited(true).state), edited(true).model, 1);
    expect(inverted.magnitudeDb).toEqual(straight.magnitudeDb);
    inverted.phaseDeg.forEach((p, i) => {
      expect(Math.abs(wrapDegrees(p - (straight.phaseDeg[i] ?? 0) - 180))).toBeLessThan(1e-6);
    });
  });

  it('follows previewed values of any block', () => {
    const p = edited();
    const moved = channelResponse(channelOf(p.state), p.model, 1, {
      '/amp/channels/1/outputEqFilters/5/gain': 6,
      '/amp/channels/1/outputEqFilters/5/frequency': 1000,
    });
    const i = RESPONSE_GRID.findIndex((f) => f >= 1000);
    const f = RESPONSE_GRID[i]!;
    const ref = peakingRef(f, 250, 2, 4) + peakingRef(f, 1000, 1, 6) - 2 + lr4Ref(f, 60, true) + lr4Ref(f, 8000, false);
    expect(moved.magnitudeDb[i]).toBeCloseTo(ref, 1);
  });

  it('takes a custom FIR only on a model that has one', () => {
    const withFir = (modelId: string) =>
      fixture(modelId, {
        edit: (s) => {
          const lp = channelOf(s).crossover.lowPassFilter;
          Object.assign(lp, { enable: true, type: 'Butterworth 12dB/oct', frequency: 1000, customFirCoeffs: '1' });
        },
      });
    const fir = withFir('CDS-508-ADSP');
    expect(fir.model.caps.customFir).toBe(true);
    expect(channelFilters(channelOf(fir.state), fir.model, 1)).toContainEqual({ kind: 'fir', coefficients: [1] });
    const plain = withFir('704D');
    expect(plain.model.caps.customFir).toBe(false);
    const filters = channelFilters(channelOf(plain.state), plain.model, 1);
    expect(filters.some((f) => f.kind === 'fir')).toBe(false);
    expect(filters).toContainEqual({ kind: 'lowPass', family: 'butterworth', order: 2, frequency: 1000 });
  });
});
