import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { InputsTab } from './inputs-tab';
import { physicalInputs } from './physical-inputs';

const SELECTOR = '/amp/channels/1/inputSelector';

describe('Inputs tab (spec 2 §2)', () => {
  it('has primary and secondary selectors, faders, thresholds, signal detect and level meters', () => {
    renderWithI18n(<InputsTab {...fixture('704D')} />);
    for (const [region, which] of [
      ['Primary', 'Primary'],
      ['Secondary', 'Secondary'],
    ] as const) {
      const panel = screen.getByRole('region', { name: region });
      expect(within(panel).getByRole('combobox', { name: `${which} input` })).toBeInTheDocument();
      expect(within(panel).getByRole('slider', { name: `${which} fader` })).toBeInTheDocument();
      expect(within(panel).getByRole('slider', { name: `${which} threshold` })).toBeInTheDocument();
      expect(within(panel).getByRole('meter', { name: `${which} level` })).toBeInTheDocument();
      expect(within(panel).getByRole('img', { name: `${which} level: no clipping` })).toBeInTheDocument();
      expect(within(panel).getByText(`${which} signal: No`)).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Input delay' })).toBeInTheDocument();
  });

  it('offers the model’s sources and writes the choice', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<InputsTab {...p} />);
    await user.click(screen.getByRole('combobox', { name: 'Primary input' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Analog 4');
    expect(options).toContain('Analog 3+4');
    expect(options).toContain('Dante 8');
    expect(options).not.toContain('Analog 5');
    expect(options).not.toContain('Digital 1');
    await user.click(screen.getByRole('option', { name: 'Dante 1+2' }));
    expect(p.write).toHaveBeenLastCalledWith(SELECTOR, { primary: 'Dante 1+2' });
  });

  it('writes the mode, and disables both modes while a GPIO is in manual override', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    const { unmount } = renderWithI18n(<InputsTab {...p} />);
    expect(screen.getByRole('radio', { name: 'Backup' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Override' }));
    expect(p.write).toHaveBeenLastCalledWith(SELECTOR, { mode: 'Override' });
    unmount();
    renderWithI18n(<InputsTab {...fixture('704D', { gpioManualOverride: true })} />);
    expect(screen.getByRole('radio', { name: 'Override' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Backup' })).toBeDisabled();
    expect(screen.getByText('A GPIO in manual override sets the input mode.')).toBeInTheDocument();
  });

  it('shows the inputs behind the sources with sensitivity 26dB/34dB and trim', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', {
      edit: (s) => {
        channelOf(s).inputSelector.primary = 'Analog 1+2';
        channelOf(s).inputSelector.secondary = 'Dante 3';
      },
    });
    renderWithI18n(<InputsTab {...p} />);
    const analog2 = screen.getByRole('region', { name: 'Input: Analog 2' });
    const dante3 = screen.getByRole('region', { name: 'Input: Dante 3' });
    expect(screen.getByRole('region', { name: 'Input: Analog 1' })).toBeInTheDocument();
    expect(within(dante3).queryByRole('combobox', { name: 'Sensitivity' })).not.toBeInTheDocument();
    expect(within(dante3).getByRole('slider', { name: 'Trim' })).toBeInTheDocument();
    expect(within(analog2).queryByRole('slider', { name: 'Mic gain' })).not.toBeInTheDocument();
    await user.click(within(analog2).getByRole('combobox', { name: 'Sensitivity' }));
    await user.click(screen.getByRole('option', { name: '34 dB' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/inputs/analog/2', { sensitivity: '34dB' });
  });

  it('offers mic gain and Mic/Line where the model has them', () => {
    renderWithI18n(<InputsTab {...fixture('64D')} />);
    const input = screen.getByRole('region', { name: 'Input: Analog 1' });
    expect(within(input).getByRole('slider', { name: 'Mic gain' })).toBeInTheDocument();
    expect(within(input).getByRole('combobox', { name: 'Input type' })).toHaveTextContent('Line');
  });

  it('lights clip flags and shows levels', () => {
    const p = fixture('704D', {
      edit: (s) =>
        Object.assign(channelOf(s).inputSelector, { primaryLevel: -12, primaryClip: true, primarySignalDetect: true }),
    });
    renderWithI18n(<InputsTab {...p} />);
    expect(screen.getByRole('meter', { name: 'Primary level' })).toHaveAttribute('aria-valuenow', '-12');
    expect(screen.getByRole('img', { name: 'Primary level: clipping' })).toBeInTheDocument();
    expect(screen.getByText('Primary signal: Yes')).toBeInTheDocument();
  });

  it('read-only inputs are disabled (guests)', () => {
    renderWithI18n(<InputsTab {...fixture('704D', { access: () => UAC_LEVELS.Readonly })} />);
    expect(screen.getByRole('slider', { name: 'Primary fader' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Override' })).toBeDisabled();
  });
});

describe('physical inputs of sources', () => {
  it('reads single inputs and pairs, skipping None', () => {
    expect(physicalInputs(['Analog 3+4', 'None', 'Digital 8']).map((i) => i.url)).toEqual([
      '/amp/inputs/analog/3',
      '/amp/inputs/analog/4',
      '/amp/inputs/digital/8',
    ]);
    expect(physicalInputs(['Dante 1', 'Dante 1+2'])).toHaveLength(2);
  });
});
