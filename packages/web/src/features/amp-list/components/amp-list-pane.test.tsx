import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setViewportWidth } from '../../../testing/viewport';
import { initialDevicesState } from '../../../device';

const fleet = () =>
  devicesWith([
    { ip: '10.0.0.10', name: 'bravo', model: '704D' },
    {
      ip: '10.0.0.9',
      name: 'Alpha',
      model: '1504',
      patch: { amp: { powerSupply: { fault: true }, channels: { '2': { output: { thermal: true } } } } },
    },
    {
      ip: '10.0.0.100',
      name: 'charlie',
      model: 'CDS-508',
      patch: { amp: { channels: { '1': { output: { thermal: true } } } } },
    },
  ]);

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Amps' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent);

async function choose(user: ReturnType<typeof renderApp>['user'], combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('amp list (spec 2 §2)', () => {
  it('sorts by name, faults and IP, ascending or descending', async () => {
    const { user } = renderApp({ path: '/amps', preloaded: { devices: fleet() } });
    await screen.findByRole('list', { name: 'Amps' });
    expect(cardNames()).toEqual(['Alpha', 'bravo', 'charlie']); // names ignore case
    await choose(user, 'Order', 'Descending');
    expect(cardNames()).toEqual(['charlie', 'bravo', 'Alpha']);
    await choose(user, 'Sort by', 'Faults');
    // fault score = fault flag + warning flag: Alpha faults and warns (2), charlie warns (1), bravo is fine (0)
    expect(cardNames()).toEqual(['Alpha', 'charlie', 'bravo']);
    await choose(user, 'Order', 'Ascending');
    expect(cardNames()).toEqual(['bravo', 'charlie', 'Alpha']);
    await choose(user, 'Sort by', 'IP address');
    expect(cardNames()).toEqual(['Alpha', 'bravo', 'charlie']); // 10.0.0.9 < 10.0.0.10 < 10.0.0.100, by octet
  });

  it('searches names, IPs and models and says when nothing matches', async () => {
    const { user } = renderApp({ path: '/amps', preloaded: { devices: fleet() } });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(search, 'CDS');
    expect(cardNames()).toEqual(['charlie']);
    await user.clear(search);
    await user.type(search, '10.0.0.1');
    expect(cardNames()).toEqual(['bravo', 'charlie']);
    await user.type(search, 'zzz');
    expect(screen.queryByRole('list', { name: 'Amps' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No search matches' })).toBeInTheDocument();
  });

  it('says no amps were found, with the retype hint, when the host could not be reached', async () => {
    const devices = devicesWith([
      { ip: '10.0.0.1', connection: 'FAILED', everConnected: false, patch: { discovery: { devices: {} } } },
    ]);
    renderApp({ path: '/amps', preloaded: { devices } });
    expect(await screen.findByRole('heading', { name: 'No amps found' })).toBeInTheDocument();
    expect(screen.getByText(/type its IP address into the browser's address bar again/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the loading indicator while looking for amps', async () => {
    renderApp({ path: '/amps', preloaded: { devices: initialDevicesState } });
    expect(await screen.findByRole('progressbar', { name: 'Looking for amps…' })).toBeInTheDocument();
  });

  it('shows list and detail side by side on wide screens, with the select-an-amp prompt', async () => {
    setViewportWidth(1280);
    renderApp({ path: '/amps', preloaded: { devices: fleet() } });
    expect(await screen.findByRole('heading', { name: 'Select an Amp' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Amps' })).toBeInTheDocument();
  });

  it('shows one at a time on narrow screens', async () => {
    const { user } = renderApp({ path: '/amps', preloaded: { devices: fleet() } });
    await screen.findByRole('list', { name: 'Amps' });
    expect(screen.queryByRole('heading', { name: 'Select an Amp' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Alpha' }));
    expect(await screen.findByRole('heading', { name: 'Alpha', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Amps' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the amp list' }));
    expect(await screen.findByRole('list', { name: 'Amps' })).toBeInTheDocument();
  });
});
