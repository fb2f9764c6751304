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
    case 'member.invited':
      return t('what.member.invited', { email: event.details.email, role: role(event.details.role) });
    case 'member.role_changed':
      return t('what.member.role_changed', {
        email: event.details.email,
        from: role(event.details.from),
        to: role(event.details.to),
      });
    case 'member.removed':
      return t('what.member.removed', { email: event.details.email, role: role(event.details.role) });
    case 'session.new_device':
      return t('what.session.new_device', { browser: event.details.browser, os: event.details.os });
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
