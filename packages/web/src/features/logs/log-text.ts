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
