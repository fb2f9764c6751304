import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { fakeCloud } from '../../../testing/fake-cloud';
import { devicesWith } from '../../../testing/fixtures';
import { renderCloud } from '../../../testing/render-cloud';
import { setViewportWidth } from '../../../testing/viewport';
import { incident, minutesAgo } from '../incidents.test-utils';

const AMP = '10.0.0.1';
const VENUES = [{ venueId: 'v1', name: 'Arena', amps: [{ id: AMP, name: 'Left' }] }];
const THERMAL = incident({
  deviceId: AMP,
  deviceName: 'Left',
  severity: 'Warning',
  condition: { type: 'thermal', channel: 2 },
  state: 'resolved',
  resolvedAt: minutesAgo(1),
});

afterEach(() => setViewportWidth(375));

describe("an amp's incidents in the cloud amp detail (issue 15)", () => {
  it('opens from the header and lists only that amp’s incidents, with their timelines', async () => {
    const api = fakeCloud({
      ...venueRoutes(VENUES),
      'GET /incidents': { body: { incidents: [THERMAL] } },
      [`GET /incidents/${THERMAL.incidentId}`]: {
        body: { incident: THERMAL, timeline: [{ at: minutesAgo(9), type: 'opened', actor: null, detail: null }] },
      },
    });
    const { user } = renderCloud(`/venues/v1/amps/${AMP}/settings`, {
      cloudApi: api,
      preloaded: { devices: devicesWith([{ ip: AMP, name: 'Left' }]) },
    });
    await screen.findByRole('heading', { name: 'Left', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Incidents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Incidents of Left' });
    expect(await within(dialog).findByText('Channel 2: output thermal warning')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /incidents')[0]?.query.get('deviceId')).toBe(AMP));
    await user.click(within(dialog).getByRole('button', { name: 'Timeline' }));
    expect(await within(dialog).findByText('Opened', { selector: 'li', exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is reached from the venue header, which badges the open faults', async () => {
    setViewportWidth(1280);
    const api = fakeCloud({
      ...venueRoutes(VENUES),
      'GET /incidents': { body: { incidents: [{ ...THERMAL, state: 'open', resolvedAt: null }] } },
    });
    const { user, router } = renderCloud('/venues/v1', { cloudApi: api });
    const link = await screen.findByRole('link', { name: 'Incidents: 1 open fault' });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/v1/faults'));
    expect(await screen.findByRole('heading', { name: 'Incidents: Arena', level: 1 })).toBeInTheDocument();
  });
});
