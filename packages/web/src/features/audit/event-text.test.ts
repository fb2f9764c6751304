import { AUDIT_KINDS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/i18n';
import en from '../../shared/i18n/locales/en/audit.json';
import { ampEvent, auditEvent } from './audit.test-utils';
import { whatOf, whereOf, whoOf, type EventTextOptions } from './event-text';
import { userAgentParts } from './user-agent';

function texts(language: string): EventTextOptions {
  const i18n = createI18n(language);
  return {
    t: i18n.getFixedT(language, 'audit'),
    tIncidents: i18n.getFixedT(language, 'incidents'),
    tMembers: i18n.getFixedT(language, 'members'),
    language,
  };
}
const o = texts('en');
const line = (e: Parameters<typeof whatOf>[0], options = o) => `${whoOf(e, options)} ${whatOf(e, options)}`;

describe('audit event sentences (issue 21)', () => {
  it('name and word every kind of the contract', () => {
    expect(Object.keys(en.kinds).sort()).toEqual([...AUDIT_KINDS].sort());
    for (const kind of AUDIT_KINDS) expect(Object.keys(en.what)).toContain(kind);
  });

  it('a setting: the device API path and field, from → to with the field’s decimals and unit', () => {
    const gain = auditEvent('device.setting', {
      path: '/amp/channels/1/output',
      from: { fader: -6 },
      to: { fader: -3 },
    });
    expect(line(gain)).toBe('ada@example.com changed /amp/channels/1/output fader from -6.0 dB to -3.0 dB');
    // a range across zero: signed
    const crossover = auditEvent('device.setting', {
      path: '/amp/channels/1/crossover/bandGainAndDelay',
      from: { gain: 2 },
      to: { gain: -3.5 },
    });
    expect(whatOf(crossover, o)).toBe(
      'changed /amp/channels/1/crossover/bandGainAndDelay gain from +2.0 dB to -3.5 dB',
    );
    // several fields at once, a leaf URL, a value not seen before, texts, booleans and secrets
    const several = auditEvent('device.setting', {
      path: '/amp/channels/2/output',
      from: { mute: false, name: 'Left' },
      to: { mute: true, name: 'Stage left' },
    });
    expect(whatOf(several, o)).toBe(
      'changed /amp/channels/2/output mute from off to on and /amp/channels/2/output name from “Left” to “Stage left”',
    );
    const leaf = auditEvent('device.setting', {
      path: '/amp/channels/1/crossover/bandGainAndDelay/delay',
      from: null,
      to: 12.5,
    });
    expect(whatOf(leaf, o)).toBe('changed /amp/channels/1/crossover/bandGainAndDelay delay to 12.50 ms');
    const secret = auditEvent('device.setting', { path: '/users', from: '[redacted]', to: '[redacted]' });
    expect(whatOf(secret, o)).toBe('changed /users from (hidden) to (hidden)');
    expect(whatOf(gain, texts('es'))).toBe('cambió /amp/channels/1/output fader de -6,0 dB a -3,0 dB');
  });

  it('people’s changes: venues, amps moved between venues, firmware, contacts, members, sign-ins', () => {
    expect(whatOf(auditEvent('venue.created', { name: 'Arena' }), o)).toBe('created the venue Arena');
    expect(whatOf(auditEvent('venue.renamed', { from: 'Arena', to: 'Big Arena' }), o)).toBe(
      'renamed the venue Arena to Big Arena',
    );
    expect(whatOf(auditEvent('venue.deleted', { name: 'Arena' }), o)).toBe('deleted the venue Arena');
    expect(whatOf(auditEvent('device.added', { name: 'Left', modelId: '704D', serialNumber: 'S1' }), o)).toBe(
      'added the amp Left (704D)',
    );
    expect(whatOf(auditEvent('device.removed', { name: 'Left' }), o)).toBe('removed the amp Left');
    const moved = auditEvent('device.moved', {
      name: 'Left',
      fromVenueId: 'v1',
      fromVenueName: 'Arena',
      toVenueId: 'v2',
      toVenueName: 'Club',
    });
    expect(whatOf(moved, o)).toBe('moved Left from Arena to Club');
    expect(whatOf(auditEvent('firmware.started', { version: '1.6.0.0', jobId: 'j', rolloutId: null }), o)).toBe(
      'started a firmware update to 1.6.0.0',
    );
    expect(whatOf(auditEvent('firmware.started', { version: '1.6.0.0', jobId: null, rolloutId: 'r' }), o)).toBe(
      'started a firmware rollout to 1.6.0.0',
    );
    expect(whatOf(auditEvent('contact.created', { contactId: 'c', name: 'Sam' }), o)).toBe('added the contact Sam');
    expect(whatOf(auditEvent('contact.changed', { contactId: 'c', name: 'Sam', fields: ['email', 'phone'] }), o)).toBe(
      'changed the contact Sam (email and phone)',
    );
    expect(whatOf(auditEvent('contact.deleted', { contactId: 'c', name: 'Sam' }), o)).toBe('deleted the contact Sam');
    expect(whatOf(auditEvent('member.invited', { email: 'bo@example.com', role: 'technician' }), o)).toBe(
      'invited bo@example.com as technician',
    );
    expect(
      whatOf(
        auditEvent('member.role_changed', { userId: 'u', email: 'bo@example.com', from: 'viewer', to: 'admin' }),
        o,
      ),
    ).toBe('changed the role of bo@example.com from viewer to admin');
    expect(whatOf(auditEvent('member.removed', { userId: 'u', email: 'bo@example.com', role: 'operator' }), o)).toBe(
      'removed bo@example.com (operator)',
    );
    expect(whatOf(auditEvent('session.new_device', { browser: 'Firefox 128', os: 'Windows' }), o)).toBe(
      'signed in from a new device: Firefox 128 on Windows',
    );
  });

  it('the amp’s own events: "The amp", the fault’s condition, channel and severity, firmware status', () => {
    const fault = ampEvent('amp.fault', {
      incidentId: 'i',
      condition: 'channelFault',
      channel: 2,
      severity: 'Critical',
      detail: null,
    });
    expect(line(fault)).toBe('The amp reported a fault: Channel 2: output faulted (Critical)');
    expect(whereOf(fault, o)).toBe('');
    const cleared = ampEvent('amp.fault_cleared', {
      incidentId: 'i',
      condition: 'loadMonitor',
      channel: null,
      severity: 'Warning',
      detail: 'Open',
    });
    expect(whatOf(cleared, o)).toBe('cleared a fault: Load monitor: Open');
    const unknown = ampEvent('amp.fault', {
      incidentId: 'i',
      condition: 'fanStall',
      channel: 3,
      severity: 'Loud',
      detail: null,
    });
    expect(whatOf(unknown, o)).toBe('reported a fault: channel 3: fanStall (Loud)');
    expect(line(ampEvent('amp.offline', {}))).toBe('The amp went offline');
    expect(line(ampEvent('amp.online', {}))).toBe('The amp came online');
    expect(
      whatOf(ampEvent('firmware.status', { jobId: 'j', status: 'SUCCEEDED', version: '1.6.0.0', detail: null }), o),
    ).toBe('reported the firmware update to 1.6.0.0 SUCCEEDED');
    expect(line(fault, texts('zh'))).toBe('功放 报告故障：通道 2：输出故障（严重）');
  });

  it('from where: the address and the browser on its system', () => {
    const e = auditEvent('venue.created', { name: 'Arena' });
    expect(whereOf(e, o)).toBe('10.0.0.9 · Chrome 126 on Linux');
    expect(whereOf({ ...e, userAgent: null }, o)).toBe('10.0.0.9');
    expect(
      userAgentParts(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'macOS' });
    expect(
      userAgentParts(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toEqual({ browser: 'Edge 126', os: 'Windows' });
    expect(
      userAgentParts(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 156', os: 'Linux' });
    expect(userAgentParts('curl/8.5.0')).toEqual({ browser: 'curl/8.5.0', os: null });
  });
});
