import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UAC_LEVELS } from '@rackside/protocol';
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

  it('Smart Power Bridge asks before enabling, naming the amp and channel; Cancel writes nothing (issue 18)', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', {
      edit: (s) => {
        s.deviceInfo.deviceName = 'Stage Rack';
        channelOf(s).output.name = 'Fill L';
      },
    });
    renderWithI18n(<SettingsTab {...p} />);
    await user.click(screen.getByRole('button', { name: 'Enable Smart Power Bridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Smart Power Bridge?' });
    expect(dialog).toHaveTextContent('Channel 1 (Fill L) on Stage Rack switches to Smart Power Bridge');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(p.write).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Enable Smart Power Bridge' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable' }));
    expect(p.write).toHaveBeenCalledExactlyOnceWith(OUTPUT, { super8: true });
  });

  it('Smart Power Bridge, once enabled, says so and can be disabled again at once', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', { edit: (s) => void (channelOf(s).output.super8 = true) });
    renderWithI18n(<SettingsTab {...p} />);
    expect(screen.getByText('Smart Power Bridge enabled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable Smart Power Bridge' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(p.write).toHaveBeenCalledExactlyOnceWith(OUTPUT, { super8: false });
  });

  it('Smart Power Bridge is disabled for a read-only role', () => {
    const p = fixture('704D', { access: (key) => (key.endsWith('/super8') ? UAC_LEVELS.Readonly : UAC_LEVELS.Write) });
    renderWithI18n(<SettingsTab {...p} />);
    expect(screen.getByRole('button', { name: 'Enable Smart Power Bridge' })).toBeDisabled();
  });

  it('refuses an empty channel name with a message and sends nothing (issue 18)', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<SettingsTab {...p} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByText('9/32')).toBeInTheDocument(); // 'Channel 1' of the amp's 32
    await user.clear(name);
    await user.keyboard('{Enter}');
    await user.type(name, '   ');
    await user.tab();
    expect(p.write).not.toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name. An empty name is not sent to the amp.');
  });

  it('shows a too-long channel name as typed, refuses it, and sends it once short enough', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderWithI18n(<SettingsTab {...p} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const long = 'Left main hang, bottom two boxes'; // 32 characters: the most the amp keeps
    await user.clear(name);
    await user.type(name, `${long}!`);
    expect(name).toHaveValue(`${long}!`);
    expect(screen.getByText('33/32')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(p.write).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('At most 32 characters.');
    await user.keyboard('{Backspace}{Enter}');
    expect(p.write).toHaveBeenCalledExactlyOnceWith(OUTPUT, { name: long });
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
