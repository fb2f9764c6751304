import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const panel = (ip: string, name: string, online: boolean) => ({
  ipAddress: ip,
  name,
  modelID: 'CS-TOUCH-7',
  firmwareVersion: '1.2.0.0',
  online,
});

describe('touch panels beside the amps (spec 2 §1, issue 18)', () => {
  it('lists every panel the amps proxy once, with its address, model, state and the amp it is behind', async () => {
    const devices = devicesWith([
      {
        ip: '10.0.0.1',
        name: 'Main',
        patch: {
          NSTProxy: {
            enable: true,
            devices: {
              '10.0.2.1': panel('10.0.2.1', 'Lobby Touch', true),
              '10.0.2.2': panel('10.0.2.2', 'Bar', false),
            },
          },
        },
      },
      // the same panel seen again behind a second amp is listed once
      {
        ip: '10.0.0.2',
        name: 'Sub',
        patch: { NSTProxy: { enable: true, devices: { '10.0.2.1': panel('10.0.2.1', 'Lobby Touch', true) } } },
      },
    ]);
    renderApp({ path: '/amps', preloaded: { devices } });
    const list = await screen.findByRole('list', { name: 'Touch panels' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'BarOffline10.0.2.2 · CS-TOUCH-7 · behind Main',
      'Lobby TouchOnline10.0.2.1 · CS-TOUCH-7 · behind Main',
    ]);
  });

  it('shows nothing when no amp proxies a panel', async () => {
    renderApp({ path: '/amps', preloaded: { devices: devicesWith([{ ip: '10.0.0.1', name: 'Main' }]) } });
    await screen.findByRole('list', { name: 'Amps' });
    expect(screen.queryByRole('list', { name: /Touch panel/ })).not.toBeInTheDocument();
  });
});
