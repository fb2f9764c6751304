/** The venue domain's SQL. Every query names the owner: a venue id alone never reaches another user's venue. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices, venues } from '../../db/schema/index';

export type VenueRow = typeof venues.$inferSelect;

/** The unique key of a venue name (spec 1 §5: trimmed, case-insensitive; as rules/venue.ts compares). */
export const venueNameKey = (name: string): string => name.trim().toLowerCase();

export function listVenues(db: Executor, userId: string): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.userId, userId)).orderBy(asc(venues.nameKey), asc(venues.createdAt));
}

export async function findVenue(db: Executor, userId: string, venueId: string): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts a venue; a name the user has already (any case) throws a unique violation. */
export async function insertVenue(db: Executor, userId: string, name: string, now: Date): Promise<VenueRow> {
  const [row] = await db
    .insert(venues)
    .values({ userId, name, nameKey: venueNameKey(name), createdAt: now, updatedAt: now })
    .returning();
  if (row === undefined) throw new Error('insert into venues returned nothing');
  return row;
}

export async function renameVenue(
  db: Executor,
  userId: string,
  venueId: string,
  name: string,
  now: Date,
): Promise<VenueRow | undefined> {
  const [row] = await db
    .update(venues)
    .set({ name, nameKey: venueNameKey(name), updatedAt: now })
    .where(and(eq(venues.id, venueId), eq(venues.userId, userId)))
    .returning();
  return row;
}

/** Deletes a venue (its tokens and venue contacts go with it); a venue with devices throws a foreign-key violation. */
export async function deleteVenue(db: Executor, userId: string, venueId: string): Promise<boolean> {
  const rows = await db
    .delete(venues)
    .where(and(eq(venues.id, venueId), eq(venues.userId, userId)))
    .returning({ id: venues.id });
  return rows.length > 0;
}

export async function countVenueDevices(db: Executor, venueId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.venueId, venueId));
  return row?.n ?? 0;
}
