/**
 * HTTP of incidents (issue 15; contracts in @rackside/protocol cloud/incidents.ts), for a signed-in user with a
 * verified email. The app's incident deriver starts here when the app is ready and stops when it closes.
 */
import {
  INCIDENT_PATHS as P,
  IncidentDetailSchema,
  IncidentListSchema,
  IncidentParamsSchema,
  IncidentQuerySchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { IncidentDeriver } from './deriver';
import { IncidentsService } from './incidents.service';

/** The incident routes, under the API prefix. */
export function incidentRoutes(app: DomainApp, ctx: DomainContext): void {
  const deriver = new IncidentDeriver(ctx, app.log.child({ domain: 'incidents' }));
  app.addHook('onReady', () => deriver.start());
  app.addHook('onClose', () => deriver.stop());
  const incidents = new IncidentsService(ctx);
  app.addHook('onRequest', app.authenticateVerified);

  app.get(
    P.incidents,
    {
      config: { permission: 'incident.read' },
      schema: {
        summary: "The caller's incidents, newest first (state, venue and amp filters)",
        security,
        querystring: IncidentQuerySchema,
        response: { 200: IncidentListSchema, ...errors },
      },
    },
    (request) => incidents.list(currentUser(request), request.query),
  );
  app.get(
    P.incident,
    {
      config: { permission: 'incident.read' },
      schema: {
        summary: 'An incident with its timeline, oldest entry first',
        security,
        params: IncidentParamsSchema,
        response: { 200: IncidentDetailSchema, ...errors },
      },
    },
    (request) => incidents.get(currentUser(request), request.params.incidentId),
  );
  app.post(
    P.acknowledge,
    {
      config: { permission: 'incident.ack' },
      schema: {
        summary: 'Acknowledge an incident (stops its reminders and escalation); the first acknowledgement is kept',
        security,
        params: IncidentParamsSchema,
        response: { 200: IncidentDetailSchema, ...errors },
      },
    },
    (request) => incidents.acknowledge(currentUser(request), request.params.incidentId),
  );
}
