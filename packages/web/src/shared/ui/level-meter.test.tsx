import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelMeter } from './level-meter';
import { METER_TICKS_DB, meterFill } from './level-meter-scale';
import { renderWithI18n } from './value-slider.test-utils';

describe('level meter scale (spec 2 §2)', () => {
  it('runs from 0 to -60 dB in 6 dB steps', () => {
    expect(METER_TICKS_DB).toEqual([0, -6, -12, -18, -24, -30, -36, -42, -48, -54, -60]);
  });

  it('fills linearly in dB and is empty below -60 dB', () => {
    expect(meterFill(0)).toBe(1);
    expect(meterFill(-30)).toBe(0.5);
    expect(meterFill(-60)).toBe(0);
    expect(meterFill(-60.1)).toBe(0);
    expect(meterFill(-120)).toBe(0);
    expect(meterFill(6)).toBe(1);
    expect(meterFill(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});

describe('level meter', () => {
  it('reports its reading and draws the scale marks', () => {
    renderWithI18n(<LevelMeter label="Primary level" valueDb={-18} />);
    const meter = screen.getByRole('meter', { name: 'Primary level' });
    expect(meter).toHaveAttribute('aria-valuenow', '-18');
    expect(meter).toHaveAttribute('aria-valuetext', '-18.0 dB');
    expect(screen.getByTestId('meter-fill')).toHaveStyle({ transform: 'scaleY(0.7)' });
    // a 120 px vertical meter has room for every label
    for (const tick of ['0', '-6', '-30', '-60']) expect(screen.getByText(tick)).toBeInTheDocument();
  });

  it('shows empty below -60 dB', () => {
    renderWithI18n(<LevelMeter label="Level" valueDb={-75} orientation="horizontal" />);
    expect(screen.getByRole('meter', { name: 'Level' })).toHaveAttribute('aria-valuetext', 'Below -60 dB');
    expect(screen.getByTestId('meter-fill')).toHaveStyle({ transform: 'scaleX(0)' });
  });

  it('lights the clip indicator', () => {
    renderWithI18n(<LevelMeter label="Level" valueDb={0} clip />);
    expect(screen.getByRole('img', { name: 'Level: clipping' })).toBeInTheDocument();
  });

  it('shows the clip indicator unlit, or not at all when not given', () => {
    const { unmount } = renderWithI18n(<LevelMeter label="Level" valueDb={-3} clip={false} />);
    expect(screen.getByRole('img', { name: 'Level: no clipping' })).toBeInTheDocument();
    unmount();
    renderWithI18n(<LevelMeter label="Level" valueDb={-3} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('labels only every other mark where the labels would run together', () => {
    renderWithI18n(<LevelMeter label="Out" valueDb={-18} orientation="horizontal" length={120} />);
    for (const tick of ['0', '-12', '-60']) expect(screen.getByText(tick)).toBeInTheDocument();
    expect(screen.queryByText('-6')).not.toBeInTheDocument();
  });
});
