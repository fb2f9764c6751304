import { VENUE_POLL_MS } from '@rackside/protocol';
import { useState } from 'react';
import { useLivePollingInterval } from '../../../shared/cloud/live-status';
import { useListIncidentsQuery } from '../api/incidents-api';
import type { IncidentFilterValues } from './incident-filters';

/**
 * The incidents of a venue or one amp under the filters the user chose, polled like the venues (every 10 s, every
 * 60 s while the live stream is open).
 */
export function useIncidents(scope: { venueId?: string; deviceId?: string }) {
  const [filters, setFilters] = useState<IncidentFilterValues>({ state: 'all', severity: 'all' });
  const pollingInterval = useLivePollingInterval(VENUE_POLL_MS);
  const query = useListIncidentsQuery(
    {
      ...(scope.venueId ? { venueId: scope.venueId } : {}),
      ...(scope.deviceId ? { deviceId: scope.deviceId } : {}),
      ...(filters.state === 'open' ? { state: 'open' as const } : {}),
    },
    { pollingInterval },
  );
  return { filters, setFilters, query };
}
