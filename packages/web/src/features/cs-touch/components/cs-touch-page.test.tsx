import type { TouchConfiguration } from '@rackside/protocol';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PANEL = '127.0.2.1';
const stored: TouchConfiguration = {
  name: 'Lobby Touch',
  groups: [
    { type: 'volume', name: 'Bar', range: 80, amps: [], subGroups: [] },
    { type: 'sourceSelect', name: 'Inputs', states: [] },
  ],
};

function setup(path: string) {
  const manager = {
    ...fakeManager(),
    touchConfig: vi.fn((_amp: string, method: string, params: Record<string, unknown>) =>
      Promise.resolve({ requestId: params.requestId, payload: method === 'getConfig' ? stored : params.payload }),
    ),
  };
  const devices = devicesWith([
    {
      ip: '10.0.0.1',
      patch: {
        NSTProxy: {
          enable: true,
          devices: {
            [PANEL]: {
              ipAddress: PANEL,
              name: 'Lobby Touch',
              modelID: 'CS Touch',
              firmwareVersion: '1.0.0.0',
              online: true,
            },
          },
        },
      },
    },
  ]);
  return { ...renderApp({ path, manager, preloaded: { devices } }), manager };
}

describe('/cs-touch/{id} in the app (spec 3 §2)', () => {
  it('reads the panel through the amp behind it and shows its groups; moving the selected group takes the route along', async () => {
    const { user, router, manager } = setup(`/cs-touch/${PANEL}/group/1`);
    expect(await screen.findByRole('heading', { name: 'Lobby Touch', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(manager.touchConfig).toHaveBeenCalledWith(
        '10.0.0.1',
        'getConfig',
        expect.objectContaining({ ipAddress: PANEL }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Move Inputs up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cs-touch/${PANEL}/group/0`));
  });
});
