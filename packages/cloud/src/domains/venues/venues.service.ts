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

  /** spec 1 §7 GET /venues: the caller's venues by name. */
  async list(caller: AuthUser): Promise<VenueList> {
    return { venues: (await listVenues(this.ctx.db, caller.id)).map(toVenue) };
  }

  /** spec 1 §7 POST /venues. */
  async create(caller: AuthUser, name: string): Promise<VenueReply> {
    const { db, clock } = this.ctx;
    const venues = (await listVenues(db, caller.id)).map(toVenue);
    if (checkVenueName(name, venues) !== null) throw nameExists();
    try {
      return { venue: toVenue(await insertVenue(db, caller.id, name, clock.now())) };
    } catch (err) {
      throw isUniqueViolation(err) ? nameExists() : err;
    }
  }

  /** spec 1 §7 PUT /venues/{id}: a new name (the same name in another case is allowed: it is this venue's). */
  async rename(caller: AuthUser, venueId: string, name: string): Promise<VenueReply> {
    const { db, clock } = this.ctx;
    await requireVenue(db, caller, venueId);
    const venues = (await listVenues(db, caller.id)).map(toVenue);
    if (checkVenueName(name, venues, venueId) !== null) throw nameExists();
    try {
      const row = await renameVenue(db, caller.id, venueId, name, clock.now());
      if (row === undefined) throw new AppError('NotFound', 'No such venue');
      return { venue: toVenue(row) };
    } catch (err) {
      throw isUniqueViolation(err) ? nameExists() : err;
    }
  }

  /** spec 1 §7 DELETE /venues/{id}: refused while amps are in it (the database refuses it too, against races). */
  async remove(caller: AuthUser, venueId: string): Promise<Ok> {
    const { db } = this.ctx;
    await requireVenue(db, caller, venueId);
    if (!canDeleteVenue(await countVenueDevices(db, venueId))) throw hasAmps();
    try {
      if (!(await deleteVenue(db, caller.id, venueId))) throw new AppError('NotFound', 'No such venue');
    } catch (err) {
      throw isForeignKeyViolation(err) ? hasAmps() : err;
    }
    return { ok: true };
  }
}
