/**
 * Phone numbers on the contact screens (spec 1 §5): the country list of the selector, formatting what the user typed
 * by the chosen country, and showing a stored E.164 number. libphonenumber-js stays in this lazy chunk.
 */
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';

export type { CountryCode };

export interface CountryOption {
  readonly code: CountryCode;
  readonly name: string;
  readonly dialCode: string;
}

const regionNames = (language: string): ((code: string) => string) => {
  try {
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
};

/** Every country the phone rules know, named in the UI language and sorted by that name. */
export function countryOptions(language: string): CountryOption[] {
  const nameOf = regionNames(language);
  const collator = new Intl.Collator(language);
  return getCountries()
    .map((code) => ({ code, name: nameOf(code), dialCode: getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export const isCountryCode = (code: string): code is CountryCode =>
  (getCountries() as readonly string[]).includes(code);

/** What the user typed, in the chosen country's format ('2015550123', US → '(201) 555-0123'); '' stays ''. */
export function formatPhoneInput(phone: string, country: CountryCode): string {
  if (phone.trim() === '') return '';
  return new AsYouType(country).input(phone);
}

/** A stored E.164 phone as the form shows it: its country and the national form, or the international one. */
export function phoneForForm(
  phone: string | undefined,
  fallback: CountryCode,
): { country: CountryCode; phone: string } {
  if (!phone) return { country: fallback, phone: '' };
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return { country: fallback, phone };
  return parsed.country
    ? { country: parsed.country, phone: parsed.formatNational() }
    : { country: fallback, phone: parsed.formatInternational() };
}

/** A stored E.164 phone for reading ('+12015550123' → '+1 201 555 0123'). */
export const phoneForDisplay = (phone: string): string =>
  parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
