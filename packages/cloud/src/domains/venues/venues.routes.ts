/** HTTP of the venues (spec 1 §7 /venues rows; contracts in @rackside/protocol cloud/venues.ts). */
import {
  OkSchema,
  VENUE_PATHS as P,
  VenueBodySchema,
  VenueListSchema,
  VenueParamsSchema,
  VenueReplySchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { VenuesService } from './venues.service';

/** The venue routes, under the API prefix; every one wants a signed-in user with a verified email. */
export function venuesRoutes(app: DomainApp, ctx: DomainContext): void {
  const service = new VenuesService(ctx);
  app.addHook('onRequest', app.authenticateVerified);

  app.get(
    P.venues,
    {
      config: { permission: 'venue.read' },
      schema: { summary: 'List venues', security, response: { 200: VenueListSchema, ...errors } },
    },
    (request) => service.list(currentUser(request)),
  );
  app.post(
    P.venues,
    {
      config: { permission: 'venue.write' },
      schema: {
        summary: 'Add a venue',
        security,
        body: VenueBodySchema,
        response: { 201: VenueReplySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body.venue.name)),
  );
  app.put(
    P.venue,
    {
      config: { permission: 'venue.write' },
      schema: {
        summary: 'Rename a venue',
        security,
        params: VenueParamsSchema,
        body: VenueBodySchema,
        response: { 200: VenueReplySchema, ...errors },
      },
    },
    (request) => service.rename(currentUser(request), request.params.venueId, request.body.venue.name),
  );
  app.delete(
    P.venue,
    {
      config: { permission: 'venue.write' },
      schema: {
        summary: 'Delete a venue (refused with VENUE_HAS_AMPS while it holds amps)',
        security,
        params: VenueParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    (request) => service.remove(currentUser(request), request.params.venueId),
  );
}
