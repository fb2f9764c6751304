/**
 * The audit CSV (RFC 4180: comma-separated, CRLF line ends, a header row, a field quoted when it holds a comma, a
 * quote, CR or LF, its quotes doubled). A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one)
 * as a formula, so such a cell gets a leading apostrophe: an amp's name or a setting's value is shown, never run
 * (OWASP "CSV injection").
 */
import { AUDIT_CSV_COLUMNS, type AuditEvent } from '@rackside/protocol';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised, then quoted when it must be. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF. */
export const csvRow = (cells: readonly (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The header row (AUDIT_CSV_COLUMNS). */
export const CSV_HEADER = csvRow(AUDIT_CSV_COLUMNS);

/** An event as one CSV record, in AUDIT_CSV_COLUMNS order. */
export function eventRow(event: AuditEvent): string {
  const byColumn: Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null> = {
    at: event.at,
    kind: event.kind,
    actor_email: event.actor?.email ?? null,
    actor_user_id: event.actor?.userId ?? null,
    ip: event.ip,
    user_agent: event.userAgent,
    venue_id: event.venueId,
    device_id: event.deviceId,
    details: JSON.stringify(event.details),
    id: event.id,
  };
  return csvRow(AUDIT_CSV_COLUMNS.map((column) => byColumn[column]));
}
