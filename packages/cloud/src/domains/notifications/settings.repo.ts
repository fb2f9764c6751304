/**
 * The SQL of venues' notification settings (quiet hours, reminder and escalation minutes, escalation contacts), of
 * the reminder sweep's candidates, and of the opt-outs (an e-mail's unsubscribe link, an SMS STOP).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  contacts,
  devices,
  incidents,
  venueEscalationContacts,
  venueNotificationSettings,
  venues,
} from '../../db/schema/index';

export type SettingsRow = typeof venueNotificationSettings.$inferSelect;

export async function findSettings(db: Executor, venueId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(venueNotificationSettings)
    .where(eq(venueNotificationSettings.venueId, venueId))
    .limit(1);
  return row;
}

export async function listEscalationContactIds(db: Executor, venueId: string): Promise<string[]> {
  const rows = await db
    .select({ contactId: venueEscalationContacts.contactId })
    .from(venueEscalationContacts)
    .where(eq(venueEscalationContacts.venueId, venueId))
    .orderBy(asc(venueEscalationContacts.contactId));
  return rows.map((r) => r.contactId);
}

/** Stores a venue's settings and replaces its escalation list; call it on a transaction. */
export async function saveSettings(
  tx: Executor,
  row: Omit<SettingsRow, 'updatedAt'>,
  escalationContactIds: readonly string[],
  now: Date,
): Promise<void> {
  const values = { ...row, updatedAt: now };
  await tx
    .insert(venueNotificationSettings)
    .values(values)
    .onConflictDoUpdate({ target: venueNotificationSettings.venueId, set: values });
  await tx.delete(venueEscalationContacts).where(eq(venueEscalationContacts.venueId, row.venueId));
  if (escalationContactIds.length > 0) {
    await tx
      .insert(venueEscalationContacts)
      .values(escalationContactIds.map((contactId) => ({ venueId: row.venueId, contactId })));
  }
}

/** How many of these contacts belong to the user. */
export async function countOwnContacts(db: Executor, userId: string, contactIds: readonly string[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, [...contactIds])));
  return rows.length;
}

/** Open, unacknowledged, not flapping Critical incidents with their venue's reminder and escalation minutes. */
export function reminderCandidates(db: Executor) {
  return db
    .select({
      id: incidents.id,
      openedAt: incidents.openedAt,
      remindedAt: incidents.remindedAt,
      escalatedAt: incidents.escalatedAt,
      reminderMinutes: venueNotificationSettings.reminderMinutes,
      escalateAfterMinutes: venueNotificationSettings.escalateAfterMinutes,
    })
    .from(incidents)
    .leftJoin(venueNotificationSettings, eq(venueNotificationSettings.venueId, incidents.venueId))
    .where(
      and(
        eq(incidents.state, 'open'),
        eq(incidents.severity, 'Critical'),
        isNull(incidents.acknowledgedAt),
        eq(incidents.flapping, false),
      ),
    );
}

/** The incident row, locked for this transaction (undefined when another worker holds it: it is sweeping it). */
export async function lockIncident(tx: Executor, incidentId: string) {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(eq(incidents.id, incidentId))
    .for('update', { skipLocked: true });
  return row;
}

/** A contact (by id), for a link: its owner, name and address. */
export async function findContactById(db: Executor, contactId: string) {
  const [row] = await db
    .select({ id: contacts.id, userId: contacts.userId, name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}

/** An incident with its amp's and venue's names, for a link's page (owned by `userId`). */
export async function findIncidentSummary(db: Executor, incidentId: string, userId: string) {
  const [row] = await db
    .select({
      id: incidents.id,
      severity: incidents.severity,
      conditionType: incidents.conditionType,
      channel: incidents.channel,
      detail: incidents.detail,
      acknowledgedBy: incidents.acknowledgedBy,
      ampName: devices.deviceName,
      venueName: venues.name,
    })
    .from(incidents)
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .innerJoin(venues, eq(venues.id, incidents.venueId))
    .where(and(eq(incidents.id, incidentId), eq(incidents.userId, userId)))
    .limit(1);
  return row;
}

/** The unsubscribe link: no more e-mail to this contact (until its address is confirmed again). */
export async function unsubscribeEmail(db: Executor, contactId: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
  if (row === undefined) return false;
  await db
    .update(contacts)
    .set({ emailUnsubscribedAt: now })
    .where(and(eq(contacts.id, contactId), isNull(contacts.emailUnsubscribedAt)));
  return true;
}

/** An SMS STOP from this phone (E.164): no more SMS to any contact with that number; how many were stopped. */
export async function stopSms(db: Executor, phone: string, now: Date): Promise<number> {
  const rows = await db
    .update(contacts)
    .set({ smsStoppedAt: now })
    .where(and(eq(contacts.phone, phone), isNull(contacts.smsStoppedAt)))
    .returning({ id: contacts.id });
  return rows.length;
}
