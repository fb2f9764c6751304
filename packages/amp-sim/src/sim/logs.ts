/**
 * The amp's event and fault logs (spec 2 §3 `logs.events`, `logs.faults`): newline-separated lines,
 * each an ISO timestamp then the text, oldest first, capped so the field stays within its maxLength.
 */
import type { Amp } from '../amp';

/** Lines a log keeps; older lines are dropped first. */
export const LOG_MAX_LINES = 200;
/** The maxLength of `logs.events` and `logs.faults` in the device tree. */
const LOG_MAX_CHARS = 65536;
/** A single line's text is cut here so one line can never crowd out the rest. */
const LINE_MAX_CHARS = 512;

/** One log line: `2026-11-21T08:40:00.000Z Channel 2: load short` (newlines in the text become spaces). */
export function formatLogLine(text: string, at: Date): string {
  return `${at.toISOString()} ${text.replace(/[\r\n]+/g, ' ').slice(0, LINE_MAX_CHARS)}`;
}

function append(amp: Amp, log: 'events' | 'faults', text: string, at: Date): void {
  const current = amp.read(`/logs/${log}`);
  let lines = (typeof current === 'string' ? current : '').split('\n').filter((l) => l.length > 0);
  lines.push(formatLogLine(text, at));
  lines = lines.slice(-LOG_MAX_LINES);
  let joined = lines.join('\n');
  while (joined.length > LOG_MAX_CHARS && lines.length > 1) {
    lines = lines.slice(1);
    joined = lines.join('\n');
  }
  amp.apply({ logs: { [log]: joined } }, 'amp');
}

/** Appends a line to `logs.events` (standby, firmware, network, input signal changes). */
export function appendEvent(amp: Amp, text: string, at: Date = new Date()): void {
  append(amp, 'events', text, at);
}

/** Appends a line to `logs.faults` (faults and warnings raised and cleared). */
export function appendFault(amp: Amp, text: string, at: Date = new Date()): void {
  append(amp, 'faults', text, at);
}
