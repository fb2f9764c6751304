/**
 * The audit timelines (issue 21; protocol cloud/audit.ts): a venue's, an amp's and the organisation's, newest first in
 * keyset pages, and the same as CSV. Scoped to the caller's organisation (`caller.id` is its owner): another
 * organisation's venue or amp answers NotFound, as everywhere; a venue or amp that is gone but still has events keeps
 * its timeline. A member narrowed to venues sees only events in them.
 */
import {
  AUDIT_CSV_MAX_ROWS,
  type AuditCsvQuery,
  type AuditEvent,
  type AuditOrgCsvQuery,
  type AuditPage,
  type AuditQuery,
} from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { knownDevice, knownVenue, listAudit, type AuditRow, type AuditSelection } from './audit.repo';
import { CSV_HEADER, eventRow } from './csv';

/** Rows one CSV read takes at a time. */
const CSV_BATCH = 500;
/** A UTF-8 byte order mark: spreadsheets then read the names (any script) right. */
const BOM = '\uFEFF';
/** The moments PostgreSQL and JavaScript both hold; filters outside them are clamped (no event is outside). */
const EARLIEST = Date.parse('1970-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

/** A query's moment: a date is that day's 00:00 UTC; clamped into the range the database holds. */
function momentOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return new Date(Math.min(LATEST, Math.max(EARLIEST, ms)));
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor after a row: opaque to clients (base64url of its time and id). */
const cursorAfter = (row: AuditRow): string => Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');

function readCursor(cursor: string | undefined): AuditSelection['before'] {
  if (cursor === undefined) return undefined;
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? CURSOR.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  const at = match?.[1] === undefined ? NaN : Date.parse(match[1]);
  if (match?.[2] === undefined || Number.isNaN(at))
    throw new AppError('ValidationError', 'cursor: not a nextCursor this API gave; start again without it');
  return { at: new Date(at), id: match[2] };
}

/** A row as the API gives it. */
export function toEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actorUserId === null ? null : { userId: row.actorUserId, email: row.actorEmail ?? '' },
    ip: row.ip,
    userAgent: row.userAgent,
    venueId: row.venueId,
    deviceId: row.deviceId,
    details: row.details,
  } as AuditEvent;
}

/** What a timeline is of: a venue, an amp, or the whole organisation (optionally narrowed by the query). */
export type AuditScope =
  | { readonly venueId: string }
  | { readonly deviceId: string }
  | { readonly organisation: { readonly venueId?: string; readonly deviceId?: string } };

/** Reads the timelines; one instance per app. */
export class AuditService {
  constructor(private readonly ctx: Pick<DomainContext, 'db'>) {}

  /** The selection of a scope and filters, once the caller may see the scope (NotFound otherwise). */
  private async select(caller: AuthUser, scope: AuditScope, filters: AuditCsvQuery): Promise<AuditSelection> {
    const { db } = this.ctx;
    let where: Pick<AuditSelection, 'venueId' | 'deviceId'>;
    if ('venueId' in scope) {
      if (!(await knownVenue(db, caller.id, scope.venueId))) throw new AppError('NotFound', 'No such venue');
      where = { venueId: scope.venueId };
    } else if ('deviceId' in scope) {
      if (!(await knownDevice(db, caller.id, scope.deviceId))) throw new AppError('NotFound', 'No such device');
      where = { deviceId: scope.deviceId };
    } else {
      const { venueId, deviceId } = scope.organisation;
      where = { ...(venueId === undefined ? {} : { venueId }), ...(deviceId === undefined ? {} : { deviceId }) };
    }
    const from = momentOf(filters.from);
    const to = momentOf(filters.to);
    return {
      ownerId: caller.id,
      ...where,
      ...(caller.venueIds === undefined ? {} : { venueIds: caller.venueIds }),
      ...(filters.kind === undefined ? {} : { kinds: filters.kind }),
      ...(filters.actorId === undefined ? {} : { actorId: filters.actorId.toLowerCase() }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    };
  }

  /** One page, newest first. */
  async page(caller: AuthUser, scope: AuditScope, query: AuditQuery): Promise<AuditPage> {
    const before = readCursor(query.cursor);
    const selection = await this.select(caller, scope, query);
    const rows = await listAudit(this.ctx.db, { ...selection, ...(before ? { before } : {}) }, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      events: page.map(toEvent),
      nextCursor: rows.length > query.limit && last !== undefined ? cursorAfter(last) : null,
    };
  }

  /**
   * The CSV of every matching event, newest first, at most AUDIT_CSV_MAX_ROWS: checks the scope before answering
   * (so a 404 is a 404), then yields the text in batches.
   */
  async csv(caller: AuthUser, scope: AuditScope, filters: AuditOrgCsvQuery): Promise<AsyncIterable<string>> {
    const selection = await this.select(caller, scope, filters);
    const { db } = this.ctx;
    return (async function* rows() {
      yield BOM + CSV_HEADER;
      let before: AuditSelection['before'];
      for (let sent = 0; sent < AUDIT_CSV_MAX_ROWS;) {
        const batch = await listAudit(
          db,
          { ...selection, ...(before ? { before } : {}) },
          Math.min(CSV_BATCH, AUDIT_CSV_MAX_ROWS - sent),
        );
        if (batch.length > 0) yield batch.map((row) => eventRow(toEvent(row))).join('');
        sent += batch.length;
        const last = batch.at(-1);
        if (last === undefined || batch.length < CSV_BATCH) return;
        before = { at: last.at, id: last.id };
      }
    })();
  }
}
