import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dbGrid, dbOfY, frequencyOfX, FrequencyResponse, xOfFrequency, yOfDb } from './frequency-response';
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

  it('maps frequency and dB to the plot and back (the drag handles read the axes through these)', () => {
    expect(xOfFrequency(20)).toBe(0);
    expect(xOfFrequency(20000)).toBeCloseTo(600, 9);
    expect(xOfFrequency(632.46)).toBeCloseTo(300, 2); // the geometric middle
    for (const f of [20, 100, 1234, 20000]) expect(frequencyOfX(xOfFrequency(f))).toBeCloseTo(f, 6);
    const y = yOfDb([-36, 18]);
    expect(y(18)).toBe(0);
    expect(y(-36)).toBe(200);
    expect(y(30)).toBe(0); // clamped to the axis
    for (const db of [-36, -3, 0, 12]) expect(dbOfY([-36, 18])(y(db))).toBeCloseTo(db, 9);
  });

  it('draws the phase on its own axis, broken where it wraps, and overlays with a legend', () => {
    const curve = { frequencies: [20, 200, 2000, 20000], magnitudeDb: [0, 0, 0, 0], phaseDeg: [0, 170, -170, -90] };
    renderWithI18n(
      <FrequencyResponse
        curve={curve}
        showPhase
        curveLabel="Channel 1"
        overlays={[{ id: '2', label: 'Channel 2', curve: { ...curve, magnitudeDb: [6, 6, 6, 6] } }]}
      />,
    );
    const phase = screen.getByTestId('response-phase').getAttribute('d') ?? '';
    expect(phase.match(/M/g)).toHaveLength(2); // +170° → -170° is a wrap, not a 340° fall
    expect(ys(screen.getByTestId('response-overlay').getAttribute('d') ?? '')).toEqual([66.7, 66.7, 66.7, 66.7]);
    expect(screen.getByText('Channel 1')).toBeInTheDocument();
    expect(screen.getByText('Channel 2')).toBeInTheDocument();
  });
});
