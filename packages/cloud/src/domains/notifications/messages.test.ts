/**
 * The pure parts of notifications (issue 15): what a message says in each language, quiet hours across midnight
 * and time zones, the back-off, reminder timing, and the link tokens (purpose, expiry, tampering).
 */
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../plugins/tokens';
import { TestClock, testConfig } from '../../test/app';
import { describeCondition, formatWhen, LANGUAGES, renderEmail, renderSms, type MessageInput } from './messages';
import { isTimeZone, quietUntil } from './quiet-hours';
import { dueSteps } from './sweep';
import { backoffMs } from './worker';

const input: MessageInput = {
  kind: 'escalation',
  incident: {
    severity: 'Critical',
    condition: { type: 'loadMonitor', channel: 3, detail: 'Open' },
    venueName: 'Demo\nVenue',
    ampName: 'Main Left',
    openedAt: new Date('2026-01-15T10:00:00Z'),
    resolvedAt: null,
  },
  timeZone: 'Asia/Shanghai',
  now: new Date('2026-01-15T10:30:00Z'),
  ampLink: 'http://cloud.test/venues/v/amps/a',
  ackLink: 'http://cloud.test/api/incidents/ack-link?token=t',
  unsubscribeLink: 'http://cloud.test/api/contacts/unsubscribe?token=u',
};

describe('messages', () => {
  it('describe conditions readably', () => {
    expect(describeCondition({ type: 'channelFault', channel: 1 })).toBe('Channel 1: output faulted');
    expect(describeCondition({ type: 'offline' })).toBe('Amp offline');
    expect(describeCondition({ type: 'powerSupplyFault' })).toBe('Power supply fault');
    expect(describeCondition({ type: 'event', detail: 'Preset\n3 recalled' })).toBe('Event: Preset 3 recalled');
    expect(describeCondition({ type: 'channelFault', channel: 2 }, 'zh')).toBe('通道 2：输出故障');
  });

  it('say the facts in every language, in the venue time zone, with one-line subjects', () => {
    for (const language of LANGUAGES) {
      const mail = renderEmail(input, language);
      expect(mail.subject).not.toMatch(/\n/);
      expect(mail.text).toContain('2026-01-15 18:00 (Asia/Shanghai)');
      expect(mail.text).toContain(input.ackLink);
      expect(mail.text).toContain(input.unsubscribeLink);
      expect(mail.text).toContain('30');
      const sms = renderSms(input, language);
      expect(sms).not.toMatch(/\n/);
      expect(sms).toContain('STOP');
    }
    expect(renderEmail(input, 'es').subject).toBe(
      '[Escalado · Crítico] Canal 3: monitor de carga Open · Main Left · Demo Venue',
    );
    expect(renderEmail(input, 'en').text).toContain('Unacknowledged for 30 min');
  });

  it('name the zone, and fall back to UTC for an unknown one', () => {
    expect(formatWhen(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01 08:00 (America/New_York)',
    );
    expect(formatWhen(new Date('2026-07-01T12:00:00Z'), 'Nowhere/Else')).toBe('2026-07-01 12:00 (UTC)');
  });
});

describe('quiet hours', () => {
  const quiet = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/Berlin' };
  it('hold until their end, across midnight, in the venue zone', () => {
    // 23:30 Berlin (CET, UTC+1) → ends 07:00 Berlin = 06:00 UTC
    expect(quietUntil(new Date('2026-01-15T22:30:00Z'), quiet)?.toISOString()).toBe('2026-01-16T06:00:00.000Z');
    expect(quietUntil(new Date('2026-01-15T05:59:30Z'), quiet)?.toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(quietUntil(new Date('2026-01-15T06:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), { ...quiet, start: 600, end: 600 })).toBeNull();
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), null)).toBeNull();
  });
  it('know IANA zones', () => {
    expect([isTimeZone('Europe/Berlin'), isTimeZone('UTC'), isTimeZone('Mars/Base'), isTimeZone('')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('timing', () => {
  it('backs off exponentially up to the maximum, with ±20 % jitter', () => {
    expect([1, 2, 3, 10].map((n) => backoffMs(n, 1000, 8000, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(1, 1000, 8000, () => 0)).toBe(800);
    expect(backoffMs(1, 1000, 8000, () => 0.999)).toBeLessThanOrEqual(1200);
  });
  it('reminds every N minutes from the last reminder, escalates once after M', () => {
    const openedAt = new Date('2026-01-15T10:00:00Z');
    const at = (m: number) => new Date(openedAt.getTime() + m * 60_000);
    const minutes = { reminderMinutes: 15, escalateAfterMinutes: 30 };
    expect(dueSteps({ openedAt, remindedAt: null, escalatedAt: null }, minutes, at(14))).toEqual({
      reminder: false,
      escalation: false,
    });
    expect(dueSteps({ openedAt, remindedAt: null, escalatedAt: null }, minutes, at(15)).reminder).toBe(true);
    expect(dueSteps({ openedAt, remindedAt: at(15), escalatedAt: null }, minutes, at(29)).reminder).toBe(false);
    expect(dueSteps({ openedAt, remindedAt: at(15), escalatedAt: null }, minutes, at(30))).toEqual({
      reminder: true,
      escalation: true,
    });
    expect(dueSteps({ openedAt, remindedAt: at(30), escalatedAt: at(30) }, minutes, at(40)).escalation).toBe(false);
  });
});

describe('link tokens', () => {
  const clock = new TestClock();
  const tokens = new TokenService(testConfig(), clock);
  const incidentId = '0b6f3f2e-8d1c-4c1e-9a57-3c2b1a0f9e8d';
  const contactId = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
  it('name the incident and contact, for one purpose, until they expire', () => {
    const ack = tokens.issueLink('acknowledge', { incidentId, contactId }, 3600);
    expect(ack).toMatch(/^[\w-]{72}$/);
    expect(tokens.verifyLink('acknowledge', ack)).toEqual({ incidentId, contactId });
    expect(() => tokens.verifyLink('unsubscribe', ack)).toThrow(/damaged or has expired/);
    const other = new TokenService(testConfig({ JWT_SECRET: 'another-secret-another-secret-0123456789' }), clock);
    expect(() => other.verifyLink('acknowledge', ack)).toThrow();
    clock.advanceSeconds(3600);
    expect(() => tokens.verifyLink('acknowledge', ack)).toThrow();
    expect(tokens.verifyLink('unsubscribe', tokens.issueLink('unsubscribe', { contactId }, 60))).toEqual({ contactId });
    for (const junk of [undefined, 42, '', '\u0000', 'A'.repeat(10_000), `${ack}x`]) {
      expect(() => tokens.verifyLink('acknowledge', junk)).toThrow();
    }
  });
});
