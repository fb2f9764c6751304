import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deltasReceived } from '../../device/store/devices-slice';
import { devicesWith, type AmpFixture } from '../../testing/fixtures';
import { renderAmpPage } from '../../testing/render-amp-page';
import { SettingsScreen } from './amp-page-settings';

const AMP = '10.0.0.1';
const LOCKED = 'This field is locked by UAC or speaker tunings';
const render = (fixture: Partial<AmpFixture> = {}, password: string | null = null) =>
  renderAmpPage(<SettingsScreen ampId={AMP} />, {
    devices: devicesWith([{ ip: AMP, name: 'Main', ...fixture }]),
    password,
  });
const section = (name: string) => screen.getByRole('region', { name });

describe('settings page (spec 2 §2 amp settings sections)', () => {
  it('shows its sections under the page heading', () => {
    render();
    expect(screen.getByRole('heading', { name: 'Settings', level: 2 })).toBeInTheDocument();
    for (const name of ['Password', 'Locator', 'Device info', 'Power usage']) expect(section(name)).toBeInTheDocument();
  });

  it('find me: turning it on says the amp is flashing; Stop clears findMe', async () => {
    const { user, manager } = render();
    await user.click(within(section('Locator')).getByRole('switch', { name: 'Find me' }));
    expect(manager.set).toHaveBeenCalledWith(AMP, '/misc', { findMe: true });
    const dialog = await screen.findByRole('dialog', { name: 'Find me' });
    expect(dialog).toHaveTextContent('Main is flashing its lights.');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(manager.set).toHaveBeenLastCalledWith(AMP, '/misc', { findMe: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the find-me dialog when the amp stops flashing by itself', async () => {
    const { user, store } = render({ patch: { misc: { findMe: false } } });
    const amp = (findMe: boolean) =>
      act(() => void store.dispatch(deltasReceived([{ ampId: AMP, delta: { misc: { findMe } } }])));
    await user.click(screen.getByRole('switch', { name: 'Find me' }));
    await screen.findByRole('dialog', { name: 'Find me' });
    amp(true);
    expect(screen.getByRole('dialog', { name: 'Find me' })).toBeInTheDocument();
    amp(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Find me' })).not.toBeChecked();
  });

  it('commits a text field on Enter or blur, not while typing; Escape reverts', async () => {
    const { user, manager } = render({ patch: { amp: { deviceInfo: { rackName: 'A' } } } });
    const rack = screen.getByRole('textbox', { name: 'Rack name' });
    await user.clear(rack);
    await user.type(rack, 'Rack 7');
    expect(manager.set).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/deviceInfo', { rackName: 'Rack 7' });
    const venue = screen.getByRole('textbox', { name: 'Venue' });
    await user.type(venue, 'Hall');
    await user.tab();
    expect(manager.set).toHaveBeenLastCalledWith(AMP, '/amp/deviceInfo', { venueName: 'Hall' });
    const position = screen.getByRole('textbox', { name: 'Rack position' });
    await user.type(position, 'RU 9{Escape}');
    await user.tab();
    expect(position).toHaveValue('');
    expect(manager.set).toHaveBeenCalledTimes(2);
  });

  it('writes the date of installation as an ISO date-time and shows its date', async () => {
    const { user, manager } = render({
      patch: { amp: { deviceInfo: { dateOfInstallation: '2024-05-01T10:30:00Z' } } },
    });
    const date = screen.getByLabelText('Date of installation');
    expect(date).toHaveValue('2024-05-01');
    await user.clear(date);
    await user.type(date, '2025-02-03');
    await user.tab();
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/deviceInfo', {
      dateOfInstallation: '2025-02-03T00:00:00.000Z',
    });
  });

  it('shows model, serial, dates, hardware and the firmware of the boards the model has, read-only', () => {
    render({
      model: '704D',
      patch: { amp: { deviceInfo: { serialNumber: 'RS704D00001', hardwareRevision: 'B', dateOfMfg: '2025-03-14' } } },
    });
    const info = section('Device info');
    const field = (name: string) => within(info).getByRole('textbox', { name });
    expect(field('Model')).toHaveValue('Connect Series Model 704D');
    expect(field('Serial number')).toHaveValue('RS704D00001');
    expect(field('Date of manufacture')).toHaveValue('2025-03-14');
    expect(field('Hardware revision')).toHaveValue('B');
    for (const name of ['Model', 'Serial number', 'Hardware ID', 'Firmware version', 'Power supply firmware'])
      expect(field(name)).toHaveAttribute('readonly');
    expect(field('Channels 1-2 firmware')).toHaveAttribute('readonly');
    expect(field('Channels 3-4 firmware')).toBeInTheDocument();
    expect(within(info).queryByRole('textbox', { name: 'Channels 5-6 firmware' })).not.toBeInTheDocument();
  });

  it('shows the boards of an eight-channel model', () => {
    render({ model: 'CDS-508' });
    expect(screen.getByRole('textbox', { name: 'Channels 7-8 firmware' })).toHaveAttribute('readonly');
  });

  it('shows power usage with the precision of each reading', () => {
    render({
      patch: { amp: { powerSupply: { estPowerUsageAutoStandby: 12.34, estPowerUsagePoe: 7, acLineWatts: 412.6 } } },
    });
    const power = section('Power usage');
    expect(within(power).getByRole('textbox', { name: 'Estimated use in auto-standby' })).toHaveValue('12.3 W');
    expect(within(power).getByRole('textbox', { name: 'Estimated use on PoE' })).toHaveValue('7.0 W');
    expect(within(power).getByRole('textbox', { name: 'AC power now' })).toHaveValue('413 W');
  });

  it('applies UAC per field: Readonly disables, Locked shows the padlock (spec 2 §6)', () => {
    const levels: Record<string, 0 | 1 | 2> = {
      '/amp/deviceInfo/deviceName': 2,
      '/amp/deviceInfo/venueName': 1,
      '/amp/deviceInfo/rackName': 0,
      '/amp/deviceInfo/modelID': 0,
    };
    render({ patch: { UAC: { key: 'site', roles: { installer: levels } } } });
    const info = section('Device info');
    expect(within(info).getByRole('textbox', { name: 'Device name' })).toBeEnabled();
    expect(within(info).getByRole('textbox', { name: 'Venue' })).toBeDisabled();
    expect(within(info).queryByRole('textbox', { name: 'Rack name' })).not.toBeInTheDocument();
    expect(within(info).queryByRole('textbox', { name: 'Model' })).not.toBeInTheDocument();
    expect(within(info).getByText('Rack name')).toBeInTheDocument();
    // the fields the role does not name default to Locked: every other editable field shows a padlock too
    expect(within(info).getAllByRole('img', { name: LOCKED }).length).toBeGreaterThanOrEqual(2);
    expect(within(info).getByRole('textbox', { name: 'Serial number' })).toBeInTheDocument();
  });

  it('shows a property locked by a speaker tuning with the padlock', () => {
    render({
      patch: { lockedProperties: { groups: { g: { key: 'k', properties: ['/amp/deviceInfo/assetTagNumber'] } } } },
    });
    const info = section('Device info');
    expect(within(info).queryByRole('textbox', { name: 'Asset tag' })).not.toBeInTheDocument();
    expect(within(info).getAllByRole('img', { name: LOCKED })).toHaveLength(1);
    expect(within(info).getByRole('textbox', { name: 'Device name' })).toBeEnabled();
  });

  it('lets a guest on a protected amp look but change nothing', () => {
    render({ patch: { misc: { passwordProtected: true } } });
    expect(screen.getByRole('switch', { name: 'Find me' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Device name' })).toBeDisabled();
    expect(screen.getByLabelText('Date of installation')).toBeDisabled();
    expect(screen.getByLabelText('Current password')).toBeDisabled();
  });

  it.each([
    ['es', 'Contraseña', 'Localizar', 'Consumo de energía'],
    ['zh', '密码', '查找设备', '功耗'],
  ] as const)('speaks %s', (language, password, findMe, power) => {
    renderAmpPage(<SettingsScreen ampId={AMP} />, { devices: devicesWith([{ ip: AMP }]), language });
    expect(screen.getByRole('region', { name: password })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: findMe })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: power })).toBeInTheDocument();
  });
});
