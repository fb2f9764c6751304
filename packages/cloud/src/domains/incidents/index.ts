/** Incidents (issue 15): derived per amp from what the cloud ingests; open, update, resolve, acknowledge. */
import type { Domain } from '../../domain';
import { incidentRoutes } from './incidents.routes';

export const incidentsDomain: Domain = { name: 'incidents', routes: incidentRoutes };
export { IncidentDeriver, SWEEP_MS, type DeriverContext } from './deriver';
export { acknowledgeIncident, addIncidentEvent } from './incidents.repo';
export { IncidentsService, toIncident } from './incidents.service';
