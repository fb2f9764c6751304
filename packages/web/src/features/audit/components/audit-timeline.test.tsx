import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEvent, Member } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud, type FakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { setViewportWidth } from '../../../testing/viewport';
import { ADA_ID, ampEvent, auditEvent } from '../audit.test-utils';

const VENUES = [{ venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'Left' }] }];
const MEMBERS: Member[] = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    email: 'owner@example.com',
    role: 'owner',
    venueIds: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  {
    userId: ADA_ID,
    email: 'ada@example.com',
    role: 'technician',
    venueIds: null,
    createdAt: '2025-01-02T00:00:00.000Z',
  },
];
const now = new Date();
const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12).toISOString();

const GAIN = auditEvent('device.setting', {
  path: '/amp/channels/1/crossover/bandGainAndDelay',
  from: { gain: 0 },
  to: { gain: -3.5 },
});
const OFFLINE = ampEvent('amp.offline', {}, { at: yesterday });
const RENAMED = auditEvent('venue.renamed', { from: 'Hall', to: 'Arena' }, { at: yesterday, deviceId: null });
const OLD = auditEvent('venue.created', { name: 'Hall' }, { at: '2024-03-04T10:00:00.000Z', deviceId: null });

const page = (events: AuditEvent[], nextCursor: string | null = null) => ({ body: { events, nextCursor } });

/** The fake cloud: venues, members and the given audit routes. */
const cloud = (routes: Record<string, FakeRoute>) =>
  fakeCloud({
    ...venueRoutes(VENUES),
    'GET /org/members': { body: { organisationId: 'o1', members: MEMBERS } },
    ...routes,
  });

const rowTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('audit timeline (issue 21)', () => {
  it('the organisation’s activity: newest first, by day, who, what, from where; the amp by its name', async () => {
    const api = cloud({ 'GET /audit': page([GAIN, OFFLINE, RENAMED, OLD]) });
    renderCloud('/activity', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const today = await screen.findByRole('list', { name: 'Today' });
    const [gain] = within(today).getAllByRole('listitem');
    expect(gain).toHaveTextContent(
      'ada@example.com changed /amp/channels/1/crossover/bandGainAndDelay gain from 0.0 dB to -3.5 dB',
    );
    expect(gain).toHaveTextContent('Amp: Left · 10.0.0.9 · Chrome 126 on Linux');
    expect(within(gain!).getByRole('time')).toHaveAttribute('dateTime', GAIN.at);
    expect(rowTexts(screen.getByRole('list', { name: 'Yesterday' }))).toEqual([
      expect.stringMatching(/Left went offline$/),
      expect.stringMatching(/ada@example.com renamed the venue Hall to Arena$/),
    ]);
    expect(screen.getByRole('list', { name: 'Monday, March 4, 2024' })).toHaveTextContent('created the venue Hall');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Monday, March 4, 2024',
    ]);
    const [call] = api.callsTo('GET /audit');
    expect(Object.fromEntries(call!.query)).toEqual({ limit: '50' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Load more asks for the next page with the cursor and appends it', async () => {
    const api = cloud({
      'GET /audit': (r) => (r.query.get('cursor') === 'c1' ? page([OLD]) : page([GAIN, RENAMED], 'c1')),
    });
    const { user } = renderCloud('/activity', { cloudApi: api });
    await screen.findByRole('list', { name: 'Today' });
    expect(screen.queryByText(/created the venue Hall/)).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/created the venue Hall/)).toBeInTheDocument();
    expect(api.callsTo('GET /audit').map((c) => c.query.get('cursor'))).toEqual([null, 'c1']);
    // the first page stays, the last page has no next
    expect(screen.getByText(/renamed the venue Hall to Arena/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by kinds, person and days: each change asks again; Clear filters asks for everything', async () => {
    const api = cloud({ 'GET /audit': (r) => page(r.query.get('kind') === 'amp.fault' ? [] : [GAIN]) });
    const { user } = renderCloud('/activity', { cloudApi: api });
    await screen.findByRole('list', { name: 'Today' });
    const last = () => Object.fromEntries(api.callsTo('GET /audit').at(-1)!.query);

    await user.click(screen.getByRole('combobox', { name: /^What/ }));
    const kinds = await screen.findByRole('listbox');
    expect(within(kinds).getByText('Changes by people')).toBeInTheDocument();
    expect(within(kinds).getByText('Amp events')).toBeInTheDocument();
    await user.click(within(kinds).getByRole('option', { name: 'Setting changed' }));
    await user.click(within(kinds).getByRole('option', { name: 'Amp offline' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(last().kind).toBe('device.setting,amp.offline'));
    expect(screen.getByRole('combobox', { name: /^What/ })).toHaveTextContent('Setting changed and 1 more');

    await user.click(screen.getByRole('combobox', { name: /^Who/ }));
    await user.click(await screen.findByRole('option', { name: 'ada@example.com' }));
    await waitFor(() => expect(last().actorId).toBe(ADA_ID));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-03' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-04' } });
    // local days: from the first one's midnight to the midnight after the last one
    await waitFor(() =>
      expect(last()).toMatchObject({
        from: new Date(2025, 2, 3).toISOString(),
        to: new Date(2025, 2, 5).toISOString(),
      }),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    expect(await screen.findByText('The end is before the start')).toBeInTheDocument();
    const asked = api.callsTo('GET /audit').length;

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(last()).toEqual({ limit: '50' }));
    expect(api.callsTo('GET /audit').length).toBeGreaterThan(asked);
    expect(screen.queryByText('The end is before the start')).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and when there is no activity at all', async () => {
    const api = cloud({ 'GET /audit': page([]) });
    const { user } = renderCloud('/activity', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^What/ }));
    await user.click(await screen.findByRole('option', { name: 'Fault' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
  });

  it('a timeline that could not be loaded offers Retry', async () => {
    let fail = true;
    const api = cloud({ 'GET /audit': () => (fail ? cloudError(500, 'Unknown') : page([GAIN])) });
    const { user } = renderCloud('/activity', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'The activity could not be loaded.' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Today' })).toBeInTheDocument();
  });

  it('a venue’s timeline from its header; an amp’s from its own page, beside the venue’s amps', async () => {
    setViewportWidth(1280);
    const api = cloud({ 'GET /venues/v1/audit': page([GAIN]), 'GET /devices/a1/audit': page([OFFLINE]) });
    const venue = renderCloud('/venues/v1', { cloudApi: api });
    await venue.user.click(await screen.findByRole('link', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { name: 'Activity: Arena', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Today' })).toHaveTextContent('changed /amp/channels/1');
    expect(screen.getByRole('link', { name: 'Back to the venue' })).toHaveAttribute('href', '/venues/v1');
    expect(api.callsTo('GET /venues/v1/audit')).toHaveLength(1);
    venue.unmount();

    const amp = renderCloud('/venues/v1/amps/a1/activity', { cloudApi: api });
    expect(await screen.findByRole('heading', { name: 'Activity: Left', level: 1 })).toBeInTheDocument();
    // on the amp's own timeline its events are the amp's
    expect(await screen.findByRole('list', { name: 'Yesterday' })).toHaveTextContent(/The amp went offline$/);
    expect(screen.getByRole('link', { name: 'Back to the amp' })).toHaveAttribute('href', '/venues/v1/amps/a1');
    expect(screen.getByRole('list', { name: 'Amps' })).toHaveTextContent('Left');
    expect(api.callsTo('GET /devices/a1/audit')).toHaveLength(1);
    amp.unmount();
  });
});

describe('CSV export', () => {
  // jsdom has no Blob URLs nor downloads: the test stands in for them and puts the originals back
  const saved = (['createObjectURL', 'revokeObjectURL'] as const).map((m) => Object.getOwnPropertyDescriptor(URL, m));
  let blobs: Blob[];
  let downloads: string[];
  beforeEach(() => {
    blobs = [];
    downloads = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:audit')),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    (['createObjectURL', 'revokeObjectURL'] as const).forEach((m, i) => {
      const d = saved[i];
      if (d) Object.defineProperty(URL, m, d);
      else Reflect.deleteProperty(URL, m);
    });
    vi.restoreAllMocks();
  });

  /** The fake cloud with a CSV route answering text (after `release` when given). */
  function csvCloud(reply: { status: number; text: string }, release?: Promise<void>): FakeCloud {
    const api = cloud({ 'GET /devices/a1/audit': page([GAIN]) });
    const json = api.fetch;
    const csvFetch: FakeCloud['fetch'] = async (input, init) => {
      if (!new URL(input, 'http://cloud.test').pathname.endsWith('.csv')) return json(input, init);
      await json(input, init); // recorded (its 404 body is not used)
      await release;
      return new Response(reply.text, { status: reply.status, headers: { 'content-type': 'text/csv' } });
    };
    return { ...api, fetch: csvFetch };
  }

  it('downloads the amp’s CSV with the filters as rackside-audit-{amp}-{date}.csv, a spinner meanwhile', async () => {
    let release = () => undefined as void;
    const api = csvCloud(
      { status: 200, text: 'at,kind\r\n2025-03-03T10:00:00.000Z,device.setting\r\n' },
      new Promise<void>((r) => (release = r)),
    );
    const { user } = renderCloud('/venues/v1/amps/a1/activity', { cloudApi: api });
    await screen.findByRole('list', { name: 'Today' });
    await user.click(screen.getByRole('combobox', { name: /^What/ }));
    await user.click(await screen.findByRole('option', { name: 'Setting changed' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const [call] = api.calls.filter((c) => c.path === '/devices/a1/audit.csv');
    expect(Object.fromEntries(call!.query)).toEqual({ kind: 'device.setting' });
    expect(call!.bearer).toBe('id-1');
    release();
    await screen.findByRole('button', { name: 'Export CSV' });
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(downloads).toEqual([`rackside-audit-left-${day}.csv`]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // the byte order mark the cloud sent (fetch's text() drops it) is put back for spreadsheets
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('at,kind\r\n2025-03-03T10:00:00.000Z,device.setting\r\n');
  });

  it('says so when the export fails, and saves nothing', async () => {
    const api = csvCloud({ status: 500, text: '{"error":"Unknown","message":"boom"}' });
    const { user } = renderCloud('/venues/v1/amps/a1/activity', { cloudApi: api });
    await screen.findByRole('list', { name: 'Today' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed. Try again.');
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
