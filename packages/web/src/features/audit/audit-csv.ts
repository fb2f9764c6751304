/**
 * The CSV export of a timeline (issue 21): the matching `.csv` path with the same filters, fetched through the session
 * (bearer, organisation header, one refresh on 401) and saved as `rackside-audit-{what}-{date}.csv`.
 */
import { z } from 'zod';
import type { CloudError } from '../../shared/cloud/cloud-error';
import type { SessionSync } from '../../shared/cloud/session-sync';
import { auditPath, auditQueryOf, type AuditFilters, type AuditScope } from './api/audit-api';
import { localDay } from './audit-dates';

/** A UTF-8 byte order mark: the cloud sends one so that spreadsheets read any script right; fetch's text() drops it. */
const BOM = '\uFEFF';

/** The CSV text of a scope's events matching the filters. */
export async function fetchAuditCsv(
  sync: SessionSync,
  scope: AuditScope,
  filters: AuditFilters,
  signal?: AbortSignal,
): Promise<{ csv: string } | { error: CloudError }> {
  const reply = await sync.call(
    { path: auditPath(scope, true), query: auditQueryOf(filters), schema: z.string(), text: true },
    signal,
  );
  return reply.error ? { error: reply.error } : { csv: reply.data };
}

/** "Main Hall" → "main-hall"; letters of any script stay; nothing left → the fallback. */
export function fileSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

/** rackside-audit-{what}-{YYYY-MM-DD}.csv, the date in the browser's time zone. */
export const csvFileName = (what: string, now: Date): string => `rackside-audit-${what}-${localDay(now)}.csv`;

/** Saves the text as a file through a Blob link (the browser's downloads). */
export function saveCsv(csv: string, fileName: string): void {
  const blob = new Blob([csv.startsWith(BOM) ? csv : BOM + csv], { type: 'text/csv;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started; the object URL is not needed once the click is handled
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
