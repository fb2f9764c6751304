import { LIVE_PATHS, ORG_HEADER, VENUE_POLL_MS } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCloudAppStore } from '../../app/cloud-store';
import { incidentsApi, OPEN_INCIDENTS } from '../../features/incidents/api/incidents-api';
import { venuesApi } from '../../features/venues/api/venues-api';
import { fakeEventSources, liveTicket, ticketRoute } from '../../testing/fake-event-source';
import {
  cloudError,
  fakeCloud,
  sessionReply,
  signedInSession,
  TEST_TOKENS,
  TEST_USER,
  type FakeRoute,
} from '../../testing/fake-cloud';
import { CLOUD_HOSTING, LOCAL_HOSTING, type HostingMode } from '../hosting';
import { LIVE_POLL_MS, livePollingInterval, selectLiveStreamOpen } from './live-status';
import { LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MS, LIVE_BATCH_MS, tagsOf, type LiveStreamDeps } from './live-stream';
import { organisationChosen } from './org-slice';
import { sessionStarted } from './session-slice';

const TICKET = `POST ${LIVE_PATHS.ticket}`;
const VENUE = '68661357-0d3a-4c1e-9b7e-3f1c2a4b5d6e';
const INCIDENT = '5b0e1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const ROLLOUT = '0f1e2d3c-4b5a-4697-8877-665544332211';
const ORG = '7c3e9a10-52b4-4d8e-9f61-2a0b3c4d5e6f';
const OTHER_ORG = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const offline = { deviceId: 'amp-1', venueId: VENUE, online: false };
const fault = {
  deviceId: 'amp-1',
  venueId: VENUE,
  incidentId: INCIDENT,
  kind: 'channelFault',
  state: 'open',
  severity: 'Critical',
};

/** Lets the fake cloud's replies (promises, response bodies) come through; timers stay where they are. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};
const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
};

function setup(
  options: { hosting?: HostingMode; routes?: Record<string, FakeRoute>; live?: LiveStreamDeps; start?: boolean } = {},
) {
  const api = fakeCloud({ 'GET /venues': { body: { venues: [] } }, ...ticketRoute(), ...options.routes });
  const sources = fakeEventSources();
  const store = createCloudAppStore({
    hosting: options.hosting ?? CLOUD_HOSTING,
    preloaded: { session: signedInSession() },
    cloud: { fetch: api.fetch, openChannel: () => null, locks: null },
    // random 0.5: each wait is the back-off delay itself (delay / 2 + 0.5 × delay)
    live: { EventSource: sources.EventSource, random: () => 0.5, ...options.live },
  });
  const stops = [store.sessionSync.start(store), store.liveStream.start(store)];
  const stop = () => stops.reverse().forEach((s) => s());
  return { api, sources, store, stop, live: () => selectLiveStreamOpen(store.getState()) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

describe('live stream (issue 20)', () => {
  it('opens the stream with a ticket asked for with the bearer token, and says when it is open', async () => {
    const { api, sources, live, store } = setup();
    await settle();
    expect(api.callsTo(TICKET)).toHaveLength(1);
    expect(api.callsTo(TICKET)[0]?.bearer).toBe(TEST_TOKENS.idToken);
    expect(sources.all).toHaveLength(1);
    expect(sources.last().url).toBe(`/api/live?token=${liveTicket(1)}`);
    expect(live()).toBe(false);
    sources.last().open();
    expect(live()).toBe(true);
    expect(store.liveStream.isOpen).toBe(true);
  });

  it('refreshes the session like other calls when the ticket is refused with 401', async () => {
    const { api, sources } = setup({
      routes: {
        [TICKET]: (r) =>
          r.bearer === 'id-2'
            ? { body: { ticket: liveTicket(2), expiresAt: new Date().toISOString() } }
            : cloudError(401, 'Unauthorized'),
        'POST /auth/refresh': { body: sessionReply(2) },
      },
    });
    await settle();
    expect(api.callsTo(TICKET).map((c) => c.bearer)).toEqual(['id-1', 'id-2']);
    expect(sources.last().url).toBe(`/api/live?token=${liveTicket(2)}`);
  });

  it('a device event refetches the venues within the batch window; a malformed event changes nothing', async () => {
    const { api, sources, store } = setup({ routes: { 'GET /incidents': { body: { incidents: [] } } } });
    void store.dispatch(venuesApi.endpoints.getVenuesOverview.initiate());
    void store.dispatch(incidentsApi.endpoints.listIncidents.initiate(OPEN_INCIDENTS));
    await settle();
    sources.last().open(); // every open refetches what the stream covers
    await advance(LIVE_BATCH_MS);
    expect(api.callsTo('GET /venues')).toHaveLength(2);
    expect(api.callsTo('GET /incidents')).toHaveLength(2);

    sources.last().emit('device', '{"deviceId":"amp-1","venueId":'); // not JSON
    sources.last().emit('device', { ...offline, online: 'no' }); // does not fit
    sources.last().emit('incident', { ...fault, kind: 'meteor' });
    sources.last().emit('rollout', {});
    await advance(5 * LIVE_BATCH_MS);
    expect(api.callsTo('GET /venues')).toHaveLength(2);
    expect(api.callsTo('GET /incidents')).toHaveLength(2);
    expect(store.liveStream.stats).toMatchObject({ invalid: 4, events: 0 });

    sources.last().emit('device', offline);
    await advance(LIVE_BATCH_MS);
    expect(api.callsTo('GET /venues')).toHaveLength(3);
    expect(api.callsTo('GET /incidents')).toHaveLength(2); // a device event leaves the incidents alone

    sources.last().emit('incident', fault);
    sources.last().emit('device', offline); // both within one window: one refetch each
    await advance(LIVE_BATCH_MS);
    expect(api.callsTo('GET /venues')).toHaveLength(4);
    expect(api.callsTo('GET /incidents')).toHaveLength(3);

    sources.last().emit('resync', { reason: 'reconnected' });
    await advance(LIVE_BATCH_MS);
    expect(api.callsTo('GET /venues')).toHaveLength(5);
    expect(api.callsTo('GET /incidents')).toHaveLength(4);
  });

  it('on error closes the source and opens a new one with a new ticket after a back-off that doubles', async () => {
    const { api, sources, live } = setup();
    await settle();
    const first = sources.last();
    first.open();
    first.fail();
    expect(first.closed).toBe(true);
    expect(live()).toBe(false);
    await advance(LIVE_BACKOFF_MS - 1);
    expect(api.callsTo(TICKET)).toHaveLength(1);
    await advance(1);
    expect(api.callsTo(TICKET)).toHaveLength(2);
    expect(sources.all).toHaveLength(2);
    expect(sources.last().url).toBe(`/api/live?token=${liveTicket(2)}`);

    sources.last().fail(); // refused before it opened: twice as long
    await advance(2 * LIVE_BACKOFF_MS - 1);
    expect(sources.all).toHaveLength(2);
    await advance(1);
    expect(sources.all).toHaveLength(3);

    // `end` restart is followed by `error`: one reopen for both, and the delay was reset by the open
    sources.last().open();
    sources.last().emit('end', { reason: 'restart' });
    sources.last().fail();
    await advance(LIVE_BACKOFF_MS);
    expect(sources.all).toHaveLength(4);
    expect(api.callsTo(TICKET)).toHaveLength(4);
  });

  it('keeps asking for tickets while the cloud cannot give one, never more often than every 30 s', async () => {
    const { api, sources } = setup({ routes: { [TICKET]: cloudError(503, 'ServiceUnavailable') } });
    await settle();
    await advance(10 * 60_000);
    const asked = api.callsTo(TICKET).length;
    expect(asked).toBeGreaterThan(5);
    await advance(LIVE_BACKOFF_MAX_MS);
    expect(api.callsTo(TICKET)).toHaveLength(asked + 1);
    expect(sources.all).toHaveLength(0);
  });

  it('`end` signedOut stops for good; only a new session opens it again', async () => {
    const { api, sources, store, live } = setup();
    await settle();
    sources.last().open();
    sources.last().emit('end', { reason: 'signedOut' });
    sources.last().fail();
    expect(sources.last().closed).toBe(true);
    expect(live()).toBe(false);
    await advance(10 * 60_000);
    expect(api.callsTo(TICKET)).toHaveLength(1);
    expect(sources.all).toHaveLength(1);

    store.dispatch(sessionStarted({ tokens: { idToken: 'id-9', accessToken: 'access-9' }, user: TEST_USER }));
    await settle();
    expect(api.callsTo(TICKET).map((c) => c.bearer)).toEqual(['id-1', 'id-9']);
    expect(sources.all).toHaveLength(2);
  });

  it('acts in the organisation chosen: its ticket carries the header, and choosing another one opens a new stream', async () => {
    const { api, sources, store, live } = setup();
    await settle();
    sources.last().open();
    expect(api.callsTo(TICKET)[0]?.headers.get(ORG_HEADER)).toBeNull();
    store.dispatch(organisationChosen({ username: TEST_USER.username, organisationId: ORG }));
    await settle();
    expect(sources.all[0]?.closed).toBe(true);
    expect(api.callsTo(TICKET)).toHaveLength(2);
    expect(api.callsTo(TICKET)[1]?.headers.get(ORG_HEADER)).toBe(ORG);
    expect(sources.all).toHaveLength(2);
    sources.last().open();
    expect(live()).toBe(true);
  });

  it('`end` revoked, or a ticket refused with 404, waits for another organisation to be chosen', async () => {
    const { api, sources, store, live } = setup();
    await settle();
    store.dispatch(organisationChosen({ username: TEST_USER.username, organisationId: ORG }));
    await settle();
    sources.last().open();
    sources.last().emit('end', { reason: 'revoked' });
    sources.last().fail();
    expect(live()).toBe(false);
    await advance(10 * 60_000);
    expect(api.callsTo(TICKET)).toHaveLength(2);

    // the organisation is still chosen in another tab's memory, say: its ticket answers 404 and is not asked again
    api.on({ [TICKET]: cloudError(404, 'NotFound') });
    store.dispatch(organisationChosen({ username: TEST_USER.username, organisationId: OTHER_ORG }));
    await settle();
    expect(api.callsTo(TICKET)).toHaveLength(3);
    await advance(10 * 60_000);
    expect(api.callsTo(TICKET)).toHaveLength(3);

    api.on(ticketRoute());
    store.dispatch(organisationChosen({ username: TEST_USER.username, organisationId: null }));
    await settle();
    expect(api.callsTo(TICKET)).toHaveLength(4);
    expect(api.callsTo(TICKET)[3]?.headers.get(ORG_HEADER)).toBeNull();
    sources.last().open();
    expect(live()).toBe(true);
  });

  it('sign-out closes the stream and does not reopen it', async () => {
    const { api, sources, store, live } = setup({ routes: { 'POST /auth/sign-out': { body: { ok: true } } } });
    await settle();
    sources.last().open();
    await store.sessionSync.signOut();
    expect(sources.last().closed).toBe(true);
    expect(live()).toBe(false);
    await advance(10 * 60_000);
    expect(api.callsTo(TICKET)).toHaveLength(1);
    expect(sources.all).toHaveLength(1);
  });

  it('a ticket that comes after sign-out opens nothing', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    const { sources, store } = setup({
      routes: { [TICKET]: () => new Promise((resolve) => (answer = resolve)) },
    });
    await settle();
    void store.sessionSync.signOut();
    answer({ body: { ticket: liveTicket(1), expiresAt: new Date().toISOString() } });
    await advance(10_000);
    expect(sources.all).toHaveLength(0);
  });

  it('another user signing in (another tab) gets a stream of their own', async () => {
    const { api, sources, store } = setup();
    await settle();
    store.dispatch(
      sessionStarted({ tokens: { idToken: 'id-7', accessToken: 'a-7' }, user: { ...TEST_USER, username: 'u-2' } }),
    );
    await settle();
    expect(sources.all[0]?.closed).toBe(true);
    expect(api.callsTo(TICKET).map((c) => c.bearer)).toEqual(['id-1', 'id-7']);
    expect(sources.all).toHaveLength(2);
  });

  it('stopping closes the stream', async () => {
    const { sources, stop, live } = setup();
    await settle();
    sources.last().open();
    stop();
    expect(sources.last().closed).toBe(true);
    expect(live()).toBe(false);
  });

  it('never opens in the local console, nor in a browser without EventSource', async () => {
    const local = setup({ hosting: LOCAL_HOSTING });
    const none = setup({ live: { EventSource: null } });
    await advance(60_000);
    for (const { api, sources } of [local, none]) {
      expect(api.callsTo(TICKET)).toHaveLength(0);
      expect(sources.all).toHaveLength(0);
    }
  });
});

describe('what the events refetch', () => {
  it('a rollout: its own progress; its list on its own moves; the venues when an amp is done', () => {
    const rollout = { rolloutId: ROLLOUT, state: 'running', currentWave: 0, waveCount: 2 } as const;
    const one = { type: 'Rollout', id: ROLLOUT };
    expect(tagsOf({ event: 'rollout', data: rollout })).toEqual([one, 'Rollouts']);
    const target = { ...rollout, deviceId: 'amp-1', venueId: VENUE, firmwareStatus: 'Downloading 40%' };
    expect(tagsOf({ event: 'rollout', data: { ...target, targetState: 'inProgress' } })).toEqual([one]);
    expect(tagsOf({ event: 'rollout', data: { ...target, targetState: 'success' } })).toEqual([
      one,
      'Rollouts',
      'Venues',
    ]);
  });

  it('polls slower only while the stream is open', () => {
    expect(livePollingInterval(VENUE_POLL_MS, false)).toBe(VENUE_POLL_MS);
    expect(livePollingInterval(VENUE_POLL_MS, true)).toBe(LIVE_POLL_MS);
    expect(livePollingInterval(2000, true, 10_000)).toBe(10_000);
  });
});
