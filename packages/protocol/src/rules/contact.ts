/** Notification contact rules of spec 1 §3 and §5: severity flags, the save check and the payload. */
import { getCountries, getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';

/** spec 1 §3: severity bit flags. */
export const SEVERITY = { None: 0, Critical: 1, Warning: 2, Info: 4 } as const;
/** spec 1 §3: the severity names a contact can choose, in flag order (the wire carries a list of these). */
export const SEVERITY_LEVELS = ['Critical', 'Warning', 'Info'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

/** spec 1 §3: the bit flags of a wire severity list; unknown names are ignored. */
export const severityListToFlags = (list: readonly string[]): number =>
  SEVERITY_LEVELS.reduce((flags, s) => (list.includes(s) ? flags | SEVERITY[s] : flags), SEVERITY.None as number);

/** spec 1 §3: the wire severity list of a set of bit flags. */
export const severityFlagsToList = (flags: number): SeverityLevel[] =>
  SEVERITY_LEVELS.filter((s) => (flags & SEVERITY[s]) !== 0);

/** spec 1 §5: the default phone country is the US, or China on the Chinese cloud. */
export const defaultPhoneCountry = (chinaCloud: boolean): CountryCode => (chinaCloud ? 'CN' : 'US');

/**
 * Every country dial code, computed on first use: a module-level call would keep libphonenumber's metadata in every
 * bundle that imports the protocol, instead of only in the chunks that check phones.
 */
let callingCodes: ReadonlySet<string> | undefined;
const callingCodesOf = (): ReadonlySet<string> =>
  (callingCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c))));
const compact = (phone: string): string => phone.replace(/[\s\-().]/g, '');

/** spec 1 §5: a phone that is empty or only a dial code ('+1', '+86') counts as empty. */
export function isPhoneEmpty(phone: string | undefined): boolean {
  const p = compact(phone ?? '');
  if (p === '' || p === '+') return true;
  const m = /^\+?(\d{1,3})$/.exec(p);
  return m !== null && callingCodesOf().has(m[1]!);
}

/** spec 1 §5: a phone is complete when it is a whole number for its country (default country for national form). */
export const isPhoneComplete = (phone: string, country: CountryCode): boolean => isValidPhoneNumber(phone, country);

/** spec 1 §5: the E.164 form of a phone ('+12015550123') used to compare contacts, or the compacted text if unparseable. */
export const phoneKey = (phone: string, country: CountryCode): string =>
  parsePhoneNumberFromString(phone, country)?.number ?? compact(phone);

/** The contact form (spec 1 §3 Contact, severity as bit flags). */
export interface ContactForm {
  readonly contactId?: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly severity: number;
}
/** Another contact of the same user, for the in-use checks. */
export interface OtherContact {
  readonly contactId: string;
  readonly email?: string;
  readonly phone?: string;
}
export type ContactFormError =
  | 'nameRequired'
  | 'emailOrPhoneRequired'
  | 'severityRequired'
  | 'contactsEmailAddressInUse'
  | 'phoneIncomplete'
  | 'contactsPhoneNumberAlreadyInUse';

/**
 * spec 1 §5: why a contact cannot be saved (empty when it can): a name, an email or phone, a severity, an email no other
 * contact uses (case-insensitive), and a complete phone no other contact uses.
 */
export function contactFormErrors(
  form: ContactForm,
  contacts: readonly OtherContact[],
  country: CountryCode,
): ContactFormError[] {
  const errors: ContactFormError[] = [];
  const email = form.email.trim().toLowerCase();
  const phoneEmpty = isPhoneEmpty(form.phone);
  const others = contacts.filter((c) => c.contactId !== form.contactId);
  if (form.name.trim() === '') errors.push('nameRequired');
  if (email === '' && phoneEmpty) errors.push('emailOrPhoneRequired');
  if ((form.severity & (SEVERITY.Critical | SEVERITY.Warning | SEVERITY.Info)) === 0) errors.push('severityRequired');
  if (email !== '' && others.some((c) => (c.email ?? '').trim().toLowerCase() === email)) {
    errors.push('contactsEmailAddressInUse');
  }
  if (!phoneEmpty) {
    if (!isPhoneComplete(form.phone, country)) errors.push('phoneIncomplete');
    const key = phoneKey(form.phone, country);
    if (others.some((c) => !isPhoneEmpty(c.phone) && phoneKey(c.phone ?? '', country) === key)) {
      errors.push('contactsPhoneNumberAlreadyInUse');
    }
  }
  return errors;
}

/** spec 1 §5: Save is enabled only when the form has no errors. */
export const canSaveContact = (form: ContactForm, contacts: readonly OtherContact[], country: CountryCode): boolean =>
  contactFormErrors(form, contacts, country).length === 0;

/** spec 1 §7 POST/PUT /contacts body. */
export interface ContactPayload {
  contactId?: string;
  name: string;
  email?: string;
  phone?: string;
  severityLevel: SeverityLevel[];
}

/** spec 1 §5 / §7: the contact body, with an empty email or phone (a bare dial code included) left out. */
export function contactPayload(form: ContactForm, country: CountryCode): ContactPayload {
  const email = form.email.trim();
  return {
    ...(form.contactId ? { contactId: form.contactId } : {}),
    name: form.name.trim(),
    ...(email ? { email } : {}),
    ...(isPhoneEmpty(form.phone) ? {} : { phone: phoneKey(form.phone, country) }),
    severityLevel: severityFlagsToList(form.severity),
  };
}
