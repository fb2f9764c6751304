/**
 * HTTP of the contacts (spec 1 §7 /contacts rows; contracts in @rackside/protocol cloud/contacts.ts). The
 * confirmation link is unauthenticated (its token is the proof) and answers HTML; every other route wants a
 * signed-in user with a verified email.
 */
import {
  CONTACT_PATHS as P,
  ContactBodySchema,
  ContactConfirmQuerySchema,
  ContactListSchema,
  ContactParamsSchema,
  ContactReplySchema,
  EmailEnabledSchema,
  OkSchema,
  VenueContactParamsSchema,
  VenueContactsSchema,
  VenueParamsSchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { accountAndAddressLimit } from '../../plugins/rate-limit';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { confirmPage } from './confirm-page';
import { ContactsService } from './contacts.service';

/** The contact routes, under the API prefix. */
export async function contactsRoutes(app: DomainApp, ctx: DomainContext): Promise<void> {
  const service = new ContactsService(ctx);

  app.get(
    P.confirm,
    {
      config: { permission: 'public' },
      schema: {
        summary: "Confirm a contact's email address (the link of the confirmation e-mail; answers an HTML page)",
        querystring: ContactConfirmQuerySchema,
        produces: ['text/html'],
      },
      preHandler: accountAndAddressLimit(app, ctx.config, 'contact-confirm', () => undefined),
    },
    async (request, reply) => {
      const { status, html } = confirmPage(await service.confirm(request.query.token));
      return reply.code(status).type('text/html; charset=utf-8').send(html);
    },
  );

  await app.register((scope: DomainApp) => {
    scope.addHook('onRequest', scope.authenticateVerified);
    const params = ContactParamsSchema;

    scope.get(
      P.contacts,
      {
        config: { permission: 'contact.read' },
        schema: { summary: 'List contacts', security, response: { 200: ContactListSchema, ...errors } },
      },
      (request) => service.list(currentUser(request)),
    );
    scope.post(
      P.contacts,
      {
        config: { permission: 'contact.write' },
        schema: {
          summary: 'Add a contact (an email gets a confirmation link)',
          security,
          body: ContactBodySchema,
          response: { 201: ContactReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(currentUser(request), request.body, request.log)),
    );
    scope.put(
      P.contact,
      {
        config: { permission: 'contact.write' },
        schema: {
          summary: 'Replace a contact',
          security,
          params,
          body: ContactBodySchema,
          response: { 200: ContactReplySchema, ...errors },
        },
      },
      (request) => service.update(currentUser(request), request.params.contactId, request.body, request.log),
    );
    scope.delete(
      P.contact,
      {
        config: { permission: 'contact.write' },
        schema: { summary: 'Delete a contact', security, params, response: { 200: OkSchema, ...errors } },
      },
      (request) => service.remove(currentUser(request), request.params.contactId),
    );
    scope.get(
      P.emailEnabled,
      {
        config: { permission: 'contact.read' },
        schema: {
          summary: "Whether the contact's email is confirmed",
          security,
          params,
          response: { 200: EmailEnabledSchema, ...errors },
        },
      },
      (request) => service.emailEnabled(currentUser(request), request.params.contactId),
    );
    scope.get(
      P.venueContacts,
      {
        config: { permission: 'contact.read' },
        schema: {
          summary: 'The contacts the venue notifies',
          security,
          params: VenueParamsSchema,
          response: { 200: VenueContactsSchema, ...errors },
        },
      },
      (request) => service.venueContacts(currentUser(request), request.params.venueId),
    );
    for (const [method, selected] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      scope[method](
        P.venueContact,
        {
          config: { permission: 'contact.write' },
          schema: {
            summary: selected ? 'Select the contact for the venue' : 'Deselect the contact for the venue',
            security,
            params: VenueContactParamsSchema,
            response: { 200: OkSchema, ...errors },
          },
        },
        (request) => {
          const { venueId, contactId } = request.params;
          return service.setVenueContact(currentUser(request), venueId, contactId, selected);
        },
      );
    }
  });
}
