/** Venue name rules of spec 1 §2 and §5. */

/** A venue as far as name checks need it. */
export interface NamedVenue {
  readonly venueId?: string;
  readonly name: string;
}

const key = (name: string): string => name.trim().toLowerCase();

/** spec 1 §5: true when another venue (not `exceptVenueId`) has this name, compared trimmed and case-insensitively. */
export const venueNameExists = (name: string, venues: readonly NamedVenue[], exceptVenueId?: string): boolean =>
  venues.some((v) => (exceptVenueId === undefined || v.venueId !== exceptVenueId) && key(v.name) === key(name));

/** spec 1 §5: the error code an update is rejected with before the call, or null when the name is free. */
export const checkVenueName = (
  name: string,
  venues: readonly NamedVenue[],
  exceptVenueId?: string,
): 'VENUE_NAME_EXISTS' | null => (venueNameExists(name, venues, exceptVenueId) ? 'VENUE_NAME_EXISTS' : null);

/** spec 1 §2: the Add venue button is enabled only for a non-empty name no other venue has. */
export const canAddVenue = (name: string, venues: readonly NamedVenue[]): boolean =>
  key(name) !== '' && !venueNameExists(name, venues);

/** spec 1 §2 / §5: a venue can be deleted only when it holds no amps. */
export const canDeleteVenue = (ampCount: number): boolean => ampCount === 0;
