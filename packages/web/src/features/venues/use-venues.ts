import { VENUE_POLL_MS } from '@rackside/protocol';
import { useLivePollingInterval } from '../../shared/cloud/live-status';
import { useGetVenuesOverviewQuery } from './api/venues-api';
import type { VenueOverview } from './venue-overview';

/**
 * The venues with their amps from the cache. `poll` (the venues layout only) refreshes them every 10 s while the
 * venues screens are open (spec 1 §4, §9), every 60 s while the live stream brings the changes (issue 20); every
 * other reader just subscribes.
 */
export function useVenuesOverview(options: { poll?: boolean } = {}) {
  const pollingInterval = useLivePollingInterval(VENUE_POLL_MS);
  return useGetVenuesOverviewQuery(undefined, options.poll ? { pollingInterval } : {});
}

/** One venue of the overview; `loaded` false until the first answer (an unknown id is known only after it). */
export function useVenue(venueId: string | undefined): { venue: VenueOverview | undefined; loaded: boolean } {
  const { data } = useVenuesOverview();
  return { venue: data?.venues.find((v) => v.venueId === venueId), loaded: data !== undefined };
}
