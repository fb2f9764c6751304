import { describe, expect, it } from 'vitest';
import { combinedMagnitudeDb } from '../../shared/ui/frequency-response-math';
import { channelOf, fixture } from './channels.test-utils';
import { crossoverResponse, hasCustomFir, inputEqResponse, outputEqResponse } from './response';

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
