/** One device log line as the dashboard shows it: amps write `{ISO time} {text}` (amp-sim/src/sim/logs.ts). */
const LEADING_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)\s+(\S.*)$/;

/** The text of a log line and, when it starts with an ISO time, that time; otherwise the whole line. */
export function splitLogLine(line: string): { text: string; at?: Date } {
  const m = LEADING_TIME.exec(line);
  const at = m?.[1] ? new Date(m[1]) : undefined;
  return m?.[2] && at && !Number.isNaN(at.getTime()) ? { text: m[2], at } : { text: line };
}
