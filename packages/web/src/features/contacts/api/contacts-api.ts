/**
 * The contact and venue-contact calls of spec 1 §7 (contracts: protocol/src/cloud/contacts.ts). The contact list is
 * one cache entry ('Contacts'); each venue's selected contacts another ('VenueContacts', by venue id). Selecting and
 * deselecting are single calls the recipients section runs in a batch and then reloads (spec 1 §2).
 */
import {
  CONTACT_PATHS,
  ContactListSchema,
  ContactReplySchema,
  OkSchema,
  VenueContactsSchema,
  fillPath,
  type Contact,
  type ContactPayload,
} from '@rackside/protocol';
import { cloudApi } from '../../../shared/cloud/cloud-api';

export const contactsApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<Contact[], void>({
      query: () => ({ path: CONTACT_PATHS.contacts, schema: ContactListSchema }),
      transformResponse: (reply: { contacts: Contact[] }) => reply.contacts,
      providesTags: ['Contacts'],
    }),
    addContact: build.mutation<Contact, ContactPayload>({
      query: (body) => ({ path: CONTACT_PATHS.contacts, method: 'POST', body, schema: ContactReplySchema }),
      transformResponse: (reply: { contact: Contact }) => reply.contact,
      invalidatesTags: ['Contacts'],
    }),
    editContact: build.mutation<Contact, ContactPayload & { contactId: string }>({
      query: (body) => ({
        path: fillPath(CONTACT_PATHS.contact, { contactId: body.contactId }),
        method: 'PUT',
        // PUT replaces the contact: an email or phone left out of the body (spec 1 §5: empty) is removed
        body,
        schema: ContactReplySchema,
      }),
      transformResponse: (reply: { contact: Contact }) => reply.contact,
      invalidatesTags: ['Contacts'],
    }),
    deleteContact: build.mutation<true, { contactId: string }>({
      query: ({ contactId }) => ({
        path: fillPath(CONTACT_PATHS.contact, { contactId }),
        method: 'DELETE',
        schema: OkSchema,
      }),
      transformResponse: () => true as const,
      // the cloud removes the contact from every venue too
      invalidatesTags: ['Contacts', 'VenueContacts'],
    }),
    /** The ids of the contacts the venue notifies. */
    getVenueContactIds: build.query<string[], { venueId: string }>({
      query: ({ venueId }) => ({
        path: fillPath(CONTACT_PATHS.venueContacts, { venueId }),
        schema: VenueContactsSchema,
      }),
      transformResponse: (reply: { venueContacts: { contactId: string }[] }) =>
        reply.venueContacts.map((c) => c.contactId),
      providesTags: (_r, _e, { venueId }) => [{ type: 'VenueContacts', id: venueId }],
    }),
    /** Selects (POST) or deselects (DELETE) one contact for a venue; the caller reloads the venue's contacts after. */
    setVenueContact: build.mutation<true, { venueId: string; contactId: string; selected: boolean }>({
      query: ({ venueId, contactId, selected }) => ({
        path: fillPath(CONTACT_PATHS.venueContact, { venueId, contactId }),
        method: selected ? 'POST' : 'DELETE',
        schema: OkSchema,
      }),
      transformResponse: () => true as const,
    }),
  }),
});

export const {
  useGetContactsQuery,
  useAddContactMutation,
  useEditContactMutation,
  useDeleteContactMutation,
  useGetVenueContactIdsQuery,
  useSetVenueContactMutation,
} = contactsApi;
