/** One event of each kind added for issue 21's remaining changes by a person, with its English sentence. */
import type { AuditEvent } from '@rackside/protocol';
import { auditEvent } from './audit.test-utils';

const at = { deviceId: null };

/** [event, what it says in English after the person's address]. */
export const NEW_KIND_SENTENCES: readonly (readonly [AuditEvent, string])[] = [
  [
    auditEvent('firmware.uploaded', { firmwareId: 'f2', family: 'ASBT', version: '1.7.0.0', size: 12_345_678 }, at),
    'uploaded the firmware ASBT 1.7.0.0 (12.3 MB)',
  ],
  [
    auditEvent('firmware.latest_set', { firmwareId: 'f2', family: 'ASBT', version: '1.7.0.0' }, at),
    'made ASBT 1.7.0.0 the latest firmware',
  ],
  [
    auditEvent('firmware.deleted', { firmwareId: 'f1', family: 'ASBT', version: '1.6.0.0' }, at),
    'deleted the firmware ASBT 1.6.0.0',
  ],
  [
    auditEvent('contact.venue_added', { contactId: 'c', name: 'Sam', venueName: 'Arena' }, at),
    'chose the contact Sam for the venue Arena',
  ],
  [
    auditEvent('contact.venue_removed', { contactId: 'c', name: 'Sam', venueName: 'Arena' }, at),
    'removed the contact Sam from the venue Arena',
  ],
  [
    auditEvent('notifications.changed', { venueName: 'Arena', fields: ['quietHours', 'escalationContactIds'] }, at),
    'changed the notification settings of the venue Arena (quiet hours and escalation contacts)',
  ],
  [
    auditEvent('member.invitation_withdrawn', { email: 'bo@example.com', role: 'operator' }, at),
    'withdrew the invitation of bo@example.com (operator)',
  ],
  [
    auditEvent('member.joined', { userId: 'u', email: 'ada@example.com', role: 'technician' }, at),
    'joined the organisation as technician',
  ],
  [
    auditEvent(
      'grant.created',
      {
        grantId: 'g',
        integratorOrganisationId: 'o2',
        integratorName: 'Sound Co',
        integratorEmail: 'boss@sound.example',
        role: 'technician',
        venueIds: ['v1'],
        expiresAt: '2026-03-01T12:00:00.000Z',
      },
      at,
    ),
    'gave Sound Co (boss@sound.example) technician access until Mar 1, 2026',
  ],
  [
    auditEvent(
      'grant.revoked',
      {
        grantId: 'g',
        integratorOrganisationId: 'o2',
        integratorName: 'Sound Co',
        integratorEmail: 'boss@sound.example',
      },
      at,
    ),
    'revoked the access of Sound Co (boss@sound.example)',
  ],
  [
    auditEvent('org.security_changed', { requireTwoFactor: { from: false, to: true } }, at),
    'required two-factor sign-in of everyone in the organisation',
  ],
  [auditEvent('account.two_factor_enabled', {}, at), 'turned on two-factor sign-in'],
  [auditEvent('account.two_factor_disabled', {}, at), 'turned off two-factor sign-in'],
  [auditEvent('account.passkey_added', { passkeyId: 'p', name: 'Laptop' }, at), 'added the passkey Laptop'],
  [auditEvent('account.passkey_removed', { passkeyId: 'p', name: 'Laptop' }, at), 'removed the passkey Laptop'],
  [auditEvent('account.password_changed', { reset: false }, at), 'changed the password'],
];
