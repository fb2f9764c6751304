/**
 * Notification settings and links (issue 15). A venue's settings (quiet hours in its time zone, reminder and
 * escalation minutes, escalation contacts) are its owner's: another user's venue answers NotFound, an unknown zone
 * TIME_ZONE_INVALID, another user's contact CONTACT_UNKNOWN. The acknowledge and unsubscribe links are
 * unauthenticated (their signed token is the proof) and act only on POST. A STOP from a phone stops SMS to it.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  INCIDENT_PATHS,
  NOTIFICATION_DEFAULTS,
  type VenueNotificationSettings,
  type VenueNotificationSettingsReply,
} from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { LinkSubject } from '../../plugins/tokens';
import { acknowledgeIncident } from '../incidents/incidents.repo';
import { requireVenue } from '../venues/index';
import { cancelPending } from './enqueue';
import type { LinkOutcome } from './link-page';
import { describeCondition } from './messages';
import { hhmmOf, isTimeZone, minutesOf } from './quiet-hours';
import {
  countOwnContacts,
  findContactById,
  findIncidentSummary,
  findSettings,
  listEscalationContactIds,
  saveSettings,
  stopSms,
  unsubscribeEmail,
} from './settings.repo';

const INVALID: LinkOutcome = { kind: 'invalid' };
/** The settings a notifications.changed audit event names when they change. */
const SETTINGS_FIELDS = ['quietHours', 'reminderMinutes', 'escalateAfterMinutes', 'escalationContactIds'] as const;

/** Settings, links and opt-outs; one instance per app. */
export class NotificationsService {
  constructor(private readonly ctx: Pick<DomainContext, 'db' | 'clock' | 'tokens' | 'config' | 'audit'>) {}

  /** GET a venue's notification settings (the defaults when never saved). */
  async settings(caller: AuthUser, venueId: string): Promise<VenueNotificationSettingsReply> {
    await requireVenue(this.ctx.db, caller, venueId);
    const row = await findSettings(this.ctx.db, venueId);
    const escalationContactIds = await listEscalationContactIds(this.ctx.db, venueId);
    const quiet =
      row?.quietStart == null || row.quietEnd == null
        ? null
        : { start: hhmmOf(row.quietStart), end: hhmmOf(row.quietEnd), timeZone: row.timeZone };
    const settings: VenueNotificationSettings = {
      quietHours: quiet,
      reminderMinutes: row?.reminderMinutes ?? NOTIFICATION_DEFAULTS.reminderMinutes,
      escalateAfterMinutes: row?.escalateAfterMinutes ?? NOTIFICATION_DEFAULTS.escalateAfterMinutes,
      escalationContactIds,
    };
    return { settings };
  }

  /** PUT a venue's notification settings; answers them as stored (a change is recorded in the venue's timeline). */
  async saveSettings(
    caller: AuthUser,
    venueId: string,
    body: VenueNotificationSettings,
  ): Promise<VenueNotificationSettingsReply> {
    const venue = await requireVenue(this.ctx.db, caller, venueId);
    const quiet = body.quietHours;
    if (quiet !== null && !isTimeZone(quiet.timeZone)) {
      throw new AppError('TIME_ZONE_INVALID', 'quietHours.timeZone: not an IANA time zone (e.g. Europe/Berlin)');
    }
    const ids = [...new Set(body.escalationContactIds)];
    if ((await countOwnContacts(this.ctx.db, caller.id, ids)) !== ids.length) {
      throw new AppError('CONTACT_UNKNOWN', 'escalationContactIds: a contact is none of yours');
    }
    const row = {
      venueId,
      quietStart: quiet === null ? null : minutesOf(quiet.start),
      quietEnd: quiet === null ? null : minutesOf(quiet.end),
      timeZone: quiet?.timeZone ?? 'UTC',
      reminderMinutes: body.reminderMinutes,
      escalateAfterMinutes: body.escalateAfterMinutes,
    };
    const now = this.ctx.clock.now();
    const before = await this.settings(caller, venueId);
    await this.ctx.db.transaction((tx) => saveSettings(tx, row, ids, now));
    const after = await this.settings(caller, venueId);
    const fields = SETTINGS_FIELDS.filter((f) => !isDeepStrictEqual(before.settings[f], after.settings[f]));
    if (fields.length > 0)
      await this.ctx.audit.byCaller(caller, {
        kind: 'notifications.changed',
        details: { venueName: venue.name, fields },
        venueId: venue.id,
      });
    return after;
  }

  private verify(purpose: 'acknowledge' | 'unsubscribe', token: unknown): LinkSubject | undefined {
    try {
      return this.ctx.tokens.verifyLink(purpose, token);
    } catch {
      return undefined;
    }
  }

  private action(path: string): string {
    return `${this.ctx.config.API_PREFIX}${path}`;
  }

  /** The incident and contact an acknowledge token names, when both still exist and belong together. */
  private async ackTarget(token: unknown) {
    const subject = this.verify('acknowledge', token);
    if (subject?.incidentId === undefined) return undefined;
    const contact = await findContactById(this.ctx.db, subject.contactId);
    if (contact === undefined) return undefined;
    const incident = await findIncidentSummary(this.ctx.db, subject.incidentId, contact.userId);
    if (incident === undefined) return undefined;
    const what = describeCondition({
      type: incident.conditionType,
      ...(incident.channel === null ? {} : { channel: incident.channel }),
      ...(incident.detail === null ? {} : { detail: incident.detail }),
    });
    const summary = `${incident.severity}: ${what} on ${incident.ampName} at ${incident.venueName}.`;
    return { contact, incident, summary };
  }

  /** GET of the acknowledge link: the page with the button, or the invalid-link page. */
  async askAcknowledge(token: unknown): Promise<LinkOutcome> {
    const target = await this.ackTarget(token);
    if (target === undefined || typeof token !== 'string') return INVALID;
    const action = this.action(INCIDENT_PATHS.acknowledgeLink);
    return { kind: 'askAcknowledge', summary: target.summary, token, action };
  }

  /** POST of the acknowledge link: acknowledges as the contact (the first acknowledgement stays) and cancels reminders. */
  async acknowledge(token: unknown): Promise<LinkOutcome> {
    const target = await this.ackTarget(token);
    if (target === undefined) return INVALID;
    const { contact, incident, summary } = target;
    const now = this.ctx.clock.now();
    if (!(await acknowledgeIncident(this.ctx.db, incident.id, contact.name, now, contact.userId))) return INVALID;
    await cancelPending(this.ctx.db, incident.id, ['reminder', 'escalation']);
    const after = await findIncidentSummary(this.ctx.db, incident.id, contact.userId);
    return { kind: 'acknowledged', summary, by: after?.acknowledgedBy ?? contact.name };
  }

  private async unsubscribeTarget(token: unknown) {
    const subject = this.verify('unsubscribe', token);
    if (subject === undefined) return undefined;
    const contact = await findContactById(this.ctx.db, subject.contactId);
    return contact?.email == null ? undefined : { ...contact, email: contact.email };
  }

  /** GET of the unsubscribe link: the page with the button. */
  async askUnsubscribe(token: unknown): Promise<LinkOutcome> {
    const contact = await this.unsubscribeTarget(token);
    if (contact === undefined || typeof token !== 'string') return INVALID;
    return {
      kind: 'askUnsubscribe',
      address: contact.email,
      token,
      action: this.action(INCIDENT_PATHS.unsubscribeLink),
    };
  }

  /** POST of the unsubscribe link (the button, or a mail client's RFC 8058 one-click): no more e-mail. */
  async unsubscribe(token: unknown): Promise<LinkOutcome> {
    const contact = await this.unsubscribeTarget(token);
    if (contact === undefined) return INVALID;
    await unsubscribeEmail(this.ctx.db, contact.id, this.ctx.clock.now());
    return { kind: 'unsubscribed', address: contact.email };
  }

  /** A STOP from a phone (E.164): no more SMS to the contacts with that number. */
  stop(phone: string): Promise<number> {
    return stopSms(this.ctx.db, phone, this.ctx.clock.now());
  }
}
