import { VENUE_POLL_MS } from '@rackside/protocol';
import { useState } from 'react';
import { useListIncidentsQuery } from '../api/incidents-api';
import type { IncidentFilterValues } from './incident-filters';

/** The incidents of a venue or one amp under the filters the user chose, polled like the venues (every 10 s). */
export function useIncidents(scope: { venueId?: string; deviceId?: string }) {
  const [filters, setFilters] = useState<IncidentFilterValues>({ state: 'all', severity: 'all' });
  const query = useListIncidentsQuery(
    {
      ...(scope.venueId ? { venueId: scope.venueId } : {}),
      ...(scope.deviceId ? { deviceId: scope.deviceId } : {}),
      ...(filters.state === 'open' ? { state: 'open' as const } : {}),
    },
    { pollingInterval: VENUE_POLL_MS },
  );
  return { filters, setFilters, query };
}
