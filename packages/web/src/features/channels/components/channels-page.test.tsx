import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setViewportWidth } from '../../../testing/viewport';

const AMP = '10.0.0.1';
// the channels page loads lazily (its own chunk): the first render in a run waits for the import
const LAZY = { timeout: 10_000 };
const fleet = (patch = {}) => devicesWith([{ ip: AMP, name: 'Main', model: 'CDS-508-ADSP', patch }]);

describe('channels page in the app (spec 2 §2)', () => {
  it('shows the channel and tab of the route and writes through the device layer', async () => {
    setViewportWidth(1000);
    const { manager, user } = renderApp({ path: `/amps/${AMP}/channels/2/settings`, preloaded: { devices: fleet() } });
    const column = await screen.findByRole('region', { name: 'Channel 2: Channel 2' }, LAZY);
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(column).getByRole('button', { name: 'Enable Smart Power Bridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Smart Power Bridge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/channels/2/output', { super8: true });
  });

  it('changes the route with the tabs and the pager', async () => {
    setViewportWidth(1000);
    const { router, user } = renderApp({ path: `/amps/${AMP}/channels/1/inputs`, preloaded: { devices: fleet() } });
    await user.click(await screen.findByRole('tab', { name: 'Crossover' }, LAZY));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/1/crossover`));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Channels' })).getByRole('button', { name: 'Previous channel' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/8/crossover`));
  });

  // A browser's click, not wrapped in act() (which would flush a transition too): the tab must read selected when
  // the click has been handled. Left to the router's transition, the amp's meters (a store update up to 20 times a
  // second) held a slow machine's tab switch back for up to 5 s (bench/web/tab-switch.ts).
  it('shows a clicked tab and channel at once, not after a transition live updates can hold back', async () => {
    setViewportWidth(1000);
    renderApp({ path: `/amps/${AMP}/channels/1/inputs`, preloaded: { devices: fleet() } });
    await screen.findByRole('tab', { name: 'Crossover' }, LAZY);
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      screen.getByRole('tab', { name: 'Crossover' }).click();
      expect(screen.getByRole('tab', { name: 'Crossover' })).toHaveAttribute('aria-selected', 'true');
      const pager = screen.getByRole('navigation', { name: 'Channels' });
      within(pager).getByRole('button', { name: 'Next channel' }).click();
      expect(screen.getByRole('region', { name: 'Channel 2: Channel 2' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Crossover' })).toHaveAttribute('aria-selected', 'true');
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('on wide screens the channels list redirects to the current channel', async () => {
    setViewportWidth(1280);
    const { router } = renderApp({ path: `/amps/${AMP}/channels`, preloaded: { devices: fleet() } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/1/inputs`), LAZY);
  });

  it('on narrow screens lists the channels, each opening its page', async () => {
    const { router, user } = renderApp({ path: `/amps/${AMP}/channels`, preloaded: { devices: fleet() } });
    const list = await screen.findByRole('list', { name: 'Channels' }, LAZY);
    await user.click(within(list).getByRole('button', { name: /Channel 3: Channel 3/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/3/inputs`));
  });

  it('an unknown section goes to the current tab', async () => {
    setViewportWidth(1000);
    const { router } = renderApp({ path: `/amps/${AMP}/channels/2/nonsense`, preloaded: { devices: fleet() } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/2/inputs`), LAZY);
  });

  it('Input EQ on a model without it goes to Inputs, quietly', async () => {
    setViewportWidth(1000);
    const errors = vi.spyOn(console, 'error');
    const { router } = renderApp({
      path: `/amps/${AMP}/channels/2/input-eq`,
      preloaded: { devices: devicesWith([{ ip: AMP, name: 'Main', model: '352N' }]) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/amps/${AMP}/channels/2/inputs`), LAZY);
    expect(await screen.findByRole('tab', { name: 'Inputs', selected: true })).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('guests on a protected amp see the controls disabled (spec 2 §6)', async () => {
    setViewportWidth(1000);
    renderApp({
      path: `/amps/${AMP}/channels/1/crossover`,
      preloaded: { devices: fleet({ misc: { passwordProtected: true } }) },
    });
    expect(await screen.findByRole('switch', { name: 'Invert polarity' }, LAZY)).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Gain' })).toBeDisabled();
  });

  it('locks the fields of a speaker tuning', async () => {
    setViewportWidth(1000);
    const lockedProperties = {
      groups: { g1: { key: 'x', properties: ['/amp/channels/1/crossover/bandGainAndDelay/gain'] } },
    };
    renderApp({ path: `/amps/${AMP}/channels/1/crossover`, preloaded: { devices: fleet({ lockedProperties }) } });
    await screen.findByRole('slider', { name: 'Delay' }, LAZY);
    expect(screen.queryByRole('slider', { name: 'Gain' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'This field is locked by UAC or speaker tunings' })).toBeInTheDocument();
  });
});
