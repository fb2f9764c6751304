import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dbGrid, FrequencyResponse } from './frequency-response';
import type { ResponseFilter } from './frequency-response-math';
import { renderWithI18n } from './value-slider.test-utils';

const curve = () => screen.getByTestId('response-curve').getAttribute('d') ?? '';
/** The y coordinates of the drawn points. */
const ys = (d: string) => [...d.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));

describe('frequency response plot', () => {
  it('is an image named for its content', () => {
    renderWithI18n(<FrequencyResponse filters={[]} />);
    expect(screen.getByRole('img', { name: 'Frequency response' })).toBeInTheDocument();
  });

  it('draws a flat response along the 0 dB line (middle of ±18 dB)', () => {
    renderWithI18n(<FrequencyResponse filters={[]} />);
    expect(new Set(ys(curve()))).toEqual(new Set([100]));
  });

  it('redraws when a filter changes, peaking at its gain', () => {
    const boost: ResponseFilter[] = [{ kind: 'peaking', frequency: 1000, q: 2, gain: 6 }];
    const { rerender } = renderWithI18n(<FrequencyResponse filters={[]} />);
    const flat = curve();
    rerender(<FrequencyResponse filters={boost} />);
    expect(curve()).not.toBe(flat);
    // +6 dB on a ±18 dB axis 200 high: y = 200·(18-6)/36 ≈ 66.7 at the peak
    expect(Math.min(...ys(curve()))).toBeCloseTo(66.7, 0);
  });

  it('marks the dB axis every 6 dB, or 12 dB on tall axes', () => {
    expect(dbGrid([-18, 18])).toEqual([-18, -12, -6, 0, 6, 12, 18]);
    expect(dbGrid([-48, 18])).toEqual([-48, -36, -24, -12, 0, 12]);
  });
});
