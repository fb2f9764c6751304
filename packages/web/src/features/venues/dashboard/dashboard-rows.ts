/** The rows of the dashboard's amp table (spec 1 §2 Dashboard), one per amp of every venue. */
import { compareNames, type DashboardRow } from '@rackside/protocol';
import type { VenueOverview } from '../venue-overview';

export interface DashboardAmpRow extends DashboardRow {
  readonly venueId: string;
  readonly venueName: string;
  readonly ampId: string;
  readonly ampName: string;
}

/**
 * Every amp of every venue, by venue name then amp name. An offline amp offers no firmware update: it cannot take
 * one (the venue card's rule, spec 1 §2).
 */
export function dashboardRowsOf(venues: readonly VenueOverview[]): DashboardAmpRow[] {
  return venues
    .flatMap((venue) =>
      venue.amps.map((amp) => ({
        venueId: venue.venueId,
        venueName: venue.name,
        ampId: amp.summary.ampId,
        ampName: amp.summary.deviceName || amp.summary.ampId,
        isConnected: amp.summary.isConnected,
        hasAvailableFirmwareUpdate: amp.summary.isConnected && amp.summary.hasAvailableFirmwareUpdate,
        faults: amp.faults,
        events: amp.events,
      })),
    )
    .sort((a, b) => compareNames(a.venueName, b.venueName) || compareNames(a.ampName, b.ampName));
}

/** /venues/:venueId/amps/:ampId: the amp in its venue. */
export const ampPath = (row: Pick<DashboardAmpRow, 'venueId' | 'ampId'>): string =>
  `/venues/${encodeURIComponent(row.venueId)}/amps/${encodeURIComponent(row.ampId)}`;
