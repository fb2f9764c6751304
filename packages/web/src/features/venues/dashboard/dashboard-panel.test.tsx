import type { Incident } from '@rackside/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { incident, minutesAgo } from '../../incidents/incidents.test-utils';
import { venueRoutes, type VenueFixture } from '../../../testing/cloud-venues';
import { fakeCloud, type FakeRoute } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { setViewportWidth } from '../../../testing/viewport';

type Logs = Record<string, { faults?: string; events?: string }>;

/**
 * The fake cloud of these venues, with the given amps' fault and event logs (newline-separated) and incidents (all
 * of them answered, so the dashboard's own rule is tested: only open Critical and Warning ones are faults).
 */
function cloudWith(venues: VenueFixture[], logs: Logs = {}, incidents: Incident[] = INCIDENTS) {
  const routes: Record<string, FakeRoute> = venueRoutes(venues);
  for (const v of venues) {
    const reply = routes[`POST /venues/${v.venueId}/devices/attributes`] as {
      body: { devices: { deviceId: string; shadowAttributes: { reported: { logs: object } } }[] };
    };
    for (const d of reply.body.devices)
      d.shadowAttributes.reported.logs = { ...d.shadowAttributes.reported.logs, ...logs[d.deviceId] };
  }
  return fakeCloud({ ...routes, 'GET /incidents': { body: { incidents } } });
}

const VENUES: VenueFixture[] = [
  {
    venueId: 'v1',
    name: 'Arena',
    amps: [
      { id: 'a1', name: 'Left', fault: true },
      { id: 'a2', name: 'Right', connected: false },
    ],
  },
  { venueId: 'v2', name: 'Club', amps: [{ id: 'a3', name: 'Sub', update: true }] },
];
const LOGS: Logs = {
  a1: { faults: 'Ch 1 short\n\nCh 2 short\nPSU fault\n', events: 'Standby off' },
  a3: { events: 'Standby on\n2026-11-21T08:40:00.000Z Network: link restored\n' },
};

/** Left: a short and a warning, open; Sub: a cleared fault and an open Info event, neither a fault. */
const INCIDENTS: Incident[] = [
  incident({ deviceId: 'a1', condition: { type: 'channelFault', channel: 1 }, openedAt: minutesAgo(20) }),
  incident({
    deviceId: 'a1',
    severity: 'Warning',
    condition: { type: 'thermal', channel: 2 },
    openedAt: minutesAgo(3),
  }),
  incident({
    deviceId: 'a3',
    venueId: 'v2',
    condition: { type: 'loadMonitor', channel: 1, detail: 'Open' },
    state: 'resolved',
    resolvedAt: minutesAgo(1),
  }),
  incident({ deviceId: 'a3', venueId: 'v2', severity: 'Info', condition: { type: 'event', detail: 'Standby on' } }),
];

const tile = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Totals and filters' })).getByRole('button', { name });
const ampNames = () =>
  within(screen.getByRole('table', { name: 'Amps' }))
    .queryAllByRole('link')
    .filter((l) => l.getAttribute('href')?.includes('/amps/'))
    .map((l) => l.textContent);

afterEach(() => setViewportWidth(375));

describe('dashboard (spec 1 §2)', () => {
  it('counts venues, amps, and the amps with a firmware update, offline, with open faults and with events', async () => {
    const { api } = renderCloud('/venues/dashboard', { cloudApi: cloudWith(VENUES, LOGS) });
    expect(await screen.findByRole('group', { name: 'Venues: 2' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Amps: 3' })).toBeInTheDocument();
    expect(tile(/^Firmware/)).toHaveAccessibleName('Firmware: 1');
    expect(tile(/^Offline/)).toHaveAccessibleName('Offline: 1');
    await waitFor(() => expect(tile(/^Faults/)).toHaveAccessibleName('Faults: 1'));
    expect(tile(/^Events/)).toHaveAccessibleName('Events: 2');
    expect(api.callsTo('GET /incidents')[0]?.query.get('state')).toBe('open');
  });

  it('counts an amp as faulty only while it has an open Critical or Warning incident, never for its fault log', async () => {
    const venues = [{ venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'Left', fault: true }] }];
    const cleared = INCIDENTS.filter((i) => i.deviceId === 'a1').map((i) => ({
      ...i,
      state: 'resolved' as const,
      resolvedAt: minutesAgo(1),
    }));
    renderCloud('/venues/dashboard', { cloudApi: cloudWith(venues, LOGS, cleared) });
    // 'looking good' waits for the incidents: once it shows, they are known
    expect(await screen.findByRole('status')).toHaveTextContent('Looking good!');
    expect(tile(/^Faults/)).toHaveAccessibleName('Faults: 0');
    expect(tile(/^Faults/)).toBeDisabled();
    const left = screen.getByRole('link', { name: 'Left' }).closest('tr')!;
    expect(left.querySelector('[data-log="fault"]')).toBeNull();
    expect(within(left).queryByText('PSU fault')).not.toBeInTheDocument();
    expect(within(left).queryByText(/output faulted/)).not.toBeInTheDocument();
  });

  it('toggles filters that narrow the table to the amps matching any of them; a tile at 0 cannot be clicked', async () => {
    const venues = [{ ...VENUES[0]!, amps: [...VENUES[0]!.amps!, { id: 'a4', name: 'Fill' }] }];
    const { user } = renderCloud('/venues/dashboard', { cloudApi: cloudWith(venues, LOGS) });
    await screen.findByRole('table', { name: 'Amps' });
    await waitFor(() => expect(tile(/^Faults/)).toBeEnabled());
    expect(ampNames()).toEqual(['Fill', 'Left', 'Right']);
    expect(tile(/^Firmware/)).toBeDisabled();

    await user.click(tile(/^Faults/));
    expect(tile(/^Faults/)).toHaveAttribute('aria-pressed', 'true');
    expect(ampNames()).toEqual(['Left']);
    await user.click(tile(/^Offline/));
    expect(ampNames()).toEqual(['Left', 'Right']);
    await user.click(tile(/^Faults/));
    expect(tile(/^Faults/)).toHaveAttribute('aria-pressed', 'false');
    expect(ampNames()).toEqual(['Right']);
    await user.click(screen.getByRole('button', { name: 'Show all amps' }));
    expect(ampNames()).toEqual(['Fill', 'Left', 'Right']);
  });

  it("shows each amp's newest open fault with '(+n)' for its other open ones, its latest event, and links", async () => {
    renderCloud('/venues/dashboard', { cloudApi: cloudWith(VENUES, LOGS) });
    await screen.findByRole('link', { name: 'Left' });
    const left = screen.getByRole('link', { name: 'Left' }).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Left' })).toHaveAttribute('href', '/venues/v1/amps/a1');
    const fault = await within(left).findByRole('link', { name: 'Channel 2: output thermal warning' });
    expect(fault).toHaveAttribute('href', '/venues/v1/faults');
    expect(left.querySelector('[data-log="fault"]')).toHaveAttribute('data-severity', 'Warning');
    expect(within(left).getByText('(+1)')).toBeInTheDocument();
    expect(within(left).queryByText('PSU fault')).not.toBeInTheDocument();
    expect(within(left).getByText('Standby off')).toBeInTheDocument();
    expect(within(left).getAllByText(/\(\+\d+\)/)).toHaveLength(1);
    const sub = screen.getByRole('link', { name: 'Sub' }).closest('tr')!;
    // a cleared fault is history: never shown, never red
    expect(sub.querySelector('[data-log="fault"]')).toBeNull();
    expect(within(sub).queryByText(/Load monitor/i)).not.toBeInTheDocument();
    expect(within(sub).getByText('Network: link restored')).toBeInTheDocument();
    expect(within(sub).getByText('(+1)')).toBeInTheDocument();
    expect(within(sub).getByRole('time')).toHaveAttribute('datetime', '2026-11-21T08:40:00.000Z');
    expect(within(sub).getByRole('link', { name: 'Update available' })).toHaveAttribute('href', '/update');
    expect(within(screen.getByRole('link', { name: 'Right' }).closest('tr')!).getByText('Offline')).toBeInTheDocument();
  });

  it("says 'looking good' when every amp is online and none has faults, and not otherwise", async () => {
    const view = renderCloud('/venues/dashboard', {
      cloudApi: cloudWith(
        [{ venueId: 'v', name: 'Hall', amps: [{ id: 'a', name: 'Main', update: true, fault: true }] }],
        { a: { events: 'Standby off', faults: 'Channel 1: load open cleared\n' } },
        [],
      ),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Looking good!');
    expect(screen.getByRole('link', { name: 'Main' })).toBeInTheDocument();
    view.unmount();
    renderCloud('/venues/dashboard', { cloudApi: cloudWith(VENUES, LOGS) });
    await screen.findByRole('table', { name: 'Amps' });
    expect(screen.queryByText('Looking good!')).not.toBeInTheDocument();
  });

  it('fills the wide main area of /venues with the six-column table', async () => {
    setViewportWidth(1280);
    renderCloud('/venues', { cloudApi: cloudWith(VENUES, LOGS) });
    const table = await screen.findByRole('table', { name: 'Amps' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Venue', 'Amp', 'Status', 'Firmware', 'Latest fault', 'Latest event']);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('says so when there are no amps yet', async () => {
    renderCloud('/venues/dashboard', { cloudApi: cloudWith([{ venueId: 'v', name: 'Hall' }]) });
    expect(await screen.findByRole('heading', { name: 'No amps yet' })).toBeInTheDocument();
    expect(tile(/^Faults/)).toBeDisabled();
  });

  it('speaks Spanish and Chinese (in dark mode)', async () => {
    const preferences = (language: 'es' | 'zh') => ({ language, darkMode: true, delayUnits: 'Milliseconds' as const });
    const es = renderCloud('/venues/dashboard', {
      cloudApi: cloudWith(VENUES, LOGS),
      preloaded: { preferences: preferences('es') },
    });
    expect(await screen.findByRole('button', { name: 'Fallos: 1' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Último fallo y evento' })).toBeInTheDocument();
    es.unmount();
    renderCloud('/venues/dashboard', {
      cloudApi: cloudWith(VENUES, LOGS),
      preloaded: { preferences: preferences('zh') },
    });
    expect(await screen.findByRole('button', { name: '故障：1' })).toBeEnabled();
    expect(screen.getByRole('group', { name: '功放：3' })).toBeInTheDocument();
  });
});
