/**
 * From an outbox row's details to what goes out (issue 15): who it goes to, whether it still should (the contact
 * opted out, the incident was acknowledged), the venue's quiet hours, and the e-mail or SMS of the row or of a digest.
 */
import type { IncidentCondition } from '@rackside/protocol';
import type { ResolvedConfig } from '../../config';
import type { NotificationChannel, NotificationKind } from '../../db/schema/index';
import type { MailMessage } from '../../plugins/mailer';
import type { SmsMessage } from '../../plugins/sms';
import type { TokenService } from '../../plugins/tokens';
import { ackLink, ampLink, messageIdOf, unsubscribeLink } from './links';
import {
  languageOf,
  renderDigestEmail,
  renderDigestSms,
  renderEmail,
  renderSms,
  type MessageIncident,
} from './messages';
import type { RowDetails } from './notifications.repo';
import type { QuietHours } from './quiet-hours';

/** What composing needs of the app. */
export interface ComposeContext {
  readonly config: ResolvedConfig;
  readonly tokens: TokenService;
}

/** One message to hand over: an e-mail or an SMS, and the timeline's name for its recipient. */
export type Outgoing =
  | { readonly channel: 'email'; readonly mail: MailMessage; readonly actor: string }
  | { readonly channel: 'sms'; readonly sms: SmsMessage; readonly actor: string };

/** The recipient's address on the channel, or null when it may no longer be used (opted out, unconfirmed, gone). */
export function addressOf(d: RowDetails, channel: NotificationChannel): string | null {
  const c = d.contact;
  if (channel === 'email') return c.email !== null && c.emailEnabled && c.emailUnsubscribedAt === null ? c.email : null;
  return c.phone !== null && c.smsStoppedAt === null ? c.phone : null;
}

/** True when the row is void: its recipient opted out, or it is a reminder/escalation of a settled incident. */
export function isVoid(d: RowDetails, channel: NotificationChannel, kind: NotificationKind): boolean {
  if (addressOf(d, channel) === null) return true;
  const settled = d.incident.acknowledgedAt !== null || d.incident.state !== 'open';
  return (kind === 'reminder' || kind === 'escalation') && settled;
}

/** The venue's quiet hours, or null (none set). */
export function quietHoursOf(d: RowDetails): QuietHours | null {
  if (d.quietStart === null || d.quietEnd === null) return null;
  return { start: d.quietStart, end: d.quietEnd, timeZone: d.timeZone ?? 'UTC' };
}

const zoneOf = (d: RowDetails): string => d.timeZone ?? 'UTC';

const incidentOf = (d: RowDetails): MessageIncident => {
  const condition: IncidentCondition = {
    type: d.incident.conditionType,
    ...(d.incident.channel === null ? {} : { channel: d.incident.channel }),
    ...(d.incident.detail === null ? {} : { detail: d.incident.detail }),
  };
  return {
    severity: d.incident.severity,
    condition,
    venueName: d.venueName,
    ampName: d.ampName,
    openedAt: d.incident.openedAt,
    resolvedAt: d.incident.resolvedAt,
  };
};

/** The unsubscribe link and the headers that carry it (RFC 2369; RFC 8058 one-click: a POST to the same link). */
function unsubscribeParts(ctx: ComposeContext, contactId: string) {
  const link = unsubscribeLink(ctx.config, ctx.tokens, contactId);
  return { link, headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The message of one (non-digest) row. */
export function composeOne(
  ctx: ComposeContext,
  d: RowDetails,
  row: { contactId: string; channel: NotificationChannel; kind: NotificationKind; idempotencyKey: string },
  now: Date,
): Outgoing | null {
  const to = addressOf(d, row.channel);
  if (to === null || row.kind === 'digest') return null;
  const incident = incidentOf(d);
  const asksAction = incident.severity !== 'Info' && row.kind !== 'resolved';
  const input = {
    kind: row.kind,
    incident,
    timeZone: zoneOf(d),
    now,
    ampLink: ampLink(ctx.config, d.incident.venueId, d.incident.deviceId),
    ackLink: asksAction ? ackLink(ctx.config, ctx.tokens, d.incident.id, row.contactId) : undefined,
  };
  const language = languageOf(ctx.config);
  if (row.channel === 'sms')
    return { channel: 'sms', sms: { to, text: renderSms(input, language) }, actor: `SMS to ${to}` };
  const unsubscribe = unsubscribeParts(ctx, row.contactId);
  const { subject, text } = renderEmail({ ...input, unsubscribeLink: unsubscribe.link }, language);
  const mail = {
    to,
    subject,
    text,
    messageId: messageIdOf(ctx.config, row.idempotencyKey),
    headers: unsubscribe.headers,
  };
  return { channel: 'email', mail, actor: `e-mail to ${to}` };
}

/** The digest of several Info rows of one contact and channel (oldest first). */
export function composeDigest(
  ctx: ComposeContext,
  items: readonly RowDetails[],
  contactId: string,
  channel: NotificationChannel,
  digestId: string,
): Outgoing | null {
  const first = items[0];
  const to = first === undefined ? null : addressOf(first, channel);
  if (first === undefined || to === null) return null;
  const sorted = [...items].sort((a, b) => a.incident.openedAt.getTime() - b.incident.openedAt.getTime());
  const input = {
    items: sorted.map((d) => ({
      incident: incidentOf(d),
      ampLink: ampLink(ctx.config, d.incident.venueId, d.incident.deviceId),
    })),
    timeZone: zoneOf(first),
  };
  const language = languageOf(ctx.config);
  if (channel === 'sms') return { channel, sms: { to, text: renderDigestSms(input, language) }, actor: `SMS to ${to}` };
  const unsubscribe = unsubscribeParts(ctx, contactId);
  const { subject, text } = renderDigestEmail({ ...input, unsubscribeLink: unsubscribe.link }, language);
  const mail = {
    to,
    subject,
    text,
    messageId: messageIdOf(ctx.config, `digest.${digestId}`),
    headers: unsubscribe.headers,
  };
  return { channel, mail, actor: `e-mail to ${to}` };
}
