/**
 * Incident rows (db/schema/incidents.ts): timeline entries and acknowledgement, shared by the console and the links;
 * what the deriver reads and writes of an amp (its row locked, its open incidents, its watch row); the offline sweep's
 * candidates; and the console's reads, each scoped to the owner.
 */
import type { IncidentConditionType, IncidentEventType, IncidentQuery } from '@rackside/protocol';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  deviceShadows,
  deviceWatch,
  devices,
  incidentEvents,
  incidents,
  notifications,
  venues,
  type NotificationKind,
} from '../../db/schema/index';
import { notifyLive } from '../live/changes';

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type WatchRow = typeof deviceWatch.$inferSelect;
/** An incident with the names the console shows. */
export type IncidentView = IncidentRow & { deviceName: string; venueName: string };
/** What the deriver needs of an amp: its owner and its venue now. */
export interface DeviceRef {
  readonly id: string;
  readonly userId: string;
  readonly venueId: string;
  readonly connected: boolean;
  readonly lastSeenAt: Date | null;
}

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

// ---- the deriver's side ----

/** Locks an amp's row for the transaction (one deriver pass per amp at a time, across processes too). */
export async function lockDevice(tx: Executor, deviceId: string): Promise<DeviceRef | undefined> {
  const [row] = await tx
    .select({
      id: devices.id,
      userId: devices.userId,
      venueId: devices.venueId,
      connected: devices.connected,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .for('update');
  return row;
}

/** An amp's open incidents of the given types (default: every type but offline and event: its state's). */
export function openIncidents(
  tx: Executor,
  deviceId: string,
  except: readonly IncidentConditionType[] = ['offline', 'event'],
): Promise<IncidentRow[]> {
  return tx
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.deviceId, deviceId),
        eq(incidents.state, 'open'),
        except.length > 0 ? notInArray(incidents.conditionType, [...except]) : undefined,
      ),
    )
    .orderBy(asc(incidents.openedAt));
}

/** Inserts an incident and tells the live streams; answers its row. */
export async function insertIncident(tx: Executor, values: NewIncident): Promise<IncidentRow> {
  const [row] = await tx.insert(incidents).values(values).returning();
  if (!row) throw new Error('insert incidents returned nothing');
  await notifyLive(tx, { i: [row.id] }); // the live streams (issue 20), at this transaction's commit
  return row;
}

/** Changes an incident (a change of state is told to the live streams); answers its new row. */
export async function updateIncident(
  tx: Executor,
  incidentId: string,
  set: Partial<Omit<NewIncident, 'id'>>,
): Promise<IncidentRow> {
  const [row] = await tx.update(incidents).set(set).where(eq(incidents.id, incidentId)).returning();
  if (!row) throw new Error(`no incident ${incidentId}`);
  if (set.state !== undefined) await notifyLive(tx, { i: [row.id] }); // resolved or reopened: the live streams
  return row;
}

/** The amp's newest offline incident, open or not. */
export async function latestOffline(tx: Executor, deviceId: string): Promise<IncidentRow | undefined> {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.deviceId, deviceId), eq(incidents.conditionType, 'offline')))
    .orderBy(desc(incidents.openedAt))
    .limit(1);
  return row;
}

/** Whether an incident has a message of this kind still to send. */
export async function hasPending(tx: Executor, incidentId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.incidentId, incidentId), eq(notifications.kind, kind), eq(notifications.state, 'pending')),
    )
    .limit(1);
  return row !== undefined;
}

/** What the deriver has seen of an amp, locked for the transaction. */
export async function findWatch(tx: Executor, deviceId: string): Promise<WatchRow | undefined> {
  const [row] = await tx.select().from(deviceWatch).where(eq(deviceWatch.deviceId, deviceId)).for('update');
  return row;
}

/** Stores what the deriver has seen of an amp. */
export async function saveWatch(
  tx: Executor,
  deviceId: string,
  set: { eventsSeen?: number; eventsLastLine?: string | null; drops?: string[] },
  now: Date,
): Promise<void> {
  await tx
    .insert(deviceWatch)
    .values({
      deviceId,
      eventsSeen: set.eventsSeen ?? 0,
      eventsLastLine: set.eventsLastLine ?? null,
      drops: set.drops ?? [],
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: deviceWatch.deviceId, set: { ...set, updatedAt: now } });
}

/** The event log of an amp's stored shadow (undefined: no shadow, or no event log in it). */
export async function shadowEventLog(tx: Executor, deviceId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ events: sql<string | null>`${deviceShadows.reported} -> 'logs' ->> 'events'` })
    .from(deviceShadows)
    .where(eq(deviceShadows.deviceId, deviceId));
  return row?.events ?? undefined;
}

/**
 * Amps the offline sweep should cover: not connected, heard from after `since`, with no open offline incident and
 * none opened since they were last heard from (their going offline is not on record: the cloud was down).
 */
export async function unrecordedOffline(db: Executor, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.connected, false),
        gt(devices.lastSeenAt, since),
        sql`not exists (select 1 from ${incidents} i where i.device_id = ${devices.id}
          and i.condition_type = 'offline' and (i.state = 'open' or i.opened_at >= ${devices.lastSeenAt}))`,
      ),
    );
  return rows.map((r) => r.id);
}

// ---- the console's side ----

const viewColumns = { ...getTableColumns(incidents), deviceName: devices.deviceName, venueName: venues.name };

/** The owner's incidents, newest first, filtered as the query says. */
export function listIncidents(
  db: Executor,
  userId: string,
  query: IncidentQuery,
  venueIds?: readonly string[],
): Promise<IncidentView[]> {
  return db
    .select(viewColumns)
    .from(incidents)
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .innerJoin(venues, eq(venues.id, incidents.venueId))
    .where(
      and(
        eq(incidents.userId, userId),
        query.state === undefined ? undefined : eq(incidents.state, query.state),
        query.venueId === undefined ? undefined : eq(incidents.venueId, query.venueId),
        query.deviceId === undefined ? undefined : eq(incidents.deviceId, query.deviceId),
        venueIds === undefined ? undefined : inArray(incidents.venueId, [...venueIds]),
      ),
    )
    .orderBy(desc(incidents.openedAt), desc(incidents.id))
    .limit(query.limit);
}

/** One of the owner's incidents. */
export async function findIncident(
  db: Executor,
  userId: string,
  incidentId: string,
): Promise<IncidentView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(incidents)
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .innerJoin(venues, eq(venues.id, incidents.venueId))
    .where(and(eq(incidents.id, incidentId), eq(incidents.userId, userId)));
  return row;
}

/** An incident's timeline, oldest first. */
export function listTimeline(db: Executor, incidentId: string): Promise<(typeof incidentEvents.$inferSelect)[]> {
  return db
    .select()
    .from(incidentEvents)
    .where(eq(incidentEvents.incidentId, incidentId))
    .orderBy(asc(incidentEvents.id));
}
