/** Incident rows (db/schema/incidents.ts): timeline entries and acknowledgement, shared by the console and the links. */
import type { IncidentEventType } from '@rackside/protocol';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { incidentEvents, incidents } from '../../db/schema/index';

/** Adds one entry to an incident's timeline. */
export async function addIncidentEvent(
  db: Executor,
  incidentId: string,
  type: IncidentEventType,
  at: Date,
  actor: string | null = null,
  detail: string | null = null,
): Promise<void> {
  await db.insert(incidentEvents).values({ incidentId, type, at, actor, detail });
}

/**
 * Acknowledges an incident (stops its reminders and escalation): the first acknowledgement is kept and put on the
 * timeline; a second one changes nothing. `userId` scopes it to the owner (the console); a notification link passes
 * none (its signed token names the incident). False when there is no such incident (for that owner).
 */
export async function acknowledgeIncident(
  db: Db,
  incidentId: string,
  actor: string,
  now: Date,
  userId?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owned = and(eq(incidents.id, incidentId), userId === undefined ? undefined : eq(incidents.userId, userId));
    const [row] = await tx.select({ id: incidents.id }).from(incidents).where(owned).for('update');
    if (!row) return false;
    const changed = await tx
      .update(incidents)
      .set({ acknowledgedAt: now, acknowledgedBy: actor, updatedAt: now })
      .where(and(owned, isNull(incidents.acknowledgedAt)))
      .returning({ id: incidents.id });
    if (changed.length > 0) await addIncidentEvent(tx, incidentId, 'acknowledged', now, actor);
    return true;
  });
}
