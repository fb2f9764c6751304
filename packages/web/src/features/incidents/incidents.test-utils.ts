/** Incidents for the incidents, dashboard and venue settings tests. */
import type { Incident, IncidentEvent } from '@rackside/protocol';

/** An ISO time `minutes` before now. */
export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

let n = 0;
export const incident = (over: Partial<Incident> & Pick<Incident, 'deviceId' | 'condition'>): Incident => ({
  incidentId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  deviceName: over.deviceId.toUpperCase(),
  venueId: 'v1',
  venueName: 'Arena',
  severity: 'Critical',
  state: 'open',
  openedAt: minutesAgo(10),
  updatedAt: minutesAgo(10),
  resolvedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  flapCount: 0,
  flapping: false,
  ...over,
});

export const event = (type: IncidentEvent['type'], actor: string | null = null, detail: string | null = null) => ({
  at: minutesAgo(5),
  type,
  actor,
  detail,
});
