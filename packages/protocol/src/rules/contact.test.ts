import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  SEVERITY,
  canSaveContact,
  contactFormErrors,
  contactPayload,
  defaultPhoneCountry,
  isPhoneEmpty,
  severityFlagsToList,
  severityListToFlags,
  type ContactForm,
} from './contact';

const form = (over: Partial<ContactForm> = {}): ContactForm => ({
  name: 'Dana',
  email: 'dana@example.com',
  phone: '',
  severity: SEVERITY.Critical,
  ...over,
});
const others = [
  { contactId: 'c1', email: 'Ops@Example.com', phone: '+1 201 555 0123' },
  { contactId: 'c2', email: '', phone: '+86' },
];

describe('severity flags (spec 1 §3)', () => {
  it('uses None 0, Critical 1, Warning 2, Info 4', () => {
    expect(severityListToFlags([])).toBe(0);
    expect(severityListToFlags(['Critical', 'Info'])).toBe(5);
    expect(severityListToFlags(['Warning', 'Bogus'])).toBe(2);
    expect(severityFlagsToList(7)).toEqual(['Critical', 'Warning', 'Info']);
    expect(severityFlagsToList(0)).toEqual([]);
  });

  it('round-trips every flag set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), (f) => {
        expect(severityListToFlags(severityFlagsToList(f))).toBe(f);
      }),
    );
  });
});

describe('contact save check (spec 1 §5)', () => {
  it('accepts a named contact with an email and a severity', () => {
    expect(contactFormErrors(form(), others, 'US')).toEqual([]);
    expect(canSaveContact(form(), others, 'US')).toBe(true);
  });

  it('requires a name, an email or phone, and a severity', () => {
    expect(contactFormErrors(form({ name: '  ', email: '', phone: '+1', severity: 0 }), others, 'US')).toEqual([
      'nameRequired',
      'emailOrPhoneRequired',
      'severityRequired',
    ]);
  });

  it('rejects an email another contact uses, ignoring case', () => {
    expect(contactFormErrors(form({ email: 'ops@example.COM' }), others, 'US')).toEqual(['contactsEmailAddressInUse']);
    expect(contactFormErrors(form({ contactId: 'c1', email: 'ops@example.com' }), others, 'US')).toEqual([]);
  });

  it('requires a complete phone that no other contact uses', () => {
    expect(contactFormErrors(form({ email: '', phone: '+1 201 555 012' }), others, 'US')).toEqual(['phoneIncomplete']);
    expect(contactFormErrors(form({ email: '', phone: '(201) 555-0123' }), others, 'US')).toEqual([
      'contactsPhoneNumberAlreadyInUse',
    ]);
    expect(contactFormErrors(form({ email: '', phone: '+86 131 2345 6789' }), others, 'CN')).toEqual([]);
  });

  it('counts a bare dial code as empty', () => {
    expect(isPhoneEmpty('+1')).toBe(true);
    expect(isPhoneEmpty('+86')).toBe(true);
    expect(isPhoneEmpty(' + 4 4 ')).toBe(true);
    expect(isPhoneEmpty('+1 201')).toBe(false);
    expect(contactFormErrors(form({ phone: '+86' }), others, 'CN')).toEqual([]);
  });
});

describe('contact payload (spec 1 §5)', () => {
  it('omits an empty email and a dial-code-only phone', () => {
    expect(contactPayload(form({ phone: '+1' }), 'US')).toEqual({
      name: 'Dana',
      email: 'dana@example.com',
      severityLevel: ['Critical'],
    });
    expect(contactPayload(form({ contactId: 'c9', email: ' ', phone: '201-555-0188', severity: 6 }), 'US')).toEqual({
      contactId: 'c9',
      name: 'Dana',
      phone: '+12015550188',
      severityLevel: ['Warning', 'Info'],
    });
  });

  it('defaults the phone country to the US, China on the Chinese cloud', () => {
    expect(defaultPhoneCountry(false)).toBe('US');
    expect(defaultPhoneCountry(true)).toBe('CN');
  });
});

describe('libphonenumber stays out of bundles that only import the protocol', () => {
  it('reads the country list on the first phone check, once, not when the module loads', async () => {
    vi.resetModules();
    const actual = await vi.importActual<typeof import('libphonenumber-js')>('libphonenumber-js');
    const getCountries = vi.fn(actual.getCountries);
    vi.doMock('libphonenumber-js', () => ({ ...actual, getCountries }));
    try {
      const rules = await import('./contact');
      expect(getCountries).not.toHaveBeenCalled();
      expect(rules.isPhoneEmpty('+44')).toBe(true);
      expect(rules.isPhoneEmpty('+1')).toBe(true);
      expect(getCountries).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock('libphonenumber-js');
      vi.resetModules();
    }
  });
});
