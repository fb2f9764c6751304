/**
 * Days and times of the audit timeline, in the browser's time zone: events grouped by day ("Today", "Yesterday",
 * "Monday, 3 March 2025"), each with its time of day; the date filters' days as the moments the API takes (a day's
 * local midnight; `to` is the day after the last one chosen, the API's `to` being exclusive).
 */
import type { AuditEvent } from '@rackside/protocol';
import type { AuditT } from './audit-i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment's local day, YYYY-MM-DD. */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Events (newest first) in runs of one local day each, in order. */
export function groupByDay(events: readonly AuditEvent[]): { day: string; events: AuditEvent[] }[] {
  const groups: { day: string; events: AuditEvent[] }[] = [];
  for (const event of events) {
    const day = localDay(new Date(event.at));
    const last = groups.at(-1);
    if (last?.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}

/** The local midnight that starts a YYYY-MM-DD day, `plusDays` later. */
function midnightOf(day: string, plusDays = 0): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays);
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(language, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/** A day's heading: Today, Yesterday, or the date in the language. */
export function dayLabel(day: string, now: Date, t: AuditT, language: string): string {
  if (day === localDay(now)) return t('today');
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))) return t('yesterday');
  return dateFormat(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    midnightOf(day),
  );
}

/** An event's time of day ("14:05:09"). */
export const timeOfDay = (iso: string, language: string): string =>
  dateFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** An event's date and time in full (the time's tooltip). */
export const fullTime = (iso: string, language: string): string =>
  dateFormat(language, { dateStyle: 'full', timeStyle: 'long' }).format(new Date(iso));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date filters (YYYY-MM-DD from the date fields, '' for none) as the API's `from` and `to`; `invalid` when the
 * last day is before the first.
 */
export function momentsOf(fromDay: string, toDay: string): { from?: string; to?: string; invalid: boolean } {
  const from = DAY.test(fromDay) ? midnightOf(fromDay) : undefined;
  const to = DAY.test(toDay) ? midnightOf(toDay, 1) : undefined;
  if (from && to && to <= from) return { invalid: true };
  return {
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    invalid: false,
  };
}
