/** The amp's logs as the pages show and send them (spec 2 §3 `logs.events`, `logs.faults`: newline-separated lines). */

export type LogKind = 'events' | 'faults';

/** The lines of a log, newest first (the amp appends, so its last line is the newest); blank lines dropped. */
export function logLines(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .reverse();
}

/**
 * spec 2 §2 Email link: a mailto: with the subject naming the amp and the log as the body, in the order shown. Line
 * breaks travel as CRLF (RFC 6068); there is no recipient, the user picks one in the mail program.
 */
export function mailtoHref(subject: string, lines: readonly string[]): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\r\n'))}`;
}

/** A log line split into its timestamp (when it starts with one) and its text. */
export interface LogLineParts {
  /** The amp's ISO timestamp as written (UTC), and the moment it names. */
  stamp?: { iso: string; at: Date } | undefined;
  text: string;
}

const STAMPED = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))\s+([\s\S]*)$/;

/** '2026-01-01T08:00:00.000Z Power supply: failure' → its stamp and 'Power supply: failure'; other lines are all text. */
export function splitLogLine(line: string): LogLineParts {
  const m = STAMPED.exec(line);
  const at = m ? new Date(m[1] ?? '') : undefined;
  if (!m || !at || Number.isNaN(at.getTime())) return { text: line };
  return { stamp: { iso: m[1] ?? '', at }, text: m[2] ?? '' };
}

/**
 * The formatter of log times (issue 18): date and time with seconds in the user's language and, unless `timeZone` is
 * given, the browser's time zone.
 */
export const logTimeFormat = (language: string, timeZone?: string): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) });
