import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { LimiterTab } from './limiter-tab';

describe('Limiter tab (spec 2 §2)', () => {
  it('has RMS and peak limiters with enable, threshold, release and gain reduction', () => {
    const p = fixture('704D', { edit: (s) => void (channelOf(s).peakLimiter.gainReduction = 3.2) });
    renderWithI18n(<LimiterTab {...p} />);
    for (const name of ['RMS limiter', 'Peak limiter']) {
      const panel = screen.getByRole('region', { name });
      expect(within(panel).getByRole('switch', { name: 'Enable' })).toBeChecked();
      expect(within(panel).getByRole('slider', { name: 'Threshold' })).toBeInTheDocument();
      expect(within(panel).getByRole('slider', { name: 'Release' })).toBeInTheDocument();
      expect(within(panel).getByText(/^Gain reduction:/)).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('region', { name: 'Peak limiter' })).getByText('Gain reduction: 3.2 dB'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'RMS limiter' })).getByRole('slider', { name: 'Attack' }),
    ).toBeInTheDocument();
  });

  it('shows the peak limiter’s attack only where the model has it', () => {
    const { unmount } = renderWithI18n(<LimiterTab {...fixture('352N')} />);
    expect(
      within(screen.getByRole('region', { name: 'Peak limiter' })).queryByRole('slider', { name: 'Attack' }),
    ).not.toBeInTheDocument();
    unmount();
    renderWithI18n(<LimiterTab {...fixture('CDS-508-ADSP')} />);
    expect(
      within(screen.getByRole('region', { name: 'Peak limiter' })).getByRole('slider', { name: 'Attack' }),
    ).toBeInTheDocument();
  });
});
