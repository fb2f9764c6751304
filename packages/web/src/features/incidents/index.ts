/**
 * Incidents (issue 15). What other features show at once is light: the open-incidents query the dashboard and the
 * venue header read, the condition text, the severity icon. The screens — the venue's incidents page
 * (/venues/:venueId/faults), one amp's incidents, a venue's notification settings — load with `loadIncidentScreens`,
 * so they never weigh on the venues chunk.
 */
export { useOpenIncidentsQuery, incidentsApi } from './api/incidents-api';
export { SeverityIcon } from './components/severity-label';
export { conditionText, isFaultIncident } from './incident-format';
export { INCIDENTS_NS } from './incidents-i18n';

export const loadIncidentScreens = () => import('./screens');
