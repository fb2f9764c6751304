import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devicesWith, type AmpFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { renderInProviders } from '../../../testing/render-in-providers';
import { NetworkPage } from './network-page';
import { getModel } from '@rackside/protocol';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';

const LAZY = { timeout: 10_000 };
const IP = '10.0.0.1';

const network = {
  ethernet: { mac: '00:1B:2C:00:00:01', dhcp: false, ip: IP, subnetMask: '255.255.255.0', gateway: '10.0.0.254' },
  wifi: {
    enable: true,
    ssid: 'Venue',
    password: 'wifi-secret',
    mac: '00:1B:2C:00:00:02',
    dhcp: true,
    ip: '10.0.1.7',
    subnetMask: '255.255.0.0',
    gateway: '10.0.1.1',
    signalStrength: -65,
  },
  apConfig: { password: 'ap-secret', buttonEnable: true, active: false },
};

function open(amp: Partial<AmpFixture> = {}, localLogin: string | null = null) {
  const devices = devicesWith([{ ip: IP, name: 'Main', model: '704D', patch: { network }, ...amp }]);
  return renderApp({ path: `/amps/${IP}/network`, preloaded: { devices, localLogin: { password: localLogin } } });
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (region: string, name: string) => within(section(region)).getByRole('textbox', { name });

describe('network page (spec 2 §2, §4, §5)', () => {
  it('shows ethernet, Wi-Fi and AP config from the amp, the subnet as CIDR in the IP field', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Network', level: 2 }, LAZY)).toBeInTheDocument();
    expect(field('Ethernet', 'IP address')).toHaveValue('10.0.0.1/24');
    expect(field('Ethernet', 'Gateway')).toHaveValue('10.0.0.254');
    expect(within(section('Ethernet')).getByText('MAC address: 00:1B:2C:00:00:01')).toBeInTheDocument();
    expect(field('Wi-Fi', 'SSID')).toHaveValue('Venue');
    expect(field('Wi-Fi', 'IP address')).toHaveValue('10.0.1.7/16');
    // Wi-Fi DHCP is on: its address is the amp's, not editable
    expect(field('Wi-Fi', 'IP address')).toBeDisabled();
    expect(within(section('Wi-Fi')).getByText('Signal: -65 dBm')).toBeInTheDocument();
    expect(within(section('Access point')).getByText('At least 8 characters')).toBeInTheDocument();
  });

  it('shows Reset and Save only when something changed; Reset brings back the amp values', async () => {
    const { user } = open();
    const ssid = await screen.findByRole('textbox', { name: 'SSID' }, LAZY);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await user.type(ssid, 'X');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    // typing the amp's value back is no change
    await user.type(ssid, '{Backspace}');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.clear(ssid);
    await user.paste('Backstage');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(ssid).toHaveValue('Venue');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('Save writes ethernet, Wi-Fi and AP config together, without mac, signalStrength or active', async () => {
    const { user, manager } = open();
    const gateway = await screen.findAllByRole('textbox', { name: 'Gateway' }, LAZY);
    await user.clear(gateway[0]!);
    await user.paste('10.0.0.253');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).toHaveBeenCalledTimes(3);
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/ethernet', {
      dhcp: false,
      ip: IP,
      subnetMask: '255.255.255.0',
      gateway: '10.0.0.253',
      dot1xEnable: false,
    });
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/wifi', {
      enable: true,
      ssid: 'Venue',
      password: 'wifi-secret',
      dhcp: true,
      ip: '10.0.1.7',
      subnetMask: '255.255.0.0',
      gateway: '10.0.1.1',
    });
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/apConfig', { password: 'ap-secret', buttonEnable: true });
    expect(await screen.findByRole('textbox', { name: 'SSID' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('takes the subnet from a CIDR in the IP field', async () => {
    const { user, manager } = open();
    const ip = (await screen.findAllByRole('textbox', { name: 'IP address' }, LAZY))[0]!;
    await user.clear(ip);
    await user.paste('192.168.1.20/16');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).toHaveBeenCalledWith(
      IP,
      '/network/ethernet',
      expect.objectContaining({ ip: '192.168.1.20', subnetMask: '255.255.0.0' }),
    );
  });

  it.each(['192.168.1.20/40', '192.168.1.300', '192.168.1'])(
    'refuses the invalid address %s with a message and writes nothing',
    async (text) => {
      const { user, manager } = open();
      const ip = (await screen.findAllByRole('textbox', { name: 'IP address' }, LAZY))[0]!;
      await user.clear(ip);
      await user.paste(text);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Nothing was saved: correct the marked fields.');
      expect(
        within(section('Ethernet')).getByText('Not a valid IP address or CIDR, e.g. 192.168.1.20/24'),
      ).toBeVisible();
      expect(ip).toHaveAttribute('aria-invalid', 'true');
      expect(manager.set).not.toHaveBeenCalled();
    },
  );

  it('refuses an invalid gateway once it loses focus', async () => {
    const { user, manager } = open();
    const gateway = (await screen.findAllByRole('textbox', { name: 'Gateway' }, LAZY))[0]!;
    await user.type(gateway, '0');
    await user.tab();
    expect(within(section('Ethernet')).getByText('Not a valid IPv4 address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).not.toHaveBeenCalled();
  });

  it('has no Wi-Fi section on N_G and D_G models and sends no Wi-Fi', async () => {
    const { user, manager } = open({ model: '352N_G', patch: { network: { ...network, wifi: undefined } } });
    await screen.findByRole('region', { name: 'Ethernet' }, LAZY);
    expect(screen.queryByRole('region', { name: 'Wi-Fi' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'DHCP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).toHaveBeenCalledTimes(2);
    expect(manager.set).not.toHaveBeenCalledWith(IP, '/network/wifi', expect.anything());
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/ethernet', expect.objectContaining({ dhcp: true }));
  });

  it('turns 802.1X on with the ethernet settings and links to its page while the amp has it on', async () => {
    const { user, manager, unmount } = open();
    await user.click(await screen.findByRole('switch', { name: '802.1X' }, LAZY));
    expect(screen.queryByRole('link', { name: '802.1X settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/ethernet', expect.objectContaining({ dot1xEnable: true }));
    unmount();
    const on = { ...network, ethernet: { ...network.ethernet, dot1xEnable: true } };
    const { router } = open({ patch: { network: on } });
    await user.click(await screen.findByRole('link', { name: '802.1X settings' }, LAZY));
    // the route loads its screen's chunk before the location changes
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${IP}/dot1x`));
  });

  it('asks before disabling the AP button, not before enabling it', async () => {
    const { user } = open();
    const button = await screen.findByRole('switch', { name: 'Access point button' }, LAZY);
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Disable the access point button?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(button).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(button).not.toBeChecked();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toBeChecked();
  });

  it('shows the at-least-8 hint, then refuses a shorter AP password', async () => {
    const { user, manager } = open();
    const password = await screen.findByLabelText('Access point password', {}, LAZY);
    await user.clear(password);
    await user.paste('short');
    expect(within(section('Access point')).getByText('At least 8 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      within(section('Access point')).getByText('The access point password needs at least 8 characters'),
    ).toBeInTheDocument();
    expect(manager.set).not.toHaveBeenCalled();
    await user.click(password);
    await user.paste('-long');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/apConfig', {
      password: 'short-long',
      buttonEnable: true,
    });
  });

  it('lets a guest on a protected amp look, not change', async () => {
    open({ patch: { network, misc: { passwordProtected: true } } });
    expect(await screen.findByText('Sign in to change the network settings.', {}, LAZY)).toBeInTheDocument();
    expect(field('Wi-Fi', 'SSID')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Access point button' })).toBeDisabled();
    expect(screen.getAllByRole('switch', { name: 'DHCP' })[0]).toBeDisabled();
  });

  it('keeps what the user typed while the fields not edited follow the amp', async () => {
    let report: (next: typeof network) => void = () => undefined;
    function Live() {
      const [current, setCurrent] = useState(network);
      report = setCurrent;
      const onSave = () => Promise.resolve(true);
      return (
        <NetworkPage
          network={current}
          caps={{ wifi: true, dot1x: true }}
          canWrite
          cloud={false}
          guest={false}
          onSave={onSave}
        />
      );
    }
    const { user } = renderInProviders(<Live />);
    await user.type(field('Wi-Fi', 'SSID'), 'X');
    act(() => report({ ...network, wifi: { ...network.wifi, ssid: 'Other', gateway: '10.0.1.2' } }));
    expect(field('Wi-Fi', 'SSID')).toHaveValue('VenueX');
    expect(field('Wi-Fi', 'Gateway')).toHaveValue('10.0.1.2');
  });

  it('is read only in cloud mode', () => {
    const onSave = vi.fn(() => Promise.resolve(true));
    renderInProviders(
      <NetworkPage network={network} caps={{ wifi: true, dot1x: true }} canWrite cloud guest={false} onSave={onSave} />,
    );
    expect(screen.getByText('Network settings cannot be changed in cloud mode.')).toBeInTheDocument();
    expect(field('Ethernet', 'Gateway')).toBeDisabled();
    expect(field('Wi-Fi', 'SSID')).toBeDisabled();
  });

  it('speaks Spanish and Chinese (in dark mode)', async () => {
    const devices = devicesWith([{ ip: IP, patch: { network } }]);
    const preferences = (language: 'es' | 'zh') => ({ language, darkMode: true, delayUnits: 'Milliseconds' as const });
    const es = renderApp({ path: `/amps/${IP}/network`, preloaded: { devices, preferences: preferences('es') } });
    expect(await screen.findByRole('heading', { name: 'Red', level: 2 }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Punto de acceso' })).toBeInTheDocument();
    es.unmount();
    renderApp({ path: `/amps/${IP}/network`, preloaded: { devices, preferences: preferences('zh') } });
    expect(await screen.findByRole('heading', { name: '网络', level: 2 }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '以太网' })).toBeInTheDocument();
  });

  it('has no hard-coded strings (pseudo-locale), the AP dialog included', async () => {
    const devices = devicesWith([{ ip: IP, name: 'Main', patch: { network } }]);
    const { user } = renderApp({ path: `/amps/${IP}/network`, resources: pseudoResources(), preloaded: { devices } });
    await screen.findByRole('heading', { name: pseudo('Network'), level: 2 }, LAZY);
    const data = ['Main', IP, getModel('704D').modelID];
    expectOnlyTranslated(data);
    await user.click(screen.getByRole('switch', { name: pseudo('Access point button') }));
    await screen.findByRole('dialog');
    expectOnlyTranslated(data);
  });
});
