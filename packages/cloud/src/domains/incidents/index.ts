/** Incidents (issue 15): derived per amp from what the cloud ingests; open, update, resolve, acknowledge. */
import type { Domain } from '../../domain';

export const incidentsDomain: Domain = { name: 'incidents', routes: () => undefined };
