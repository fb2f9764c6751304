/** The venues domain (spec 1 §3 Venue, §5, §7 /venues). */
import type { Domain } from '../../domain';
import { venuesRoutes } from './venues.routes';

export const venuesDomain: Domain = { name: 'venues', routes: venuesRoutes };
export { requireVenue, VenuesService } from './venues.service';
