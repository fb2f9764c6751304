import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { LoadMonitorTab } from './load-monitor-tab';

describe('Load monitor tab (spec 2 §2)', () => {
  it('has enable, measured impedance, the limit range and status OK', () => {
    const p = fixture('704D', { edit: (s) => void (channelOf(s).loadMonitor.measuredImpedance = 7.8) });
    renderWithI18n(<LoadMonitorTab {...p} />);
    const panel = screen.getByRole('region', { name: 'Load monitor' });
    expect(within(panel).getByRole('switch', { name: 'Enable' })).not.toBeChecked();
    expect(within(panel).getByText('Measured impedance: 7.8 Ω')).toBeInTheDocument();
    expect(within(panel).getByRole('slider', { name: 'Low limit' })).toHaveAttribute('aria-valuenow', '2');
    expect(within(panel).getByRole('slider', { name: 'High limit' })).toHaveAttribute('aria-valuenow', '16');
    expect(within(panel).getByText('Status: OK')).toBeInTheDocument();
  });

  it('reports a fault as not OK', () => {
    renderWithI18n(
      <LoadMonitorTab {...fixture('704D', { edit: (s) => void (channelOf(s).loadMonitor.status = 'Short') })} />,
    );
    expect(
      within(screen.getByRole('region', { name: 'Load monitor' })).getByText('Status: Not OK: Short'),
    ).toBeInTheDocument();
  });

  it('has the pilot tone detector, with per-input detection on pilot-tone-v2 models only', () => {
    const { unmount } = renderWithI18n(<LoadMonitorTab {...fixture('352N')} />);
    const basic = screen.getByRole('region', { name: 'Pilot tone detector' });
    for (const name of ['Tone frequency', 'Sensitivity', 'Open limit', 'Short limit', 'Time before fault']) {
      expect(within(basic).getByRole('slider', { name })).toBeInTheDocument();
    }
    expect(within(basic).getByRole('switch', { name: 'Bypass crossover' })).toBeInTheDocument();
    expect(within(basic).queryByRole('switch', { name: 'Watch primary input' })).not.toBeInTheDocument();
    unmount();
    renderWithI18n(<LoadMonitorTab {...fixture('CDS-508-ADSP')} />);
    const v2 = screen.getByRole('region', { name: 'Pilot tone detector' });
    expect(within(v2).getByRole('switch', { name: 'Watch secondary input' })).toBeInTheDocument();
    expect(within(v2).getByRole('slider', { name: 'Primary input threshold' })).toBeInTheDocument();
    expect(within(v2).getByText('Primary input present: No')).toBeInTheDocument();
  });
});
