import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHOSEN, UAC_PERMISSIONS } from '@rackside/protocol';
import { devicesWith } from '../../../testing/fixtures';
import { fakeManager } from '../../../testing/fake-manager';
import { renderApp } from '../../../testing/render-app';
import { ampRemoved, connectionChanged } from '../../../device/store/devices-slice';

const fleet = () =>
  devicesWith([
    { ip: '10.0.0.1', name: 'Main' },
    { ip: '10.0.0.2', name: 'Sub', model: 'CDS-508' },
  ]);

describe('amp detail shell (spec 2 §2)', () => {
  it('subscribes the amp on open and unsubscribes on leave', async () => {
    const { manager, user, router } = renderApp({ path: '/amps/10.0.0.2', preloaded: { devices: fleet() } });
    expect(await screen.findByRole('heading', { name: 'Sub', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps/10.0.0.2/channels'));
    expect(manager.openDetail).toHaveBeenCalledWith('10.0.0.2');
    expect(within(await screen.findByRole('list', { name: 'Channels' })).getAllByRole('listitem')).toHaveLength(8);
    await user.click(screen.getByRole('link', { name: 'Back to the amp list' }));
    await screen.findByRole('list', { name: 'Amps' });
    expect(manager.release).toHaveBeenCalled();
  });

  it('says Amplifier Not Found for an address the fleet does not know', async () => {
    const { manager } = renderApp({ path: '/amps/10.9.9.9/settings', preloaded: { devices: fleet() } });
    expect(await screen.findByRole('heading', { name: 'Amplifier Not Found' })).toBeInTheDocument();
    expect(manager.openDetail).not.toHaveBeenCalled();
  });

  it('says channel not found for a channel the model lacks', async () => {
    renderApp({ path: '/amps/10.0.0.1/channels/5/inputs', preloaded: { devices: fleet() } });
    expect(await screen.findByRole('heading', { name: 'Channel not found' })).toBeInTheDocument();
  });

  it('offers Reconnect when the connection closes, and the disconnected dialog after a second failure', async () => {
    const { store, manager, user, router } = renderApp({
      path: '/amps/10.0.0.2/channels',
      preloaded: { devices: fleet() },
    });
    await screen.findByRole('heading', { name: 'Sub', level: 1 });
    act(() => void store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'FAILED' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amplifier connection has closed');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(manager.reconnect).toHaveBeenCalledWith('10.0.0.2');
    act(() => {
      store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'CONNECTING' }));
      store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'FAILED' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Amplifier Disconnected' });
    expect(dialog).toHaveTextContent('You will return to the amp list');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
  });

  it('shows the disconnected dialog when the amp leaves the fleet while open', async () => {
    const { store } = renderApp({ path: '/amps/10.0.0.2/channels', preloaded: { devices: fleet() } });
    await screen.findByRole('heading', { name: 'Sub', level: 1 });
    act(() => void store.dispatch(ampRemoved('10.0.0.2')));
    expect(await screen.findByRole('dialog', { name: 'Amplifier Disconnected' })).toBeInTheDocument();
  });

  it('offers Retry when the amp could not be reached at all', async () => {
    const devices = devicesWith([{ ip: '10.0.0.1' }, { ip: '10.0.0.3', connection: 'FAILED', everConnected: false }]);
    const { manager, user } = renderApp({ path: '/amps/10.0.0.3/channels', preloaded: { devices } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not connect to amplifier');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(manager.reconnect).toHaveBeenCalledWith('10.0.0.3');
  });

  it('keeps UAC-locked pages closed and the logs open', async () => {
    const devices = devicesWith([{ ip: '10.0.0.1', patch: { UAC: { key: 'site', roles: {} } } }]);
    const { unmount } = renderApp({ path: '/amps/10.0.0.1/settings', preloaded: { devices } });
    expect(await screen.findByRole('heading', { name: 'This page is locked by UAC on this amp.' })).toBeInTheDocument();
    unmount();
    renderApp({ path: '/amps/10.0.0.1/events', preloaded: { devices } });
    expect(await screen.findByRole('heading', { name: 'Events', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email' })).toBeInTheDocument();
  });

  it('opens 802.1x only while enabled, and leaves an amp without 802.1X', async () => {
    const off = devicesWith([{ ip: '10.0.0.1', model: 'CDS-508' }]);
    const first = renderApp({ path: '/amps/10.0.0.1/dot1x', preloaded: { devices: off } });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/amps/10.0.0.1/channels'));
    first.unmount();
    const on = devicesWith([
      { ip: '10.0.0.1', model: 'CDS-508', patch: { network: { ethernet: { dot1xEnable: true } } } },
    ]);
    renderApp({ path: '/amps/10.0.0.1/dot1x', preloaded: { devices: on } }).unmount();
    const none = devicesWith([{ ip: '10.0.0.1', model: '124D' }, { ip: '10.0.0.2' }]);
    const { router } = renderApp({ path: '/amps/10.0.0.1/dot1x', preloaded: { devices: none } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
  });
});

describe('access states on the amp pages (issue 18)', () => {
  const gain = UAC_PERMISSIONS.channelOutputGain;
  const uacFleet = (levels: Record<string, 0 | 1 | 2>) =>
    devicesWith([
      {
        ip: '10.0.0.1',
        name: 'Main',
        model: 'CDS-508',
        patch: {
          amp: { deviceInfo: { firmwareVersion: CHOSEN.uacFirmwareThreshold } },
          UAC: { key: 'k3y', roles: { [CHOSEN.uacRoleId]: levels } },
        },
      },
    ]);

  it('tells a guest why nothing can be changed, and Sign in comes back to the same page', async () => {
    const { user, router } = renderApp({
      path: '/amps/10.0.0.1/channels/2/settings',
      manager: fakeManager('ok'),
      preloaded: {
        devices: devicesWith([{ ip: '10.0.0.1', name: 'Main', patch: { misc: { passwordProtected: true } } }]),
      },
    });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('You are viewing this amp as a guest');
    // every read-only control names its reason
    expect(screen.getAllByRole('img', { name: 'Read-only: sign in to change it' }).length).toBeGreaterThan(0);
    await user.click(within(banner).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps/10.0.0.1/channels/2/settings'));
    expect(screen.queryByText(/You are viewing this amp as a guest/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Read-only: sign in to change it' })).not.toBeInTheDocument();
  });

  it('shows a read-only UAC gain disabled with its value and a padlock, not a hidden page', async () => {
    renderApp({ path: '/amps/10.0.0.1/channels/1/settings', preloaded: { devices: uacFleet({ [gain]: 1 }) } });
    await screen.findByRole('heading', { name: 'Main', level: 1 });
    const fader = await screen.findByRole('slider', { name: 'Fader' });
    expect(fader).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Fader' })).toBeDisabled();
    expect(screen.getAllByRole('img', { name: 'Read-only for your UAC role' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('This page is locked by UAC on this amp.')).not.toBeInTheDocument();
    expect(screen.queryByText(/You are viewing this amp as a guest/)).not.toBeInTheDocument();
  });

  it('hides the pages when the UAC role leaves nothing to see', async () => {
    renderApp({ path: '/amps/10.0.0.1/channels/1/settings', preloaded: { devices: uacFleet({ [gain]: 0 }) } });
    expect(await screen.findByText('This page is locked by UAC on this amp.')).toBeInTheDocument();
  });
});
