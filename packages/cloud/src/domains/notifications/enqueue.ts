/**
 * The one way a notification is asked for: rows of the `notifications` outbox, written on the caller's transaction
 * (the one that changes the incident), so that an incident change and its messages are stored together or not at
 * all. Each row's idempotency key names incident × contact × channel × kind (× a sequence for reminders): enqueueing
 * the same message twice stores it once. The delivery worker (worker.ts) sends the rows.
 *
 * Recipients: the contacts of the incident's owner selected for its venue (or, for `escalation`, the venue's
 * escalation contacts) whose severity flags include the incident's; e-mail when the address is confirmed and not
 * unsubscribed, SMS when there is a phone that has not answered STOP.
 */
import { SEVERITY } from '@rackside/protocol';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  contacts,
  notifications,
  venueContacts,
  venueEscalationContacts,
  type NotificationChannel,
  type NotificationKind,
} from '../../db/schema/index';
import { countEnqueued } from './signal';

/** What enqueue needs to know of the incident. */
export interface IncidentRef {
  readonly id: string;
  readonly userId: string;
  readonly venueId: string;
  readonly severity: keyof typeof SEVERITY & ('Critical' | 'Warning' | 'Info');
}

/** One recipient and the channel to reach it on. */
export interface Recipient {
  readonly contactId: string;
  readonly channel: NotificationChannel;
}

/** Who is told of an incident of this severity in this venue (`escalation`: the venue's escalation contacts). */
export async function recipientsOf(
  db: Executor,
  incident: IncidentRef,
  list: 'venue' | 'escalation' = 'venue',
): Promise<Recipient[]> {
  const link = list === 'venue' ? venueContacts : venueEscalationContacts;
  const rows = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      emailEnabled: contacts.emailEnabled,
      emailUnsubscribedAt: contacts.emailUnsubscribedAt,
      phone: contacts.phone,
      smsStoppedAt: contacts.smsStoppedAt,
    })
    .from(link)
    .innerJoin(contacts, eq(contacts.id, link.contactId))
    .where(
      and(
        eq(link.venueId, incident.venueId),
        eq(contacts.userId, incident.userId),
        sql`(${contacts.severity} & ${SEVERITY[incident.severity]}) <> 0`,
      ),
    )
    .orderBy(contacts.id);
  const out: Recipient[] = [];
  for (const c of rows) {
    if (c.email !== null && c.emailEnabled && c.emailUnsubscribedAt === null)
      out.push({ contactId: c.id, channel: 'email' });
    if (c.phone !== null && c.smsStoppedAt === null) out.push({ contactId: c.id, channel: 'sms' });
  }
  return out;
}

/** The idempotency key of one message. */
export const idempotencyKey = (
  incidentId: string,
  recipient: Recipient,
  kind: NotificationKind,
  sequence?: number,
): string =>
  `${incidentId}:${recipient.contactId}:${recipient.channel}:${kind}${sequence === undefined ? '' : `:${sequence}`}`;

/** Options of one enqueue. */
export interface EnqueueOptions {
  readonly now: Date;
  /** When the rows become due (default now): a flap's settle time holds a `resolved` message. */
  readonly dueAt?: Date;
  /** Distinguishes repeated kinds (the n-th reminder). */
  readonly sequence?: number;
  /** Only these recipients (default recipientsOf for the kind: escalation → the escalation list). */
  readonly recipients?: readonly Recipient[];
}

/**
 * Writes the incident's `kind` message for every recipient, on `tx`; returns the rows newly stored (an existing key
 * is left as it is). Call it inside the transaction that changes the incident.
 */
export async function enqueueNotifications(
  tx: Executor,
  incident: IncidentRef,
  kind: NotificationKind,
  options: EnqueueOptions,
): Promise<{ id: string; contactId: string; channel: NotificationChannel }[]> {
  const recipients =
    options.recipients ?? (await recipientsOf(tx, incident, kind === 'escalation' ? 'escalation' : 'venue'));
  if (recipients.length === 0) return [];
  const stored = await tx
    .insert(notifications)
    .values(
      recipients.map((r) => ({
        userId: incident.userId,
        incidentId: incident.id,
        contactId: r.contactId,
        channel: r.channel,
        kind,
        idempotencyKey: idempotencyKey(incident.id, r, kind, options.sequence),
        state: 'pending' as const,
        dueAt: options.dueAt ?? options.now,
        createdAt: options.now,
      })),
    )
    .onConflictDoNothing({ target: notifications.idempotencyKey })
    .returning({ id: notifications.id, contactId: notifications.contactId, channel: notifications.channel });
  countEnqueued(stored.length); // the committer wakes the worker (signal.ts)
  return stored;
}

/** Cancels an incident's pending messages of these kinds (a flapping amp dropped again: its `resolved` is void). */
export async function cancelPending(
  tx: Executor,
  incidentId: string,
  kinds: readonly NotificationKind[],
): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ state: 'cancelled' })
    .where(
      and(
        eq(notifications.incidentId, incidentId),
        eq(notifications.state, 'pending'),
        inArray(notifications.kind, [...kinds]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
