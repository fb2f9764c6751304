/**
 * The contact REST contract (spec 1 §3 Contact and venue contact, §5 contact rules, §7 the /contacts rows): who is
 * notified of faults, with which severities, and which venues each contact follows. The severity travels as a list
 * of names (rules/contact.ts maps it to bit flags). A contact's email is confirmed through a link sent to it
 * (`emailEnabled`); the phone is stored in E.164 form.
 */
import { z } from 'zod';
import { SEVERITY_LEVELS } from '../rules/contact';

/** Contact endpoints, relative to the API base (docs/adr/0003). */
export const CONTACT_PATHS = {
  /** GET: the caller's contacts; POST: add one. */
  contacts: '/contacts',
  /** PUT: replace; DELETE: remove (also from every venue). */
  contact: '/contacts/:contactId',
  /** GET: whether the contact's email is confirmed. */
  emailEnabled: '/contacts/:contactId/email_enabled',
  /** GET ?token=, unauthenticated: the link of the confirmation e-mail; answers a small HTML page. */
  confirm: '/contacts/confirm',
  /** GET: the ids of the contacts a venue notifies. */
  venueContacts: '/venues/:venueId/contacts',
  /** POST: select the contact for the venue; DELETE: deselect it. */
  venueContact: '/venues/:venueId/contacts/:contactId',
} as const;

/** `{contactId}` path parameters. */
export const ContactParamsSchema = z.object({ contactId: z.uuid() });
export type ContactParams = z.infer<typeof ContactParamsSchema>;
/** `{venueId, contactId}` path parameters. */
export const VenueContactParamsSchema = z.object({ venueId: z.uuid(), contactId: z.uuid() });
export type VenueContactParams = z.infer<typeof VenueContactParamsSchema>;

/** spec 1 §3: a severity name of the wire list. */
export const SeverityLevelSchema = z.enum(SEVERITY_LEVELS);

/**
 * spec 1 §7 POST /contacts and PUT /contacts/{id} payload. Empty (or null) email and phone mean none (spec 1 §5).
 * The service checks the §5 rules: an email or a phone, a severity, a well-formed email (EMAIL_FORMAT_ERROR), a
 * complete phone (PHONE_FORMAT_ERROR), and neither used by another contact of the caller (CONTACT_*_IN_USE).
 */
export const ContactBodySchema = z.object({
  /** On PUT, when given, it must be the id of the path. */
  contactId: z.uuid().optional(),
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).nullish(),
  phone: z.string().trim().max(32).nullish(),
  severityLevel: z.array(SeverityLevelSchema).max(SEVERITY_LEVELS.length),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** spec 1 §3 Contact as the REST API gives it (no email or phone: the field is absent). */
export const ContactSchema = z.object({
  contactId: z.string(),
  name: z.string(),
  email: z.string().optional(),
  /** E.164, e.g. +12015550123. */
  phone: z.string().optional(),
  severityLevel: z.array(SeverityLevelSchema),
  /** The email address is confirmed through the link sent to it. */
  emailEnabled: z.boolean(),
  /** The unsubscribe link of a notification e-mail was used (no e-mail until the address is confirmed again). */
  emailUnsubscribed: z.boolean().optional(),
  /** The phone answered STOP to a notification SMS (no SMS until the phone number is saved again). */
  smsStopped: z.boolean().optional(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** spec 1 §7 GET /contacts reply, sorted by name. */
export const ContactListSchema = z.object({ contacts: z.array(ContactSchema) });
export type ContactList = z.infer<typeof ContactListSchema>;

/** spec 1 §7 POST /contacts reply (`contact.contactId`) and PUT /contacts/{id} reply. */
export const ContactReplySchema = z.object({ contact: ContactSchema });
export type ContactReply = z.infer<typeof ContactReplySchema>;

/** spec 1 §7 GET /contacts/{id}/email_enabled reply. */
export const EmailEnabledSchema = z.object({ emailEnabled: z.boolean() });
export type EmailEnabled = z.infer<typeof EmailEnabledSchema>;

/** spec 1 §7 GET /venues/{venueId}/contacts reply: the selected contacts. */
export const VenueContactsSchema = z.object({ venueContacts: z.array(z.object({ contactId: z.string() })) });
export type VenueContacts = z.infer<typeof VenueContactsSchema>;

/** GET /contacts/confirm query: the token of the confirmation link. */
export const ContactConfirmQuerySchema = z.object({ token: z.string().max(256).optional() });
export type ContactConfirmQuery = z.infer<typeof ContactConfirmQuerySchema>;
