/**
 * The venue REST contract (spec 1 §3 Venue, §5 venue name, §7 the /venues rows): paths under the API base, bodies
 * and replies as zod schemas. A venue belongs to one user; another user's venue id answers 404 NotFound.
 */
import { z } from 'zod';

/** Venue endpoints, relative to the API base (docs/adr/0003). */
export const VENUE_PATHS = {
  /** GET: the caller's venues; POST: add one. */
  venues: '/venues',
  /** PUT: rename; DELETE: remove (refused with VENUE_HAS_AMPS while it holds amps). */
  venue: '/venues/:venueId',
} as const;

/** A venue id (a UUID): path parameter of every /venues/{id} call. */
export const VenueIdSchema = z.uuid();
/** `{venueId}` path parameters. */
export const VenueParamsSchema = z.object({ venueId: VenueIdSchema });
export type VenueParams = z.infer<typeof VenueParamsSchema>;

/** spec 1 §5: a venue name, trimmed; compared with the others case-insensitively (rules/venue.ts). */
export const VenueNameSchema = z.string().trim().min(1).max(100);

/** spec 1 §7 POST /venues and PUT /venues/{id} payload `venue{name}`. */
export const VenueBodySchema = z.object({ venue: z.object({ name: VenueNameSchema }) });
export type VenueBody = z.infer<typeof VenueBodySchema>;

/** spec 1 §3 Venue as the REST API gives it. */
export const VenueSchema = z.object({ venueId: z.string(), name: z.string() });
export type Venue = z.infer<typeof VenueSchema>;

/** spec 1 §7 POST /venues and PUT /venues/{id} reply `venue{venueId, name}`. */
export const VenueReplySchema = z.object({ venue: VenueSchema });
export type VenueReply = z.infer<typeof VenueReplySchema>;

/** spec 1 §7 GET /venues reply `venues[]`, sorted by name. */
export const VenueListSchema = z.object({ venues: z.array(VenueSchema) });
export type VenueList = z.infer<typeof VenueListSchema>;
