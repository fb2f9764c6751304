/** Issue 20 in the app: the live stream refetches what the venues screens show, and the poll slows while it is open. */
import { LIVE_PATHS, VENUE_POLL_MS } from '@rackside/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_MS } from '../shared/cloud/live-status';
import { LIVE_BATCH_MS } from '../shared/cloud/live-stream';
import { LOCAL_HOSTING } from '../shared/hosting';
import { venueRoutes, type VenueFixture } from '../testing/cloud-venues';
import { fakeCloud, signedInSession } from '../testing/fake-cloud';
import { fakeEventSources, ticketRoute } from '../testing/fake-event-source';
import { renderApp } from '../testing/render-app';
import { renderCloud } from '../testing/render-cloud';

const VENUE_UUID = '68661357-0d3a-4c1e-9b7e-3f1c2a4b5d6e';
const arena = (connected: boolean): VenueFixture[] => [
  {
    venueId: 'v1',
    name: 'Arena',
    amps: [
      { id: 'a1', name: 'L' },
      { id: 'a2', name: 'R', connected },
    ],
  },
];
const arenaCard = async () => (await screen.findByRole('link', { name: 'Arena' })).closest('li')!;

function liveCloud() {
  const api = fakeCloud({
    ...venueRoutes(arena(false)),
    ...ticketRoute(),
    'GET /incidents': { body: { incidents: [] } },
  });
  const sources = fakeEventSources();
  return { api, sources, live: { EventSource: sources.EventSource, random: () => 0.5 } };
}

afterEach(() => vi.useRealTimers());

describe('live updates in the cloud console (issue 20)', () => {
  it('a device event flips the card at once; a malformed one changes nothing', async () => {
    const { api, sources, live } = liveCloud();
    renderCloud('/venues', { cloudApi: api, live });
    expect(within(await arenaCard()).getByText('1 of 2 amps online')).toBeInTheDocument();
    await waitFor(() => expect(sources.all).toHaveLength(1));
    act(() => sources.last().open());
    await waitFor(() => expect(api.callsTo('GET /venues')).toHaveLength(2)); // every open reads again

    api.on(venueRoutes(arena(true))); // the amp is back…
    act(() => sources.last().emit('device', { deviceId: 'a2', venueId: VENUE_UUID, online: 'yes' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 3 * LIVE_BATCH_MS)));
    expect(api.callsTo('GET /venues')).toHaveLength(2);
    expect(within(await arenaCard()).getByText('1 of 2 amps online')).toBeInTheDocument();

    act(() => sources.last().emit('device', { deviceId: 'a2', venueId: VENUE_UUID, online: true })); // …and says so
    expect(await within(await arenaCard()).findByText('2 of 2 amps online')).toBeInTheDocument();
    expect(api.callsTo('GET /venues')).toHaveLength(3);
  });

  it('polls every 60 s while the stream is open, every 10 s again once it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, sources, live } = liveCloud();
    const { store } = renderCloud('/venues', { cloudApi: api, live });
    await arenaCard();
    await waitFor(() => expect(sources.all).toHaveLength(1));
    act(() => sources.last().open());
    await act(() => vi.advanceTimersByTimeAsync(LIVE_BATCH_MS));
    const read = api.callsTo('GET /venues').length;
    await act(() => vi.advanceTimersByTimeAsync(VENUE_POLL_MS));
    expect(api.callsTo('GET /venues')).toHaveLength(read);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS - VENUE_POLL_MS));
    expect(api.callsTo('GET /venues')).toHaveLength(read + 1);

    act(() => sources.last().fail());
    expect(store.liveStream.isOpen).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(VENUE_POLL_MS));
    expect(api.callsTo('GET /venues')).toHaveLength(read + 2);
    expect(sources.all).toHaveLength(2); // reopening meanwhile, with a new ticket
    expect(api.callsTo(`POST ${LIVE_PATHS.ticket}`)).toHaveLength(2);
  });

  it('signing out closes the stream', async () => {
    const { api, sources, live } = liveCloud();
    api.on({ 'POST /auth/sign-out': { body: { ok: true } } });
    const { store, router } = renderCloud('/venues', { cloudApi: api, live });
    await waitFor(() => expect(sources.all).toHaveLength(1));
    act(() => sources.last().open());
    await act(() => store.sessionSync.signOut());
    expect(sources.last().closed).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sources.all).toHaveLength(1);
  });

  it('the local console never opens it', async () => {
    const { api, sources, live } = liveCloud();
    renderApp({ hosting: LOCAL_HOSTING, cloud: { fetch: api.fetch }, preloaded: { session: signedInSession() }, live });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(sources.all).toHaveLength(0);
    expect(api.callsTo(`POST ${LIVE_PATHS.ticket}`)).toHaveLength(0);
  });
});
