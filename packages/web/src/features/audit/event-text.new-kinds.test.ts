import { AUDIT_KINDS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/i18n';
import { NEW_KIND_SENTENCES } from './audit-new-kinds.test-utils';
import { auditEvent } from './audit.test-utils';
import { whatOf, type EventTextOptions } from './event-text';

function texts(language: string): EventTextOptions {
  const i18n = createI18n(language);
  return {
    t: i18n.getFixedT(language, 'audit'),
    tIncidents: i18n.getFixedT(language, 'incidents'),
    tMembers: i18n.getFixedT(language, 'members'),
    language,
  };
}
const en = texts('en');

describe('audit event sentences of grants, invitations, venue contacts, notifications, firmware, security', () => {
  it('word each new kind in English from its details', () => {
    for (const [event, sentence] of NEW_KIND_SENTENCES) expect(whatOf(event, en), event.kind).toBe(sentence);
  });

  it('cover every kind of the contract that is not an older one, in the order of the contract', () => {
    const covered = new Set(NEW_KIND_SENTENCES.map(([e]) => e.kind));
    const people = AUDIT_KINDS.slice(0, AUDIT_KINDS.indexOf('amp.fault'));
    // the people's kinds come before the amp's own
    expect(AUDIT_KINDS.slice(people.length).every((k) => k.startsWith('amp.') || k === 'firmware.status')).toBe(true);
    for (const kind of covered) expect(people).toContain(kind);
    expect(covered.size).toBe(16);
  });

  it('say the other way of a detail: two-factor no longer required, a password reset, a field it does not know', () => {
    const off = auditEvent('org.security_changed', { requireTwoFactor: { from: true, to: false } });
    expect(whatOf(off, en)).toBe('stopped requiring two-factor sign-in in the organisation');
    expect(whatOf(auditEvent('account.password_changed', { reset: true }), en)).toBe(
      'reset the password with an e-mailed code',
    );
    const unknown = auditEvent('notifications.changed', { venueName: 'Arena', fields: ['reminderMinutes', 'sirens'] });
    expect(whatOf(unknown, en)).toBe('changed the notification settings of the venue Arena (reminders and sirens)');
    expect(
      whatOf(auditEvent('firmware.uploaded', { firmwareId: 'f', family: 'ASBT', version: '1.0.0.0', size: 4096 }), en),
    ).toBe('uploaded the firmware ASBT 1.0.0.0 (4.1 kB)');
  });

  it('in Spanish and Chinese too, with their own words', () => {
    const es = texts('es');
    const zh = texts('zh');
    for (const [event, sentence] of NEW_KIND_SENTENCES) {
      for (const o of [es, zh]) {
        const text = whatOf(event, o);
        expect(text, `${o.language} ${event.kind}`).not.toBe(sentence);
        expect(text, `${o.language} ${event.kind}`).not.toMatch(/\{\{|what\.|notificationFields\./);
      }
    }
    const joined = auditEvent('member.joined', { userId: 'u', email: 'a@example.com', role: 'technician' });
    expect(whatOf(joined, es)).toMatch(/^se unió a la organización como /);
    const withdrawn = auditEvent('member.invitation_withdrawn', { email: 'bo@example.com', role: 'viewer' });
    expect(whatOf(withdrawn, zh)).toMatch(/^撤回了对 bo@example\.com 的邀请/);
  });
});
