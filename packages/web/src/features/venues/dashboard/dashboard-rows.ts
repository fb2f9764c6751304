/** The rows of the dashboard's amp table (spec 1 §2 Dashboard), one per amp of every venue. */
import { compareNames, type Incident } from '@rackside/protocol';
import type { VenueOverview } from '../venue-overview';
import type { IncidentDashboardRow } from './dashboard-filter';

export interface DashboardAmpRow extends IncidentDashboardRow {
  readonly venueId: string;
  readonly venueName: string;
  readonly ampId: string;
  readonly ampName: string;
}

const newestFirst = (a: Incident, b: Incident) => Date.parse(b.openedAt) - Date.parse(a.openedAt);

/**
 * Every amp of every venue, by venue name then amp name, with its open Critical and Warning incidents (issue 15:
 * the faults that are live now, newest first; a cleared fault is history, not a row's fault). An offline amp offers
 * no firmware update: it cannot take one (the venue card's rule, spec 1 §2).
 */
export function dashboardRowsOf(
  venues: readonly VenueOverview[],
  openIncidents: readonly Incident[] = [],
): DashboardAmpRow[] {
  const faultsOf = new Map<string, Incident[]>();
  for (const i of openIncidents)
    if (i.state === 'open' && (i.severity === 'Critical' || i.severity === 'Warning'))
      faultsOf.set(i.deviceId, [...(faultsOf.get(i.deviceId) ?? []), i]);
  return venues
    .flatMap((venue) =>
      venue.amps.map((amp) => ({
        venueId: venue.venueId,
        venueName: venue.name,
        ampId: amp.summary.ampId,
        ampName: amp.summary.deviceName || amp.summary.ampId,
        isConnected: amp.summary.isConnected,
        hasAvailableFirmwareUpdate: amp.summary.isConnected && amp.summary.hasAvailableFirmwareUpdate,
        openFaults: (faultsOf.get(amp.summary.ampId) ?? []).sort(newestFirst),
        events: amp.events,
      })),
    )
    .sort((a, b) => compareNames(a.venueName, b.venueName) || compareNames(a.ampName, b.ampName));
}

/** /venues/:venueId/amps/:ampId: the amp in its venue. */
export const ampPath = (row: Pick<DashboardAmpRow, 'venueId' | 'ampId'>): string =>
  `/venues/${encodeURIComponent(row.venueId)}/amps/${encodeURIComponent(row.ampId)}`;
