import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { SignalGeneratorTab } from './signal-generator-tab';

describe('Signal generator tab (spec 2 §2)', () => {
  it('selects Pink Noise, White Noise or Tone for the amp', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<SignalGeneratorTab {...p} />);
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Pink noise', 'White noise', 'Tone']);
    await user.click(screen.getByRole('option', { name: 'Tone' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/signalGenerator', { type: 'Tone' });
  });

  it('shows the logarithmic frequency slider only for Tone', () => {
    const { unmount } = renderWithI18n(<SignalGeneratorTab {...fixture('704D')} />);
    expect(screen.queryByRole('slider', { name: 'Frequency' })).not.toBeInTheDocument();
    unmount();
    renderWithI18n(
      <SignalGeneratorTab {...fixture('704D', { edit: (s) => void (s.signalGenerator.type = 'Tone') })} />,
    );
    const slider = screen.getByRole('slider', { name: 'Frequency' });
    // 1000 Hz on a 20 Hz-20 kHz log slider
    expect(Number(slider.getAttribute('aria-valuenow'))).toBeCloseTo(56.6, 0);
  });

  it('has a card per channel with name, number, enable and fader', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', { edit: (s) => void (channelOf(s, 3).output.name = 'Fill') });
    renderWithI18n(<SignalGeneratorTab {...p} />);
    expect(screen.getAllByRole('region', { name: /^Channel \d/ })).toHaveLength(4);
    const card = screen.getByRole('region', { name: 'Channel 3: Fill' });
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(within(card).getByRole('slider', { name: 'Generator level' })).toBeInTheDocument();
    await user.click(within(card).getByRole('switch', { name: 'Enable' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/3/inputSelector', { signalGeneratorEnable: true });
  });

  it('hides the enable switch when locked (no padlock)', () => {
    const p = fixture('704D', {
      access: (k) => (k.endsWith('signalGeneratorEnable') ? UAC_LEVELS.Locked : UAC_LEVELS.Write),
    });
    renderWithI18n(<SignalGeneratorTab {...p} />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /locked/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('slider', { name: 'Generator level' })).toHaveLength(4);
  });
});
