import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith, type AmpFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

async function renderCard(name: string, fixture: Omit<AmpFixture, 'ip' | 'name'>, password: string | null = null) {
  const view = renderApp({
    path: '/amps',
    preloaded: { devices: devicesWith([{ ip: '10.0.0.1', name, ...fixture }]), localLogin: { password } },
  });
  const link = await screen.findByRole('link', { name });
  const item = link.closest('[role="listitem"]');
  if (!(item instanceof HTMLElement)) throw new Error('card not in a list item');
  return { ...view, card: within(item) };
}

describe('amp cards (spec 2 §2)', () => {
  it('shows a connected amp: name, IP, model, a smiling face, the wired icon and 0/n muted', async () => {
    const { card } = await renderCard('Main', {});
    expect(card.getByText('10.0.0.1')).toBeInTheDocument();
    expect(card.getByText('Connect Series Model 704D')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Status: OK' })).toHaveAttribute('href', '/amps/10.0.0.1/faults');
    expect(card.getByRole('link', { name: 'Connection: wired network' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Power supply' })).toHaveAttribute('href', '/amps/10.0.0.1/power');
    expect(card.getByRole('link', { name: 'Energy savings' })).toHaveAttribute('href', '/amps/10.0.0.1/green');
    expect(card.getByRole('button', { name: 'Mute all channels (0 of 4 muted)' })).toHaveTextContent('0/4');
    expect(card.queryByRole('img', { name: 'Password protected' })).not.toBeInTheDocument();
  });

  it('shows the fault face, the lock, PoE and standby, and an IP-less amp', async () => {
    const { card } = await renderCard('Rack', {
      patch: {
        misc: { passwordProtected: true, ipAddr: '' },
        amp: { powerSupply: { fault: true, powerSource: 'POE' }, autoStandby: { active: true } },
      },
    });
    expect(card.getByRole('link', { name: 'Status: fault' })).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Password protected' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Power supply: powered over Ethernet, in standby' })).toHaveTextContent(
      'PoE',
    );
  });

  it('shows a warning face and Wi-Fi signal levels from dBm', async () => {
    const { card } = await renderCard('Patio', {
      model: 'CDS-508',
      patch: {
        misc: { connectionType: 'WiFi' },
        network: { wifi: { signalStrength: -65 } },
        amp: { powerSupply: { powerOk: false } },
      },
    });
    expect(card.getByRole('link', { name: 'Status: warning' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Connection: Wi-Fi, signal 3 of 4' })).toBeInTheDocument();
  });

  it('shows the access-point icon', async () => {
    const { card } = await renderCard('AP', { patch: { misc: { connectionType: 'AP' } } });
    expect(card.getByRole('link', { name: 'Connection: access point' })).toBeInTheDocument();
  });

  it('asks before muting a live amp, naming it; Cancel sends nothing', async () => {
    const { card, user, manager } = await renderCard('Main', {});
    await user.click(card.getByRole('button', { name: 'Mute all channels (0 of 4 muted)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute all channels of Main?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(manager.set).not.toHaveBeenCalled();
  });

  it('mutes every channel once confirmed, and unmutes them all when all are muted without asking', async () => {
    const { card, user, manager } = await renderCard('Main', {
      patch: { amp: { channels: { '1': { output: { mute: true } } } } },
    });
    await user.click(card.getByRole('button', { name: 'Mute all channels (1 of 4 muted)' }));
    await user.click(await screen.findByRole('button', { name: 'Mute all' }));
    expect(manager.set.mock.calls.map((c) => c.slice(1))).toEqual(
      [1, 2, 3, 4].map((n) => [`/amp/channels/${n}/output`, { mute: true }]),
    );
    const all = { mute: true };
    const {
      card: muted,
      user: u2,
      manager: m2,
    } = await renderCard('All', {
      patch: {
        amp: { channels: { '1': { output: all }, '2': { output: all }, '3': { output: all }, '4': { output: all } } },
      },
    });
    const unmute = muted.getByRole('button', { name: 'Unmute all channels (4 of 4 muted)' });
    expect(unmute).toHaveAttribute('aria-pressed', 'true');
    await u2.click(unmute);
    expect(m2.set).toHaveBeenCalledWith('10.0.0.1', '/amp/channels/4/output', { mute: false });
  });

  it('reports a refused write with the error snackbar (spec 2 §8)', async () => {
    const manager = fakeManager();
    manager.set.mockRejectedValue(new Error('refused'));
    const view = renderApp({
      path: '/amps',
      manager,
      preloaded: { devices: devicesWith([{ ip: '10.0.0.1', name: 'Main' }]) },
    });
    await view.user.click(await screen.findByRole('button', { name: /^Mute all channels/ }));
    await view.user.click(await screen.findByRole('button', { name: 'Mute all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to set device data');
  });

  it('does not let a guest mute a protected amp, nor a UAC role without the mute permission', async () => {
    const guest = await renderCard('Locked', { patch: { misc: { passwordProtected: true } } });
    expect(guest.card.getByRole('button', { name: /^Mute all channels/ })).toBeDisabled();
    guest.unmount();
    const uac = await renderCard('Uac', { patch: { UAC: { key: 'k', roles: { installer: {} } } } });
    expect(uac.card.getByRole('button', { name: /^Mute all channels/ })).toBeDisabled();
    // UAC hides the configuration pages: their icons no longer link
    expect(uac.card.getByRole('button', { name: 'Power supply' })).toBeDisabled();
  });

  it('shows a disconnected amp with a red edge, not connected and retrying', async () => {
    const { card } = await renderCard('Gone', { connection: 'FAILED', everConnected: true });
    expect(card.getByText('Not connected')).toBeInTheDocument();
    expect(card.getByText('Retrying…')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Amp menu' })).not.toBeInTheDocument();
  });

  it('shows an amp whose model is unknown as an unsupported API version', async () => {
    const view = renderApp({
      path: '/amps',
      preloaded: {
        devices: (() => {
          const d = devicesWith([{ ip: '10.0.0.1', name: 'Odd' }]);
          return { ...d, amps: { '10.0.0.1': { ...d.amps['10.0.0.1']!, modelId: null } } };
        })(),
      },
    });
    expect(await view.findByText("This amp's API version is not supported")).toBeInTheDocument();
  });
});
