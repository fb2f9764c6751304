/**
 * Venues (spec 1 §3 Venue, §5 venue rules): list, add, rename, delete. Names are unique per user, trimmed and
 * case-insensitive (the protocol's venue-name rule: VENUE_NAME_EXISTS); a venue holding amps is not deleted
 * (VENUE_HAS_AMPS). Every method takes the caller and acts on the caller's venues only: another user's venue id
 * answers NotFound, exactly as an id that does not exist.
 */
import {
  canDeleteVenue,
  checkVenueName,
  VENUE_MESSAGES,
  type Ok,
  type Venue,
  type VenueList,
  type VenueReply,
} from '@rackside/protocol';
import type { Executor } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { venueAllowed } from '../../plugins/venue-scope';
import {
  countVenueDevices,
  deleteVenue,
  findVenue,
  insertVenue,
  listVenues,
  renameVenue,
  type VenueRow,
} from './venues.repo';

const nameExists = () => new AppError('VENUE_NAME_EXISTS', VENUE_MESSAGES.VENUE_NAME_EXISTS);
const hasAmps = () => new AppError('VENUE_HAS_AMPS', VENUE_MESSAGES.cannotDeleteWithAmps);

/** The caller's venue, or NotFound (also for another user's venue). Devices and contacts authorise with it. */
export async function requireVenue(db: Executor, caller: AuthUser, venueId: string): Promise<VenueRow> {
  const venue = await findVenue(db, caller.id, venueId);
  if (venue === undefined) throw new AppError('NotFound', 'No such venue');
  return venue;
}

const toVenue = (row: VenueRow): Venue => ({ venueId: row.id, name: row.name });

/** Venue operations; one instance per app. */
export class VenuesService {
  constructor(private readonly ctx: DomainContext) {}

  /** spec 1 §7 GET /venues: the caller's venues by name (a role narrowed to venues: those only; issue 21). */
  async list(caller: AuthUser): Promise<VenueList> {
    const rows = await listVenues(this.ctx.db, caller.id);
    return { venues: rows.filter((v) => venueAllowed(caller.venueIds, v.id)).map(toVenue) };
  }

  /** spec 1 §7 POST /venues. */
  async create(caller: AuthUser, name: string): Promise<VenueReply> {
    const { db, clock } = this.ctx;
    const venues = (await listVenues(db, caller.id)).map(toVenue);
    if (checkVenueName(name, venues) !== null) throw nameExists();
    let row: VenueRow;
    try {
      row = await insertVenue(db, caller.id, name, clock.now());
    } catch (err) {
      throw isUniqueViolation(err) ? nameExists() : err;
    }
    await this.ctx.audit.byCaller(caller, { kind: 'venue.created', venueId: row.id, details: { name: row.name } });
    return { venue: toVenue(row) };
  }

  /** spec 1 §7 PUT /venues/{id}: a new name (the same name in another case is allowed: it is this venue's). */
  async rename(caller: AuthUser, venueId: string, name: string): Promise<VenueReply> {
    const { db, clock } = this.ctx;
    const before = await requireVenue(db, caller, venueId);
    const venues = (await listVenues(db, caller.id)).map(toVenue);
    if (checkVenueName(name, venues, venueId) !== null) throw nameExists();
    let row: VenueRow | undefined;
    try {
      row = await renameVenue(db, caller.id, venueId, name, clock.now());
    } catch (err) {
      throw isUniqueViolation(err) ? nameExists() : err;
    }
    if (row === undefined) throw new AppError('NotFound', 'No such venue');
    if (row.name !== before.name)
      await this.ctx.audit.byCaller(caller, {
        kind: 'venue.renamed',
        venueId,
        details: { from: before.name, to: row.name },
      });
    return { venue: toVenue(row) };
  }

  /** spec 1 §7 DELETE /venues/{id}: refused while amps are in it (the database refuses it too, against races). */
  async remove(caller: AuthUser, venueId: string): Promise<Ok> {
    const { db } = this.ctx;
    const venue = await requireVenue(db, caller, venueId);
    if (!canDeleteVenue(await countVenueDevices(db, venueId))) throw hasAmps();
    try {
      if (!(await deleteVenue(db, caller.id, venueId))) throw new AppError('NotFound', 'No such venue');
    } catch (err) {
      throw isForeignKeyViolation(err) ? hasAmps() : err;
    }
    await this.ctx.audit.byCaller(caller, { kind: 'venue.deleted', venueId, details: { name: venue.name } });
    return { ok: true };
  }
}
