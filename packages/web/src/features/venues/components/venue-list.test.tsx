import { VENUE_POLL_MS } from '@rackside/protocol';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { setViewportWidth } from '../../../testing/viewport';

const VENUES = [
  {
    venueId: 'v1',
    name: 'Arena',
    amps: [
      { id: 'a1', name: 'L', warning: true },
      { id: 'a2', name: 'R', connected: false },
    ],
  },
  { venueId: 'v2', name: 'Club', amps: [{ id: 'a3', name: 'Sub', fault: true, update: true }] },
  { venueId: 'v3', name: 'Bar' },
];

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Venues' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent);

afterEach(() => vi.useRealTimers());

describe('venue list (spec 1 §2)', () => {
  it("shows each venue's 'N of M amps online', status face and firmware icon", async () => {
    renderCloud('/venues', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    const arena = (await screen.findByRole('link', { name: 'Arena' })).closest('li')!;
    expect(within(arena).getByText('1 of 2 amps online')).toBeInTheDocument();
    expect(within(arena).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(within(arena).queryByRole('link', { name: 'Firmware update available' })).not.toBeInTheDocument();
    const club = screen.getByRole('link', { name: 'Club' }).closest('li')!;
    expect(within(club).getByRole('img', { name: 'Fault' })).toBeInTheDocument();
    expect(within(club).getByRole('link', { name: 'Firmware update available' })).toHaveAttribute('href', '/update');
    expect(within(club).getByRole('link', { name: 'Venue settings' })).toHaveAttribute('href', '/venues/v2/settings');
    const bar = screen.getByRole('link', { name: 'Bar' }).closest('li')!;
    expect(within(bar).getByText('0 of 0 amps online')).toBeInTheDocument();
    expect(within(bar).getByRole('img', { name: 'No faults or warnings' })).toBeInTheDocument();
  });

  it('searches by name and sorts by name or error status', async () => {
    const { user } = renderCloud('/venues', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    await screen.findByRole('link', { name: 'Arena' });
    expect(cardNames()).toEqual(['Arena', 'Bar', 'Club']);
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Error status' }));
    expect(cardNames()).toEqual(['Club', 'Arena', 'Bar']);
    await user.type(screen.getByRole('searchbox', { name: 'Search venues' }), 'ar');
    expect(cardNames()).toEqual(['Arena', 'Bar']);
    await user.type(screen.getByRole('searchbox', { name: 'Search venues' }), 'zzz');
    expect(screen.getByRole('heading', { name: 'No search matches' })).toBeInTheDocument();
  });

  it('polls the venues every 10 s while the venues screens are open, and stops when they are left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeCloud(venueRoutes(VENUES));
    const { router } = renderCloud('/venues', { cloudApi: api });
    await screen.findByRole('link', { name: 'Arena' });
    expect(api.callsTo('GET /venues')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(VENUE_POLL_MS));
    expect(api.callsTo('GET /venues')).toHaveLength(2);
    await act(() => router.navigate('/preferences'));
    await act(() => vi.advanceTimersByTimeAsync(3 * VENUE_POLL_MS));
    expect(api.callsTo('GET /venues')).toHaveLength(2);
  });

  it('offers the Venues and Cloud Dashboard tabs on narrow screens; the dashboard fills the wide main area', async () => {
    const view = renderCloud('/venues', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    expect(await screen.findByRole('tab', { name: 'Cloud Dashboard' })).toHaveAttribute('href', '/venues/dashboard');
    view.unmount();
    setViewportWidth(1280);
    renderCloud('/venues', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
