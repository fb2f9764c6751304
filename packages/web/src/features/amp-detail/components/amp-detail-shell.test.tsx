import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
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
