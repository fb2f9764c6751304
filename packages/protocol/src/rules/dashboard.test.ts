import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FILTER,
  dashboardCounts,
  effectiveDashboardFilters,
  hasDashboardFilter,
  hiddenLogCountLabel,
  isDashboardLookingGood,
  isTileClickable,
  latestLogLine,
  logLineCount,
  matchesDashboardFilter,
  toggleDashboardFilter,
} from './dashboard';

const log = 'Ch 1 thermal\n\nCh 2 open load\nPSU fault\n';

describe('dashboard filters (spec 1 §2)', () => {
  it('uses the flag values None 0, Firmware 1, Offline 2, Faults 4, Events 8', () => {
    expect(DASHBOARD_FILTER).toEqual({ None: 0, Firmware: 1, Offline: 2, Faults: 4, Events: 8 });
  });

  it('toggles one filter without touching the others', () => {
    let flags = toggleDashboardFilter(DASHBOARD_FILTER.None, DASHBOARD_FILTER.Faults);
    flags = toggleDashboardFilter(flags, DASHBOARD_FILTER.Offline);
    expect(flags).toBe(6);
    expect(hasDashboardFilter(flags, DASHBOARD_FILTER.Faults)).toBe(true);
    flags = toggleDashboardFilter(flags, DASHBOARD_FILTER.Faults);
    expect(flags).toBe(2);
    expect(hasDashboardFilter(flags, DASHBOARD_FILTER.Faults)).toBe(false);
  });

  it('makes a tile clickable only when its count is above 0', () => {
    expect(isTileClickable(0)).toBe(false);
    expect(isTileClickable(3)).toBe(true);
  });

  it('shows rows matching any active filter, all rows with none', () => {
    const online = { hasAvailableFirmwareUpdate: false, isConnected: true, faults: '', events: 'boot' };
    const offline = { ...online, isConnected: false, events: '' };
    expect(matchesDashboardFilter(online, 0)).toBe(true);
    expect(matchesDashboardFilter(online, DASHBOARD_FILTER.Offline)).toBe(false);
    expect(matchesDashboardFilter(offline, DASHBOARD_FILTER.Offline)).toBe(true);
    expect(matchesDashboardFilter(online, DASHBOARD_FILTER.Offline | DASHBOARD_FILTER.Events)).toBe(true);
    expect(matchesDashboardFilter(online, DASHBOARD_FILTER.Faults)).toBe(false);
  });
});

describe('device log lines (spec 1 §2)', () => {
  it('takes the last non-empty line as the latest', () => {
    expect(latestLogLine(log)).toBe('PSU fault');
    expect(latestLogLine('')).toBe('');
  });

  it('counts non-empty lines and labels the hidden ones', () => {
    expect(logLineCount(log)).toBe(3);
    expect(hiddenLogCountLabel(log)).toBe('(+2)');
    expect(hiddenLogCountLabel('one')).toBe('');
    expect(hiddenLogCountLabel(undefined)).toBe('');
  });
});

describe('dashboard tiles (spec 1 §2)', () => {
  const ok = { hasAvailableFirmwareUpdate: false, isConnected: true, faults: '', events: '' };
  const rows = [
    ok,
    { ...ok, hasAvailableFirmwareUpdate: true, events: 'boot\nstandby' },
    { ...ok, isConnected: false, faults: '\n\n' },
    { ...ok, isConnected: false, faults: 'Ch 1 short\nCh 2 short' },
  ];

  it('counts the amps each filter tile would show (an amp counts once, blank log lines not at all)', () => {
    expect(dashboardCounts(rows)).toEqual({ firmware: 1, offline: 2, faults: 1, events: 1 });
    expect(dashboardCounts([])).toEqual({ firmware: 0, offline: 0, faults: 0, events: 0 });
  });

  it('lets only filters whose tile is clickable narrow the rows', () => {
    const counts = { firmware: 0, offline: 2, faults: 1, events: 0 };
    const all =
      DASHBOARD_FILTER.Firmware | DASHBOARD_FILTER.Offline | DASHBOARD_FILTER.Faults | DASHBOARD_FILTER.Events;
    expect(effectiveDashboardFilters(all, counts)).toBe(DASHBOARD_FILTER.Offline | DASHBOARD_FILTER.Faults);
    expect(effectiveDashboardFilters(DASHBOARD_FILTER.Firmware, counts)).toBe(DASHBOARD_FILTER.None);
  });

  it("is 'looking good' with no amp offline and none with faults, whatever the firmware and events", () => {
    expect(isDashboardLookingGood({ firmware: 3, offline: 0, faults: 0, events: 5 })).toBe(true);
    expect(isDashboardLookingGood({ firmware: 0, offline: 1, faults: 0, events: 0 })).toBe(false);
    expect(isDashboardLookingGood({ firmware: 0, offline: 0, faults: 1, events: 0 })).toBe(false);
  });
});
