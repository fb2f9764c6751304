import { APP_VERSION } from '@rackside/protocol';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialDevicesState } from '../device';
import { devicesWith } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

describe('routes (spec 1 §2, spec 2 §2 local mode)', () => {
  it('sends / to the amps when the host amp has no password', async () => {
    const { router } = renderApp({ path: '/', preloaded: { devices: devicesWith([{ ip: '10.0.0.1' }]) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
  });

  it('waits at / until the host amp has said whether it is protected', async () => {
    const { router } = renderApp({ path: '/', preloaded: { devices: initialDevicesState } });
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends / to the amp list when the host cannot be reached, which says no amps were found', async () => {
    const devices = devicesWith([
      { ip: '10.0.0.1', connection: 'FAILED', everConnected: false, patch: { discovery: { devices: {} } } },
    ]);
    const { router } = renderApp({ path: '/', preloaded: { devices } });
    expect(await screen.findByRole('heading', { name: 'No amps found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/amps');
  });

  it('redirects an unknown path to / (and on to the amps)', async () => {
    const { router } = renderApp({ path: '/no/such/page', preloaded: { devices: devicesWith([{ ip: '10.0.0.1' }]) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
  });

  it('shows the app version on About', async () => {
    renderApp({ path: '/about' });
    expect(await screen.findByText(`Version ${APP_VERSION}`)).toBeInTheDocument();
  });

  it('sends /cs-touch without a panel to the amps (spec 3 §2)', async () => {
    const { router } = renderApp({ path: '/cs-touch', preloaded: { devices: devicesWith([{ ip: '10.0.0.1' }]) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/amps'));
  });
});
