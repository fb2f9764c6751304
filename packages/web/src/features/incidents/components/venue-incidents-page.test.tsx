import type { Incident } from '@rackside/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud, type FakeRequest } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { event, incident, minutesAgo } from '../incidents.test-utils';

const VENUES = [{ venueId: 'v1', name: 'Arena', amps: [{ id: 'a1', name: 'Left' }] }];

const SHORT = incident({
  deviceId: 'a1',
  deviceName: 'Left',
  condition: { type: 'channelFault', channel: 1 },
  openedAt: minutesAgo(90),
});
const LOAD = incident({
  deviceId: 'a2',
  deviceName: 'Right',
  severity: 'Warning',
  condition: { type: 'loadMonitor', detail: 'Open' },
  openedAt: minutesAgo(5),
  acknowledgedAt: minutesAgo(2),
  acknowledgedBy: 'Ada Lovelace',
});
const OFFLINE = incident({
  deviceId: 'a2',
  deviceName: 'Right',
  severity: 'Warning',
  condition: { type: 'offline' },
  state: 'resolved',
  openedAt: minutesAgo(200),
  resolvedAt: minutesAgo(150),
  flapping: true,
  flapCount: 6,
});
const STANDBY = incident({
  deviceId: 'a1',
  deviceName: 'Left',
  severity: 'Info',
  condition: { type: 'event', detail: 'Standby on' },
  state: 'resolved',
  openedAt: minutesAgo(30),
  resolvedAt: minutesAgo(30),
});

/** The fake /incidents: answers the query's state and venue over `all`; the ack marks the incident acknowledged. */
function incidentsCloud(all: Incident[], extra = {}) {
  let incidents = all;
  const list = (r: FakeRequest) => ({
    body: {
      incidents: incidents.filter(
        (i) =>
          (!r.query.get('state') || i.state === r.query.get('state')) &&
          (!r.query.get('venueId') || i.venueId === r.query.get('venueId')),
      ),
    },
  });
  const routes = { ...venueRoutes(VENUES), 'GET /incidents': list };
  for (const i of all) {
    const path = `/incidents/${i.incidentId}`;
    Object.assign(routes, {
      [`GET ${path}`]: () => ({
        body: {
          incident: incidents.find((x) => x.incidentId === i.incidentId),
          timeline: [
            event('opened'),
            event('notified', 'e-mail to sam@example.com'),
            event('reminded', 'SMS to +12015550123'),
            event('escalated', 'e-mail to boss@example.com'),
            event('acknowledged', 'Ada Lovelace'),
          ],
        },
      }),
      [`POST ${path}/ack`]: () => {
        incidents = incidents.map((x) =>
          x.incidentId === i.incidentId
            ? { ...x, acknowledgedAt: new Date().toISOString(), acknowledgedBy: 'Ada Lovelace' }
            : x,
        );
        return { body: { incident: incidents.find((x) => x.incidentId === i.incidentId), timeline: [] } };
      },
    });
  }
  return fakeCloud({ ...routes, ...extra });
}

const rowOf = (text: string) => screen.getByText(text).closest('li')!;

describe('venue incidents page (issue 15)', () => {
  it('lists open incidents first then the history, newest first, each with severity, amp, condition and times', async () => {
    const { api } = renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([OFFLINE, SHORT, STANDBY, LOAD]) });
    expect(await screen.findByRole('heading', { name: 'Incidents: Arena', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('GET /incidents')[0]?.query.get('venueId')).toBe('v1');
    const open = within(screen.getByRole('list', { name: 'Open' })).getAllByRole('listitem');
    const history = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(open.map((r) => within(r).getByText(/Load monitor|Channel/).textContent)).toEqual([
      'Load monitor: Open',
      'Channel 1: output faulted',
    ]);
    expect(history.map((r) => r.querySelector('p')?.textContent)).toEqual(['Standby on', 'Amp offline']);

    const short = rowOf('Channel 1: output faulted');
    expect(within(short).getByText('Critical')).toBeInTheDocument();
    expect(within(short).getByRole('link', { name: 'Left' })).toHaveAttribute('href', '/venues/v1/amps/a1');
    const opened = within(short).getAllByRole('time')[0]!;
    expect(opened).toHaveTextContent('1 hour ago');
    expect(opened).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(short).toHaveTextContent('Duration 1 hr 30 min');

    const load = rowOf('Load monitor: Open');
    expect(within(load).getByText('Warning')).toBeInTheDocument();
    expect(load).toHaveTextContent('Acknowledged by Ada Lovelace');
    expect(within(load).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();

    const offline = rowOf('Amp offline');
    expect(within(offline).getByText('Flapping ×6')).toBeInTheDocument();
    expect(offline).toHaveTextContent('Resolved');
    expect(within(offline).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
  });

  it('acknowledges an open incident: the request is sent and the row shows who acknowledged', async () => {
    const { user, api } = renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([SHORT, LOAD]) });
    const ack = await screen.findByRole('button', { name: 'Acknowledge: Channel 1: output faulted on Left' });
    ack.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(`POST /incidents/${SHORT.incidentId}/ack`)).toHaveLength(1));
    const short = rowOf('Channel 1: output faulted');
    await waitFor(() => expect(short).toHaveTextContent('Acknowledged by Ada Lovelace'));
    expect(within(short).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
  });

  it('says so when acknowledging fails, and keeps the button', async () => {
    const { user } = renderCloud('/venues/v1/faults', {
      cloudApi: incidentsCloud([SHORT], { [`POST /incidents/${SHORT.incidentId}/ack`]: cloudError(500, 'Unknown') }),
    });
    await user.click(await screen.findByRole('button', { name: /^Acknowledge/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be acknowledged');
    expect(screen.getByRole('button', { name: /^Acknowledge/ })).toBeEnabled();
  });

  it('filters by state and severity', async () => {
    const { user, api } = renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([SHORT, LOAD, OFFLINE]) });
    await screen.findByText('Amp offline');
    await user.click(screen.getByRole('button', { name: 'Open only' }));
    await waitFor(() => expect(screen.queryByText('Amp offline')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls.some((c) => c.query.get('state') === 'open')).toBe(true));
    expect(screen.getByText('Channel 1: output faulted')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    expect(screen.queryByText('Channel 1: output faulted')).not.toBeInTheDocument();
    expect(screen.getByText('Load monitor: Open')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Info' }));
    expect(await screen.findByRole('heading', { name: 'No incidents' })).toBeInTheDocument();
  });

  it('shows the timeline: who was notified, reminded, escalated and who acknowledged', async () => {
    const { user } = renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([SHORT]) });
    const toggle = await screen.findByRole('button', { name: 'Timeline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const timeline = await screen.findByRole('list', { name: 'Timeline of Channel 1: output faulted on Left' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((e) => e.textContent?.split(' · ')[0]),
    ).toEqual([
      'Opened',
      'Notified (e-mail to sam@example.com)',
      'Reminded (SMS to +12015550123)',
      'Escalated (e-mail to boss@example.com)',
      'Acknowledged (Ada Lovelace)',
    ]);
  });

  it("says 'No incidents', and offers Retry when they could not be loaded", async () => {
    const view = renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([]) });
    expect(await screen.findByRole('heading', { name: 'No incidents' })).toBeInTheDocument();
    view.unmount();
    const api = incidentsCloud([], { 'GET /incidents': cloudError(500, 'Unknown') });
    const { user } = renderCloud('/venues/v1/faults', { cloudApi: api });
    expect(await screen.findByText('The incidents could not be loaded.')).toBeInTheDocument();
    api.on({ 'GET /incidents': { body: { incidents: [SHORT] } } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Channel 1: output faulted')).toBeInTheDocument();
  });

  it('speaks Spanish and Chinese', async () => {
    const prefs = (language: 'es' | 'zh') => ({ language, darkMode: false, delayUnits: 'Milliseconds' as const });
    const es = renderCloud('/venues/v1/faults', {
      cloudApi: incidentsCloud([SHORT, LOAD]),
      preloaded: { preferences: prefs('es') },
    });
    expect(await screen.findByText('Canal 1: salida en fallo')).toBeInTheDocument();
    expect(screen.getByText('Monitor de carga: Open')).toBeInTheDocument();
    expect(screen.getByText('Crítico')).toBeInTheDocument();
    es.unmount();
    renderCloud('/venues/v1/faults', { cloudApi: incidentsCloud([SHORT]), preloaded: { preferences: prefs('zh') } });
    expect(await screen.findByText('通道 1：输出故障')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^确认/ })).toBeInTheDocument();
  });
});
