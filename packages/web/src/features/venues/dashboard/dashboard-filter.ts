/**
 * spec 1 §2 dashboard filters with issue 15's faults: the Faults filter and tile count the amps with an OPEN
 * Critical or Warning incident, not the entries of the amp's fault log (which keeps cleared faults). The other
 * filters are protocol/rules/dashboard.ts's, unchanged.
 */
import {
  DASHBOARD_FILTER,
  hasDashboardFilter,
  logLineCount,
  type DashboardCounts,
  type DashboardFilter,
  type Incident,
} from '@rackside/protocol';

/** One dashboard row, as far as filters need it. */
export interface IncidentDashboardRow {
  readonly hasAvailableFirmwareUpdate: boolean;
  readonly isConnected: boolean;
  /** The amp's open Critical and Warning incidents, newest first. */
  readonly openFaults: readonly Incident[];
  /** The amp's event log, newline-separated. */
  readonly events: string;
}

/** With no filter on every row shows; otherwise a row shows when it matches any filter that is on. */
export function matchesIncidentDashboardFilter(row: IncidentDashboardRow, flags: number): boolean {
  if ((flags & 15) === DASHBOARD_FILTER.None) return true;
  return (
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Firmware) && row.hasAvailableFirmwareUpdate) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Offline) && !row.isConnected) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Faults) && row.openFaults.length > 0) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Events) && logLineCount(row.events) > 0)
  );
}

/** The counts of the firmware, offline, faults and events tiles: the rows each filter alone would show. */
export function incidentDashboardCounts(rows: readonly IncidentDashboardRow[]): DashboardCounts {
  const count = (filter: DashboardFilter) => rows.filter((r) => matchesIncidentDashboardFilter(r, filter)).length;
  return {
    firmware: count(DASHBOARD_FILTER.Firmware),
    offline: count(DASHBOARD_FILTER.Offline),
    faults: count(DASHBOARD_FILTER.Faults),
    events: count(DASHBOARD_FILTER.Events),
  };
}
