/**
 * Reminders and escalation (issue 15), swept by the delivery worker: an open, unacknowledged Critical incident that
 * is not flapping reminds its venue's contacts every `reminderMinutes` (the n-th reminder is its own outbox row) and,
 * once `escalateAfterMinutes` after it opened, goes to the venue's escalation contacts, once. Each step is one
 * transaction on the locked incident row (a cloud node sweeping the same incident skips it), so the reminder rows,
 * `remindedAt`/`escalatedAt` and the timeline entry are stored together or not at all.
 */
import { NOTIFICATION_DEFAULTS } from '@rackside/protocol';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { incidentEvents, incidents } from '../../db/schema/index';
import { addIncidentEvent } from '../incidents/incidents.repo';
import { enqueueNotifications } from './enqueue';
import { lockIncident, reminderCandidates } from './settings.repo';

/** A minute of the venue settings (config NOTIFY_MINUTE_S shortens it for end-to-end tests). */
const MINUTE = 60_000;

/** What a sweep did. */
export interface SweepReport {
  reminded: number;
  escalated: number;
}

interface Due {
  readonly reminder: boolean;
  readonly escalation: boolean;
}

/** Whether an incident is due a reminder or its escalation at `now`. */
export function dueSteps(
  incident: { openedAt: Date; remindedAt: Date | null; escalatedAt: Date | null },
  minutes: { reminderMinutes: number; escalateAfterMinutes: number },
  now: Date,
  minuteMs = MINUTE,
): Due {
  const t = now.getTime();
  const since = (incident.remindedAt ?? incident.openedAt).getTime();
  return {
    reminder: t - since >= minutes.reminderMinutes * minuteMs,
    escalation:
      incident.escalatedAt === null && t - incident.openedAt.getTime() >= minutes.escalateAfterMinutes * minuteMs,
  };
}

/** Enqueues every reminder and escalation due at `now`. */
export async function sweepReminders(db: Db, now: Date, minuteMs = MINUTE): Promise<SweepReport> {
  const report: SweepReport = { reminded: 0, escalated: 0 };
  for (const c of await reminderCandidates(db)) {
    const minutes = {
      reminderMinutes: c.reminderMinutes ?? NOTIFICATION_DEFAULTS.reminderMinutes,
      escalateAfterMinutes: c.escalateAfterMinutes ?? NOTIFICATION_DEFAULTS.escalateAfterMinutes,
    };
    const due = dueSteps(c, minutes, now, minuteMs);
    if (!due.reminder && !due.escalation) continue;
    const done = await db.transaction((tx) => step(tx, c.id, minutes, now, minuteMs));
    if (done.reminder) report.reminded += 1;
    if (done.escalation) report.escalated += 1;
  }
  return report;
}

/** One incident's due steps, re-checked on the locked row. */
async function step(
  tx: Tx,
  incidentId: string,
  minutes: { reminderMinutes: number; escalateAfterMinutes: number },
  now: Date,
  minuteMs: number,
): Promise<Due> {
  const row = await lockIncident(tx, incidentId);
  const live =
    row !== undefined &&
    row.state === 'open' &&
    row.severity === 'Critical' &&
    row.acknowledgedAt === null &&
    !row.flapping;
  if (!live) return { reminder: false, escalation: false };
  const due = dueSteps(row, minutes, now, minuteMs);
  const ref = { id: row.id, userId: row.userId, venueId: row.venueId, severity: row.severity };
  if (due.reminder) {
    const [done] = await tx
      .select({ n: count() })
      .from(incidentEvents)
      .where(and(eq(incidentEvents.incidentId, row.id), eq(incidentEvents.type, 'reminded')));
    const sequence = (done?.n ?? 0) + 1;
    await enqueueNotifications(tx, ref, 'reminder', { now, sequence });
    await addIncidentEvent(tx, row.id, 'reminded', now, null, `#${sequence}`);
  }
  if (due.escalation) {
    await enqueueNotifications(tx, ref, 'escalation', { now });
    await addIncidentEvent(tx, row.id, 'escalated', now, null, `after ${minutes.escalateAfterMinutes} min`);
  }
  await tx
    .update(incidents)
    .set({
      ...(due.reminder ? { remindedAt: now } : {}),
      ...(due.escalation ? { escalatedAt: now } : {}),
    })
    .where(eq(incidents.id, row.id));
  return due;
}
