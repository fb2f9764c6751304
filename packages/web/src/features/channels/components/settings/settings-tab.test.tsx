import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture } from '../../channels.test-utils';
import { SettingsTab } from './settings-tab';

const OUTPUT = '/amp/channels/1/output';

describe('Settings tab (spec 2 §2)', () => {
  it('commits the name on Enter and on blur, not while typing', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<SettingsTab {...p} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Sub left');
    expect(p.write).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(p.write).toHaveBeenLastCalledWith(OUTPUT, { name: 'Sub left' });
    await user.type(name, ' 2');
    await user.tab();
    expect(p.write).toHaveBeenLastCalledWith(OUTPUT, { name: 'Channel 1 2' });
  });

  it('writes hiZHpfEnable with the output type: true for 70 V and 100 V, false for Lo-Z (spec 2 §4)', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    const { unmount } = renderWithI18n(<SettingsTab {...p} />);
    await user.click(screen.getByRole('combobox', { name: 'Output type' }));
    await user.click(screen.getByRole('option', { name: 'Hi-Z 70 V' }));
    expect(p.write).toHaveBeenLastCalledWith(OUTPUT, { hiZLoZ: 'HiZ-70V', hiZHpfEnable: true });
    unmount();

    const hiz = fixture('704D', { edit: (s) => void (channelOf(s).output.hiZLoZ = 'HiZ-100V') });
    renderWithI18n(<SettingsTab {...hiz} />);
    await user.click(screen.getByRole('combobox', { name: 'Output type' }));
    await user.click(screen.getByRole('option', { name: 'Lo-Z' }));
    expect(hiz.write).toHaveBeenLastCalledWith(OUTPUT, { hiZLoZ: 'LoZ', hiZHpfEnable: false });
  });

  it('shows the high-pass frequency slider only for 70 V and 100 V outputs', () => {
    const { unmount } = renderWithI18n(<SettingsTab {...fixture('704D')} />);
    expect(screen.queryByRole('slider', { name: 'High-pass frequency' })).not.toBeInTheDocument();
    unmount();
    renderWithI18n(
      <SettingsTab {...fixture('704D', { edit: (s) => void (channelOf(s).output.hiZLoZ = 'HiZ-70V') })} />,
    );
    expect(screen.getByRole('slider', { name: 'High-pass frequency' })).toBeInTheDocument();
  });

  it('Smart Power Bridge can only be enabled', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    const { unmount } = renderWithI18n(<SettingsTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Enable Smart Power Bridge' }));
    expect(p.write).toHaveBeenLastCalledWith(OUTPUT, { super8: true });
    unmount();
    renderWithI18n(<SettingsTab {...fixture('704D', { edit: (s) => void (channelOf(s).output.super8 = true) })} />);
    expect(screen.getByRole('button', { name: 'Smart Power Bridge enabled' })).toBeDisabled();
  });

  it('switches Ready with the enable field', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<SettingsTab {...p} />);
    const ready = screen.getByRole('switch', { name: 'Ready' });
    expect(ready).toBeChecked();
    await user.click(ready);
    expect(p.write).toHaveBeenLastCalledWith(OUTPUT, { enable: false });
  });

  it('labels the on-ramp Dante or Digital by model and offers Silence only with advanced DSP', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithI18n(<SettingsTab {...fixture('704D')} />);
    await user.click(screen.getByRole('combobox', { name: 'Dante on-ramp' }));
    expect(screen.queryByRole('option', { name: 'Silence' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Post crossover' })).toBeInTheDocument();
    unmount();
    renderWithI18n(<SettingsTab {...fixture('CDS-508-ADSP')} />);
    await user.click(screen.getByRole('combobox', { name: 'Digital on-ramp' }));
    expect(screen.getByRole('option', { name: 'Silence' })).toBeInTheDocument();
  });

  it('has no on-ramp on models without one', () => {
    renderWithI18n(<SettingsTab {...fixture('352N')} />);
    expect(screen.queryByRole('combobox', { name: /on-ramp/ })).not.toBeInTheDocument();
  });

  it('offers the back-panel pot lockout with its level only on pot-lockout models', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithI18n(<SettingsTab {...fixture('704D')} />);
    expect(screen.queryByRole('switch', { name: 'Back-panel pot lockout' })).not.toBeInTheDocument();
    unmount();
    const cds = fixture('CDS-508', { edit: (s) => void (channelOf(s).output.backpanelPotAttn = -12.5) });
    renderWithI18n(<SettingsTab {...cds} />);
    await user.click(screen.getByRole('switch', { name: 'Back-panel pot lockout' }));
    expect(cds.write).toHaveBeenLastCalledWith('/amp/deviceInfo', { backPanelAttnPotLockout: true });
    expect(screen.getByText('Back-panel attenuation: -12.5 dB')).toBeInTheDocument();
  });

  it('shows the touch-volume levels read-only', () => {
    renderWithI18n(
      <SettingsTab
        {...fixture('704D', {
          edit: (s) => {
            channelOf(s).output.faderZoneOffset = -6;
            channelOf(s).output.faderZoneAdjust = -3.5;
          },
        })}
      />,
    );
    const block = screen.getByRole('region', { name: 'Touch volume' });
    expect(within(block).getByText('Channel offset level: -6.0 dB')).toBeInTheDocument();
    expect(within(block).getByText('Volume subgroup level: -3.5 dB')).toBeInTheDocument();
    expect(within(block).queryByRole('slider')).not.toBeInTheDocument();
  });
});
