/**
 * One audit event as a sentence (issue 21): who ("ada@example.com", or "The amp" for the amp's own events) and what
 * ("changed /amp/channels/1/output gain from -6.0 dB to -3.0 dB", "moved Left from Arena to Club", "reported a fault:
 * Channel 1: output faulted (Critical)"), and from where (address, browser and system).
 */
import {
  INCIDENT_CONDITIONS,
  ORG_ROLES,
  SEVERITY_LEVELS,
  type AuditEvent,
  type IncidentConditionType,
  type OrgRole,
  type SeverityLevel,
} from '@rackside/protocol';
import type { TFunction } from 'i18next';
import { conditionText } from '../incidents';
import type { AuditT } from './audit-i18n';
import { settingChanges } from './setting-text';
import { userAgentParts } from './user-agent';

export interface EventTextOptions {
  readonly t: AuditT;
  /** The incidents' texts: a fault's condition and severity read as on the incidents pages. */
  readonly tIncidents: TFunction<'incidents'>;
  /** The members' texts: the roles' names. */
  readonly tMembers: TFunction<'members'>;
  readonly language: string;
}

const isCondition = (c: string): c is IncidentConditionType => (INCIDENT_CONDITIONS as readonly string[]).includes(c);

/** A fault's condition: the incidents' words when the condition is one of theirs, else its own name. */
function faultCondition(
  d: { condition: string; channel: number | null; detail: string | null },
  o: EventTextOptions,
): string {
  if (isCondition(d.condition))
    return conditionText(o.tIncidents, {
      type: d.condition,
      ...(d.channel === null ? {} : { channel: d.channel }),
      ...(d.detail === null ? {} : { detail: d.detail }),
    });
  return d.channel === null ? d.condition : o.t('channelCondition', { channel: d.channel, condition: d.condition });
}

const severityText = (s: string, o: EventTextOptions): string =>
  (SEVERITY_LEVELS as readonly string[]).includes(s) ? o.tIncidents(`severity.${s as SeverityLevel}`) : s;

const roleText = (r: string, o: EventTextOptions): string =>
  (ORG_ROLES as readonly string[]).includes(r) ? o.tMembers(`roles.${r as OrgRole}`) : r;

/** A list in the language ("a, b and c"). */
function listOf(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** Bytes as KB or MB (1000-based, as the firmware library shows them), in the language. */
function sizeText(bytes: number, language: string): string {
  const mb = bytes >= 1_000_000;
  const options = { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 } as const;
  const value = bytes / (mb ? 1_000_000 : 1000);
  try {
    return new Intl.NumberFormat(language, options).format(value);
  } catch {
    return new Intl.NumberFormat(undefined, options).format(value);
  }
}

/** A day (a grant's end) in the language. */
function dateText(iso: string, language: string): string {
  const options = { dateStyle: 'medium' } as const;
  try {
    return new Intl.DateTimeFormat(language, options).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}

const NOTIFICATION_FIELDS = ['quietHours', 'reminderMinutes', 'escalateAfterMinutes', 'escalationContactIds'] as const;
type NotificationField = (typeof NOTIFICATION_FIELDS)[number];
const isNotificationField = (f: string): f is NotificationField =>
  (NOTIFICATION_FIELDS as readonly string[]).includes(f);

/** The integrator organisation of a grant: its name and its owner's address. */
const integratorText = (d: { integratorName: string; integratorEmail: string }, o: EventTextOptions): string =>
  o.t('integrator', { name: d.integratorName, email: d.integratorEmail });

/** Who did it: the person's e-mail address, or the amp. */
export function whoOf(event: AuditEvent, o: EventTextOptions): string {
  if (event.actor === null) return o.t('who.amp');
  return event.actor.email || o.t('who.unknown');
}

/** What happened, a sentence per kind (the subject is `whoOf`). */
export function whatOf(event: AuditEvent, o: EventTextOptions): string {
  const { t } = o;
  const amp = (name: string) => name || t('unnamedAmp');
  const role = (r: string) => roleText(r, o);
  switch (event.kind) {
    case 'venue.created':
    case 'venue.deleted':
      return t(`what.${event.kind}`, { name: event.details.name });
    case 'venue.renamed':
      return t('what.venue.renamed', { from: event.details.from, to: event.details.to });
    case 'device.added':
      return t('what.device.added', { amp: amp(event.details.name), model: event.details.modelId });
    case 'device.removed':
      return t('what.device.removed', { amp: amp(event.details.name) });
    case 'device.moved':
      return t('what.device.moved', {
        amp: amp(event.details.name),
        from: event.details.fromVenueName,
        to: event.details.toVenueName,
      });
    case 'device.setting': {
      const { path, from, to } = event.details;
      return t('what.device.setting', { changes: listOf(settingChanges(path, from, to, t, o.language), o.language) });
    }
    case 'firmware.started':
      return t(event.details.rolloutId === null ? 'what.firmware.started' : 'what.firmware.startedRollout', {
        version: event.details.version,
      });
    case 'contact.created':
    case 'contact.deleted':
      return t(`what.${event.kind}`, { name: event.details.name });
    case 'contact.changed':
      return t('what.contact.changed', { name: event.details.name, fields: listOf(event.details.fields, o.language) });
    case 'contact.venue_added':
    case 'contact.venue_removed':
      return t(`what.${event.kind}`, { name: event.details.name, venue: event.details.venueName });
    case 'notifications.changed': {
      const fields = event.details.fields.map((f) => (isNotificationField(f) ? t(`notificationFields.${f}`) : f));
      return t('what.notifications.changed', { venue: event.details.venueName, fields: listOf(fields, o.language) });
    }
    case 'firmware.uploaded':
      return t('what.firmware.uploaded', {
        family: event.details.family,
        version: event.details.version,
        size: sizeText(event.details.size, o.language),
      });
    case 'firmware.latest_set':
    case 'firmware.deleted':
      return t(`what.${event.kind}`, { family: event.details.family, version: event.details.version });
    case 'member.invited':
    case 'member.invitation_withdrawn':
      return t(`what.${event.kind}`, { email: event.details.email, role: role(event.details.role) });
    case 'member.joined':
      return t('what.member.joined', { role: role(event.details.role) });
    case 'member.role_changed':
      return t('what.member.role_changed', {
        email: event.details.email,
        from: role(event.details.from),
        to: role(event.details.to),
      });
    case 'member.removed':
      return t('what.member.removed', { email: event.details.email, role: role(event.details.role) });
    case 'grant.created':
      return t('what.grant.created', {
        integrator: integratorText(event.details, o),
        role: role(event.details.role),
        until: dateText(event.details.expiresAt, o.language),
      });
    case 'grant.revoked':
      return t('what.grant.revoked', { integrator: integratorText(event.details, o) });
    case 'org.security_changed':
      return t(event.details.requireTwoFactor.to ? 'what.org.security_changed' : 'what.org.security_changedOff');
    case 'session.new_device':
      return t('what.session.new_device', { browser: event.details.browser, os: event.details.os });
    case 'account.two_factor_enabled':
    case 'account.two_factor_disabled':
      return t(`what.${event.kind}`);
    case 'account.passkey_added':
    case 'account.passkey_removed':
      return t(`what.${event.kind}`, { name: event.details.name });
    case 'account.password_changed':
      return t(event.details.reset ? 'what.account.password_changedReset' : 'what.account.password_changed');
    case 'amp.fault':
      return t('what.amp.fault', {
        condition: faultCondition(event.details, o),
        severity: severityText(event.details.severity, o),
      });
    case 'amp.fault_cleared':
      return t('what.amp.fault_cleared', { condition: faultCondition(event.details, o) });
    case 'amp.offline':
    case 'amp.online':
      return t(`what.${event.kind}`);
    case 'firmware.status': {
      const { status, version } = event.details;
      return version === null
        ? t('what.firmware.status', { status })
        : t('what.firmware.statusVersion', { status, version });
    }
  }
}

/** From where: the address and the browser on its system; '' for the amp's own events. */
export function whereOf(event: AuditEvent, o: EventTextOptions): string {
  const { browser, os } = userAgentParts(event.userAgent);
  const client = browser === null ? null : os === null ? browser : o.t('browserOn', { browser, os });
  if (event.ip !== null && client !== null) return o.t('fromWhere', { address: event.ip, browser: client });
  return event.ip ?? client ?? '';
}
