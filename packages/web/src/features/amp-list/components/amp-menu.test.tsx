import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith, type AmpFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { ampMenuEntries } from '../amp-menu-entries';

async function openMenu(fixture: Omit<AmpFixture, 'ip' | 'name'>) {
  const view = renderApp({
    path: '/amps',
    preloaded: { devices: devicesWith([{ ip: '10.0.0.1', name: 'Main', ...fixture }]) },
  });
  await view.user.click(await screen.findByRole('button', { name: 'Amp menu' }));
  const menu = await screen.findByRole('menu');
  return {
    ...view,
    entries: within(menu)
      .getAllByRole('menuitem')
      .map((m) => m.textContent),
  };
}

describe('amp menu (spec 2 §2, local)', () => {
  it('offers the local entries in order, without 802.1x while it is disabled', async () => {
    const { entries } = await openMenu({});
    expect(entries).toEqual([
      'Connect to account',
      'Channel',
      'Settings',
      'Events',
      'Faults',
      'Power supply',
      'Network',
      'Import/Export',
    ]);
  });

  it('offers 802.1x when it is enabled on the ethernet config', async () => {
    const { entries } = await openMenu({ patch: { network: { ethernet: { dot1xEnable: true } } } });
    expect(entries).toContain('802.1x');
    expect(entries.indexOf('802.1x')).toBe(entries.indexOf('Network') + 1);
  });

  it('hides channel, settings, the configuration pages and Import/Export under a UAC lock', async () => {
    const { entries } = await openMenu({
      patch: { UAC: { key: 'site', roles: {} }, network: { ethernet: { dot1xEnable: true } } },
    });
    expect(entries).toEqual(['Connect to account', 'Events', 'Faults']);
  });

  it('opens the pages, and the Import/Export dialog', async () => {
    const { user, router } = await openMenu({});
    await user.click(screen.getByRole('menuitem', { name: 'Import/Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import/Export' });
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    await user.click(screen.getByRole('button', { name: 'Amp menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps/10.0.0.1/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 2 })).toBeInTheDocument();
  });

  it('follows the rules for every combination', () => {
    const ids = (f: Parameters<typeof ampMenuEntries>[0]) => ampMenuEntries(f).map((e) => e.id);
    expect(ids({ isConnected: false, isUacLocked: false, dot1xEnabled: false })).toEqual([
      'channel',
      'settings',
      'events',
      'faults',
      'power',
      'network',
    ]);
    expect(ids({ isConnected: true, isUacLocked: true, dot1xEnabled: true })).not.toContain('importExport');
    expect(ids({ isConnected: true, isUacLocked: false, dot1xEnabled: true })).toContain('dot1x');
    // issue 18: a UAC role that reads or writes something keeps the pages; one that leaves nothing hides them
    const keyed = { isConnected: true, isUacLocked: true, dot1xEnabled: false };
    expect(ids({ ...keyed, uacHidesPages: false })).toEqual([
      'connect',
      'channel',
      'settings',
      'events',
      'faults',
      'power',
      'network',
    ]);
    expect(ids({ ...keyed, uacHidesPages: true })).toEqual(['connect', 'events', 'faults']);
  });
});
