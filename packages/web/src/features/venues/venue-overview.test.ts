import { describe, expect, it } from 'vitest';
import { venueRoutes, type VenueFixture } from '../../testing/cloud-venues';
import { cloudAmpsOf, sortVenueAmps, venueStatus, visibleVenues, type VenueOverview } from './venue-overview';

/** The overview of fixtures, as the overview query builds it. */
function overview(fixtures: VenueFixture[]): VenueOverview[] {
  const routes = venueRoutes(fixtures);
  const body = (key: string) => (routes[key] as { body: never }).body;
  return fixtures.map((f) => ({
    venueId: f.venueId,
    name: f.name,
    amps: cloudAmpsOf(
      f.venueId,
      body(`GET /venues/${f.venueId}/devices`),
      body(`POST /venues/${f.venueId}/devices/attributes`),
    ),
    devicesFailed: false,
  }));
}

describe('venue overview (spec 1 §2, §3)', () => {
  it('derives each amp summary from its reported shadow and firmware summary', () => {
    const [venue] = overview([
      { venueId: 'v', name: 'Hall', amps: [{ id: 'a', name: 'Left', fault: true, update: true }] },
    ]);
    expect(venue?.amps[0]).toMatchObject({
      summary: { ampId: 'a', deviceName: 'Left', ipAddress: '10.0.0.1', isConnected: true, hasFault: true },
      faults: 'Power supply fault\n',
    });
    expect(venue?.amps[0]?.summary.hasAvailableFirmwareUpdate).toBe(true);
  });

  it("counts 'N of M amps online', takes fault and warning from connected amps, and offers firmware only when one is connected", () => {
    const [a, b] = overview([
      {
        venueId: 'a',
        name: 'A',
        amps: [
          { id: '1', name: 'x', warning: true },
          { id: '2', name: 'y', connected: false, fault: true, update: true },
        ],
      },
      { venueId: 'b', name: 'B', amps: [{ id: '3', name: 'z', connected: false, update: true }] },
    ]);
    expect(venueStatus(a!.amps)).toEqual({
      ampCount: 2,
      connectedAmpCount: 1,
      hasFault: false,
      hasWarning: true,
      hasAvailableFirmwareUpdate: true,
      venuesErrorStatus: 'warning',
    });
    expect(venueStatus(b!.amps)).toMatchObject({ connectedAmpCount: 0, hasAvailableFirmwareUpdate: false });
  });

  it('searches by name and sorts by name or by error status (fault, warning, none)', () => {
    const venues = overview([
      { venueId: '1', name: 'beta', amps: [{ id: 'a', name: 'a', warning: true }] },
      { venueId: '2', name: 'Alpha' },
      { venueId: '3', name: 'gamma', amps: [{ id: 'b', name: 'b', fault: true }] },
      { venueId: '4', name: 'delta', amps: [{ id: 'c', name: 'c', fault: true, warning: true }] },
    ]);
    const names = (list: VenueOverview[]) => list.map((v) => v.name);
    expect(names(visibleVenues(venues, '', 'name'))).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(names(visibleVenues(venues, '', 'status'))).toEqual(['delta', 'gamma', 'beta', 'Alpha']);
    expect(names(visibleVenues(venues, 'TA', 'name'))).toEqual(['beta', 'delta']);
  });

  it('sorts a venue’s amps by faults first or by name (query parameter s)', () => {
    const [venue] = overview([
      {
        venueId: 'v',
        name: 'V',
        amps: [
          { id: '1', name: 'Bass' },
          { id: '2', name: 'Zone', fault: true },
          { id: '3', name: 'Amp' },
        ],
      },
    ]);
    const names = (s: 'faults' | 'name') => sortVenueAmps(venue!.amps, s).map((a) => a.summary.deviceName);
    expect(names('name')).toEqual(['Amp', 'Bass', 'Zone']);
    expect(names('faults')).toEqual(['Zone', 'Amp', 'Bass']);
  });
});
