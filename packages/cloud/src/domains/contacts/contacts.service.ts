/**
 * Notification contacts (spec 1 §3 Contact and venue contact, §5 contact rules, §7 /contacts rows). A contact is
 * checked with the protocol's rules (rules/contact.ts): a name, an email or a phone, a severity, a well-formed
 * email (EMAIL_FORMAT_ERROR), a complete phone (PHONE_FORMAT_ERROR), neither used by another contact of the caller
 * (CONTACT_EMAIL_IN_USE, CONTACT_PHONE_IN_USE). A new or changed email gets a confirmation link by e-mail; following
 * it sets `emailEnabled`, which fault notification (a later issue) will require. Another user's ids answer NotFound.
 */
import {
  contactFormErrors,
  contactPayload,
  defaultPhoneCountry,
  isEmailAddress,
  severityFlagsToList,
  severityListToFlags,
  type Contact,
  type ContactBody,
  type ContactFormError,
  type ContactList,
  type ContactReply,
  type EmailEnabled,
  type Ok,
  type VenueContacts,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { constraintOf, isUniqueViolation } from '../../db/errors';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError, safeError } from '../../plugins/errors';
import { digestOf, newSecret } from '../../plugins/secrets';
import { requireVenue } from '../venues/index';
import {
  confirmEmail,
  deleteContact,
  deselectVenueContact,
  findByConfirmToken,
  findContact,
  insertContact,
  listContacts,
  listVenueContactIds,
  selectVenueContact,
  updateContact,
  type ContactConfirmation,
  type ContactFields,
  type ContactRow,
} from './contacts.repo';

const FORM_ERRORS: Readonly<Record<ContactFormError, () => AppError>> = {
  nameRequired: () => new AppError('RequiredFieldsMissing', 'Required: name'),
  emailOrPhoneRequired: () => new AppError('RequiredFieldsMissing', 'Required: an email or a phone'),
  severityRequired: () => new AppError('RequiredFieldsMissing', 'Required: at least one severityLevel'),
  contactsEmailAddressInUse: () => new AppError('CONTACT_EMAIL_IN_USE', 'Another contact has this email address'),
  phoneIncomplete: () => new AppError('PHONE_FORMAT_ERROR', 'The phone number is not complete'),
  contactsPhoneNumberAlreadyInUse: () => new AppError('CONTACT_PHONE_IN_USE', 'Another contact has this phone number'),
};
const notFound = () => new AppError('NotFound', 'No such contact');

const toContact = (row: ContactRow): Contact => ({
  contactId: row.id,
  name: row.name,
  ...(row.email === null ? {} : { email: row.email }),
  ...(row.phone === null ? {} : { phone: row.phone }),
  severityLevel: severityFlagsToList(row.severity),
  emailEnabled: row.emailEnabled,
  // issue 15: present only when set (absent reads as false, like a missing email or phone)
  ...(row.emailUnsubscribedAt === null ? {} : { emailUnsubscribed: true }),
  ...(row.smsStoppedAt === null ? {} : { smsStopped: true }),
});

/** The fields a contact.changed audit event names when they change (never their values: personal data). */
const AUDITED_FIELDS = ['name', 'email', 'phone', 'severity'] as const;

/** What a confirmation link page says. */
export type ConfirmOutcome = { kind: 'confirmed'; email: string } | { kind: 'expired' } | { kind: 'invalid' };

/** Contact operations; one instance per app. */
export class ContactsService {
  constructor(private readonly ctx: DomainContext) {}

  private async requireContact(caller: AuthUser, contactId: string): Promise<ContactRow> {
    const contact = await findContact(this.ctx.db, caller.id, contactId);
    if (contact === undefined) throw notFound();
    return contact;
  }

  /** The fields to store, or the spec 1 §5 rule the body breaks. */
  private async check(caller: AuthUser, body: ContactBody, contactId?: string): Promise<ContactFields> {
    const email = body.email?.trim() ?? '';
    if (email !== '' && !isEmailAddress(email)) {
      throw new AppError('EMAIL_FORMAT_ERROR', 'The email address is not in a correct format');
    }
    const country = defaultPhoneCountry(this.ctx.config.CHINA_CLOUD);
    const form = {
      contactId,
      name: body.name,
      email,
      phone: body.phone ?? '',
      severity: severityListToFlags(body.severityLevel),
    };
    const others = (await listContacts(this.ctx.db, caller.id)).map((c) => ({
      contactId: c.id,
      email: c.email ?? undefined,
      phone: c.phone ?? undefined,
    }));
    const [problem] = contactFormErrors(form, others, country);
    if (problem !== undefined) throw FORM_ERRORS[problem]();
    const payload = contactPayload(form, country);
    return { name: payload.name, email: payload.email ?? null, phone: payload.phone ?? null, severity: form.severity };
  }

  /** A new confirmation link for an email (its token, and what to store), or none without an email. */
  private confirmation(email: string | null): { token?: string; stored: ContactConfirmation } {
    if (email === null) return { stored: { emailEnabled: false, confirmTokenHash: null, confirmExpiresAt: null } };
    const token = newSecret();
    const expires = new Date(this.ctx.clock.now().getTime() + this.ctx.config.CONTACT_CONFIRM_TTL_S * 1000);
    return { token, stored: { emailEnabled: false, confirmTokenHash: digestOf(token), confirmExpiresAt: expires } };
  }

  /** E-mails the confirmation link; a failure is logged (the contact is saved; saving it again sends a new link). */
  private async sendLink(row: ContactRow, token: string | undefined, log: FastifyBaseLogger): Promise<void> {
    if (token === undefined || row.email === null) return;
    const { config, mailer } = this.ctx;
    const link = `${config.PUBLIC_URL}${config.API_PREFIX}/contacts/confirm?token=${encodeURIComponent(token)}`;
    const days = Math.round(config.CONTACT_CONFIRM_TTL_S / 86400);
    const text =
      `${row.name}, you were added as a Rackside notification contact.\n\n` +
      `To receive fault and warning notifications at this address, confirm it within ${days} days:\n${link}\n\n` +
      'If you did not expect this, ignore this e-mail: nothing will be sent to you.\n';
    try {
      await mailer.send({ to: row.email, subject: 'Confirm your Rackside notification address', text, code: token });
    } catch (error) {
      log.warn({ contactId: row.id, error: safeError(error) }, 'contact confirmation e-mail not sent');
    }
  }

  private rethrow(err: unknown): never {
    if (!isUniqueViolation(err)) throw err;
    throw (constraintOf(err) ?? '').includes('phone')
      ? FORM_ERRORS.contactsPhoneNumberAlreadyInUse()
      : FORM_ERRORS.contactsEmailAddressInUse();
  }

  /** spec 1 §7 GET /contacts. */
  async list(caller: AuthUser): Promise<ContactList> {
    return { contacts: (await listContacts(this.ctx.db, caller.id)).map(toContact) };
  }

  /** spec 1 §7 POST /contacts; an email gets a confirmation link. */
  async create(caller: AuthUser, body: ContactBody, log: FastifyBaseLogger): Promise<ContactReply> {
    const fields = await this.check(caller, body);
    const { token, stored } = this.confirmation(fields.email);
    let row: ContactRow;
    try {
      row = await insertContact(this.ctx.db, caller.id, { ...fields, ...stored }, this.ctx.clock.now());
    } catch (err) {
      this.rethrow(err);
    }
    await this.sendLink(row, token, log);
    await this.ctx.audit.byCaller(caller, {
      kind: 'contact.created',
      details: { contactId: row.id, name: row.name },
    });
    return { contact: toContact(row) };
  }

  /** spec 1 §7 PUT /contacts/{id}: replaces the contact; a changed or still unconfirmed email gets a new link. */
  async update(caller: AuthUser, contactId: string, body: ContactBody, log: FastifyBaseLogger): Promise<ContactReply> {
    if (body.contactId !== undefined && body.contactId !== contactId) {
      throw new AppError('ValidationError', 'contactId: does not match the contact of the path');
    }
    const before = await this.requireContact(caller, contactId);
    const fields = await this.check(caller, body, contactId);
    const sameEmail = (before.email ?? '').toLowerCase() === (fields.email ?? '').toLowerCase();
    // an unsubscribed address gets a new link when saved again: confirming it is how e-mail resumes (issue 15)
    const confirmed = before.emailEnabled && before.emailUnsubscribedAt === null;
    const keep = sameEmail && (confirmed || fields.email === null);
    const { token, stored } = keep ? { token: undefined, stored: {} } : this.confirmation(fields.email);
    // a STOP holds for the number that sent it: a changed number may get SMS again
    const phone = before.phone === fields.phone ? {} : { smsStoppedAt: null };
    let row: ContactRow | undefined;
    try {
      const changes = { ...fields, ...stored, ...phone };
      row = await updateContact(this.ctx.db, caller.id, contactId, changes, this.ctx.clock.now());
    } catch (err) {
      this.rethrow(err);
    }
    if (row === undefined) throw notFound();
    await this.sendLink(row, token, log);
    const changed = AUDITED_FIELDS.filter((field) => before[field] !== row[field]);
    if (changed.length > 0)
      await this.ctx.audit.byCaller(caller, {
        kind: 'contact.changed',
        details: { contactId, name: row.name, fields: changed },
      });
    return { contact: toContact(row) };
  }

  /** spec 1 §7 DELETE /contacts/{id}: the contact and its venue selections. */
  async remove(caller: AuthUser, contactId: string): Promise<Ok> {
    const contact = await this.requireContact(caller, contactId);
    if (!(await deleteContact(this.ctx.db, caller.id, contactId))) throw notFound();
    await this.ctx.audit.byCaller(caller, { kind: 'contact.deleted', details: { contactId, name: contact.name } });
    return { ok: true };
  }

  /** spec 1 §7 GET /contacts/{id}/email_enabled. */
  async emailEnabled(caller: AuthUser, contactId: string): Promise<EmailEnabled> {
    return { emailEnabled: (await this.requireContact(caller, contactId)).emailEnabled };
  }

  /** The confirmation link (unauthenticated: the token is the proof): a live one confirms, once. */
  async confirm(token: string | undefined): Promise<ConfirmOutcome> {
    if (token === undefined || token.trim() === '') return { kind: 'invalid' };
    const hash = digestOf(token.trim());
    const row = await confirmEmail(this.ctx.db, hash, this.ctx.clock.now());
    if (row !== undefined) return { kind: 'confirmed', email: row.email ?? '' };
    return (await findByConfirmToken(this.ctx.db, hash)) === undefined ? { kind: 'invalid' } : { kind: 'expired' };
  }

  /** spec 1 §7 GET /venues/{venueId}/contacts: the contacts the venue notifies. */
  async venueContacts(caller: AuthUser, venueId: string): Promise<VenueContacts> {
    await requireVenue(this.ctx.db, caller, venueId);
    const ids = await listVenueContactIds(this.ctx.db, venueId);
    return { venueContacts: ids.map((contactId) => ({ contactId })) };
  }

  /**
   * spec 1 §7 POST/DELETE /venues/{venueId}/contacts/{contactId}: select or deselect (both idempotent; only a change
   * is recorded, in the venue's timeline).
   */
  async setVenueContact(caller: AuthUser, venueId: string, contactId: string, selected: boolean): Promise<Ok> {
    const venue = await requireVenue(this.ctx.db, caller, venueId);
    const contact = await this.requireContact(caller, contactId);
    const changed = selected
      ? await selectVenueContact(this.ctx.db, venue.id, contact.id, this.ctx.clock.now())
      : await deselectVenueContact(this.ctx.db, venue.id, contact.id);
    if (changed)
      await this.ctx.audit.byCaller(caller, {
        kind: selected ? 'contact.venue_added' : 'contact.venue_removed',
        details: { contactId: contact.id, name: contact.name, venueName: venue.name },
        venueId: venue.id,
      });
    return { ok: true };
  }
}
