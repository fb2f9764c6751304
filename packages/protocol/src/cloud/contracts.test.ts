import { describe, expect, it } from 'vitest';
import { CONTACT_API_ERRORS, DEVICE_API_ERRORS, VENUE_API_ERRORS } from './errors';
import { ContactBodySchema, CONTACT_PATHS } from './contacts';
import { DEVICE_PATHS, RegistrationReplySchema, RegistrationRequestSchema, VenueFirmwareBodySchema } from './devices';
import { fillPath } from './paths';
import { VENUE_PATHS, VenueBodySchema } from './venues';

describe('venue, device and contact contracts', () => {
  it('fill path templates, encoding each value, and refuse a missing one', () => {
    expect(fillPath(DEVICE_PATHS.relocate, { deviceId: 'a b/c' })).toBe('/devices/a%20b%2Fc/relocate');
    expect(fillPath(CONTACT_PATHS.venueContact, { venueId: 'v', contactId: 'c' })).toBe('/venues/v/contacts/c');
    expect(() => fillPath(VENUE_PATHS.venue, {})).toThrow(/:venueId/);
  });

  it('give every path once', () => {
    const all = [VENUE_PATHS, DEVICE_PATHS, CONTACT_PATHS].flatMap((p) => Object.values(p));
    expect(new Set(all).size).toBe(all.length);
  });

  it('issue only topic-safe device ids in a registration reply', () => {
    const mqtt = { url: 'mqtt://broker:1883', username: 'd', password: 'p' };
    expect(RegistrationReplySchema.safeParse({ deviceId: 'f3b1c2d4-0000-4000-8000-000000000001', mqtt }).success).toBe(
      true,
    );
    for (const deviceId of ['a/b', 'dev+1', '#', ''])
      expect(RegistrationReplySchema.safeParse({ deviceId, mqtt }).success, deviceId).toBe(false);
    expect(RegistrationRequestSchema.safeParse({ registrationToken: '' }).success).toBe(false);
  });

  it('trim names, read empty email and phone as none, and take firmware versions of four numbers', () => {
    expect(VenueBodySchema.parse({ venue: { name: ' Hall ' } })).toEqual({ venue: { name: 'Hall' } });
    expect(VenueBodySchema.safeParse({ venue: { name: '  ' } }).success).toBe(false);
    const contact = ContactBodySchema.parse({ name: ' A ', email: null, phone: ' ', severityLevel: ['Info'] });
    expect(contact).toEqual({ name: 'A', email: null, phone: '', severityLevel: ['Info'] });
    expect(ContactBodySchema.safeParse({ name: 'A', severityLevel: ['Loud'] }).success).toBe(false);
    expect(VenueFirmwareBodySchema.safeParse({ deviceIds: ['d'], version: '1.6.0.0' }).success).toBe(true);
    expect(VenueFirmwareBodySchema.safeParse({ deviceIds: ['d'], version: '1.6.0' }).success).toBe(false);
  });

  it('name the errors the console switches on', () => {
    expect([...VENUE_API_ERRORS, ...DEVICE_API_ERRORS, ...CONTACT_API_ERRORS]).toEqual(
      expect.arrayContaining(['VENUE_NAME_EXISTS', 'VENUE_HAS_AMPS', 'REGISTRATION_TOKEN_USED', 'EMAIL_FORMAT_ERROR']),
    );
  });
});
