/** Cloud dashboard rules of spec 1 §2: filter flags, tiles and the device log lines. */

/** spec 1 §2: dashboard filter flag values. */
export const DASHBOARD_FILTER = { None: 0, Firmware: 1, Offline: 2, Faults: 4, Events: 8 } as const;
export type DashboardFilter = (typeof DASHBOARD_FILTER)[keyof typeof DASHBOARD_FILTER];

/** spec 1 §2: turns one filter on or off in a set of flags. */
export const toggleDashboardFilter = (flags: number, filter: DashboardFilter): number => flags ^ filter;

/** spec 1 §2: true when a filter is on. */
export const hasDashboardFilter = (flags: number, filter: DashboardFilter): boolean =>
  filter !== DASHBOARD_FILTER.None && (flags & filter) === filter;

/** spec 1 §2: a filter tile is clickable only when its count is above 0. */
export const isTileClickable = (count: number): boolean => count > 0;

/** One dashboard row, as far as filters need it. */
export interface DashboardRow {
  readonly hasAvailableFirmwareUpdate: boolean;
  readonly isConnected: boolean;
  readonly faults: string;
  readonly events: string;
}

/** spec 1 §2: with no filter on every row shows; otherwise a row shows when it matches any filter that is on. */
export function matchesDashboardFilter(row: DashboardRow, flags: number): boolean {
  if ((flags & 15) === DASHBOARD_FILTER.None) return true;
  return (
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Firmware) && row.hasAvailableFirmwareUpdate) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Offline) && !row.isConnected) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Faults) && logLineCount(row.faults) > 0) ||
    (hasDashboardFilter(flags, DASHBOARD_FILTER.Events) && logLineCount(row.events) > 0)
  );
}

/** spec 1 §2: the non-empty lines of a newline-separated device log (blank lines do not count). */
export const logLines = (log: string | null | undefined): string[] =>
  (log ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');

/** spec 1 §2: the number of entries of a device log. */
export const logLineCount = (log: string | null | undefined): number => logLines(log).length;

/** spec 1 §2: the latest entry of a device log (its last non-empty line), or '' when empty. */
export const latestLogLine = (log: string | null | undefined): string => logLines(log).at(-1) ?? '';

/** spec 1 §2: the '(+n)' count of entries hidden behind the latest one, or '' when there are none. */
export function hiddenLogCountLabel(log: string | null | undefined): string {
  const hidden = logLineCount(log) - 1;
  return hidden > 0 ? `(+${hidden})` : '';
}

/** spec 1 §2: the filter tiles, in the order they show, with the flag each toggles. */
export const DASHBOARD_FILTER_TILES = [
  { key: 'firmware', filter: DASHBOARD_FILTER.Firmware },
  { key: 'offline', filter: DASHBOARD_FILTER.Offline },
  { key: 'faults', filter: DASHBOARD_FILTER.Faults },
  { key: 'events', filter: DASHBOARD_FILTER.Events },
] as const;
export type DashboardFilterKey = (typeof DASHBOARD_FILTER_TILES)[number]['key'];

/** spec 1 §2: each filter tile's count, the number of rows that filter alone would show. */
export type DashboardCounts = Readonly<Record<DashboardFilterKey, number>>;

/** spec 1 §2: the counts of the firmware, offline, faults and events tiles. */
export function dashboardCounts(rows: readonly DashboardRow[]): DashboardCounts {
  const count = (filter: DashboardFilter) => rows.filter((r) => matchesDashboardFilter(r, filter)).length;
  return {
    firmware: count(DASHBOARD_FILTER.Firmware),
    offline: count(DASHBOARD_FILTER.Offline),
    faults: count(DASHBOARD_FILTER.Faults),
    events: count(DASHBOARD_FILTER.Events),
  };
}

/**
 * spec 1 §2: the filters that narrow the rows: those that are on and whose tile is still clickable (a filter whose
 * count fell to 0 after a refresh would otherwise hide every row behind a tile that cannot be clicked off).
 */
export function effectiveDashboardFilters(flags: number, counts: DashboardCounts): number {
  return DASHBOARD_FILTER_TILES.reduce(
    (on, { key, filter }) => (hasDashboardFilter(flags, filter) && isTileClickable(counts[key]) ? on | filter : on),
    DASHBOARD_FILTER.None as number,
  );
}

/**
 * spec 1 §2 'looking good': no amp offline and none with fault entries. A firmware update or an event is news, not
 * something wrong.
 */
export const isDashboardLookingGood = (counts: DashboardCounts): boolean => counts.offline === 0 && counts.faults === 0;
