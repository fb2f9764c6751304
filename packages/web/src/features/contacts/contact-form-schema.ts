/**
 * The contact form's rules (spec 1 §5) as a zod schema for react-hook-form: the protocol's save check, each failure on
 * the field it is about, its message the key of contacts.json `validation`. What the schema cannot know by itself —
 * the user's other contacts and an email the cloud rejected — it reads from `ContactFormContext` at each check.
 */
import {
  SEVERITY,
  contactFormErrors,
  contactPayload,
  type ContactFormError,
  type OtherContact,
} from '@rackside/protocol';
import { z } from 'zod';
import { isCountryCode, type CountryCode } from './phone';

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  country: CountryCode;
  /** spec 1 §3 severity bit flags. */
  severity: number;
}

/** A message of contacts.json `validation`. */
export type ContactMessage = ContactFormError | 'contactsEmailNotInCorrectFormat';

export interface ContactFormContext {
  /** The contact being edited (absent when adding). */
  contactId?: string;
  /** The user's contacts, for the in-use checks. */
  others: readonly OtherContact[];
  /** spec 1 §8: an email the cloud rejected as badly formed stays rejected until it is changed (lower case). */
  rejectedEmails: readonly string[];
}

const FIELD_OF: Record<ContactFormError, keyof ContactFormValues> = {
  nameRequired: 'name',
  emailOrPhoneRequired: 'email',
  severityRequired: 'severity',
  contactsEmailAddressInUse: 'email',
  phoneIncomplete: 'phone',
  contactsPhoneNumberAlreadyInUse: 'phone',
};

/** The form's schema; `context()` is read at every check. */
export function contactFormSchema(context: () => ContactFormContext) {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      country: z.custom<CountryCode>((v) => typeof v === 'string' && isCountryCode(v)),
      severity: z.number().int(),
    })
    .superRefine((values, ctx) => {
      const { contactId, others, rejectedEmails } = context();
      const form = contactId === undefined ? values : { ...values, contactId };
      for (const error of contactFormErrors(form, others, values.country)) {
        ctx.addIssue({ code: 'custom', message: error, path: [FIELD_OF[error]] });
      }
      if (rejectedEmails.includes(values.email.trim().toLowerCase())) {
        ctx.addIssue({ code: 'custom', message: 'contactsEmailNotInCorrectFormat', path: ['email'] });
      }
    });
}

/** The POST/PUT body of the form (spec 1 §5: empty email or phone left out; the phone in E.164). */
export const payloadOf = (values: ContactFormValues, contactId?: string) =>
  contactPayload({ ...values, ...(contactId ? { contactId } : {}) }, values.country);

/** A new contact: no name, email or phone yet, notified of faults and warnings. */
export const newContactValues = (country: CountryCode): ContactFormValues => ({
  name: '',
  email: '',
  phone: '',
  country,
  severity: SEVERITY.Critical | SEVERITY.Warning,
});

const MESSAGES: readonly string[] = [...Object.keys(FIELD_OF), 'contactsEmailNotInCorrectFormat'];
/** The message key of a field error (anything unexpected reads as the field's generic rule). */
export const messageOf = (message: string | undefined, fallback: ContactMessage): ContactMessage =>
  message !== undefined && MESSAGES.includes(message) ? (message as ContactMessage) : fallback;
