/**
 * Quiet hours (issue 15): a venue's window, as minutes of the day in its time zone, during which Warning and Info
 * messages wait; start > end spans midnight (22:00–07:00), start = end is no window. Pure functions over the clock.
 */

/** A venue's quiet hours: minutes of the day [start, end) in `timeZone`. */
export interface QuietHours {
  readonly start: number;
  readonly end: number;
  readonly timeZone: string;
}

/** True for an IANA time zone this runtime knows (e.g. Europe/Berlin, UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One formatter per time zone (building one per message cost more than the rest of the check). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of `at` in `timeZone`, with the seconds past that minute (ms). */
function localMinute(at: Date, timeZone: string): { minute: number; restMs: number } {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // bounded: zones are IANA names (a few hundred); an unknown one threw above and is never stored
    if (formatters.size < 1000) formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: get('hour') * 60 + get('minute'), restMs: at.getTime() % 60_000 };
}

/** True when `minute` lies in [start, end), across midnight when start > end. */
export const inWindow = (minute: number, start: number, end: number): boolean =>
  start < end ? minute >= start && minute < end : start > end && (minute >= start || minute < end);

/**
 * When the quiet hours around `at` end, or null when `at` is outside them (or the venue has none). Counted in
 * minutes from `at`, so a daylight-saving change inside the window moves the end by at most that hour.
 */
export function quietUntil(at: Date, quiet: QuietHours | null): Date | null {
  if (quiet === null) return null;
  let local: { minute: number; restMs: number };
  try {
    local = localMinute(at, quiet.timeZone);
  } catch {
    local = localMinute(at, 'UTC');
  }
  if (!inWindow(local.minute, quiet.start, quiet.end)) return null;
  const minutes = (quiet.end - local.minute + 1440) % 1440;
  return new Date(at.getTime() + minutes * 60_000 - local.restMs);
}

/** "HH:MM" → minutes of the day. */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes of the day → "HH:MM". */
export const hhmmOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
