/**
 * What one deriver pass does to one amp's incidents, on the caller's transaction (the amp's row locked by it), with
 * the messages enqueued on the same transaction (notifications/enqueue.ts), so that an incident change and its
 * messages are stored together or not at all (issue 15):
 *
 * - state conditions (rules/incidents.ts activeConditions) against the amp's open incidents other than offline and
 *   event: a new one opens (message `opened`), a changed detail updates (no message), a gone one resolves (`resolved`);
 * - new lines of the event log: one Info incident each, opened and resolved at once (`opened`; the worker puts Info
 *   into digests). The first look at an amp only counts its lines: its history is no news;
 * - offline: a drop opens an offline incident (`opened`), unless the last one still holds its `resolved` message (the
 *   settle time, or the flap window once flapping): then that same incident reopens, its `resolved` is cancelled, and
 *   nobody is told again. Back online resolves it with `resolved` due after the hold, so that a flapping amp is one
 *   incident and at most one `opened` and one `resolved` message.
 */
import {
  activeConditions,
  logLines,
  newEventLines,
  type ActiveCondition,
  type DeviceReported,
  type IncidentConditionType,
  type SeverityLevel,
} from '@rackside/protocol';
import type { Executor } from '../../db/client';
import { incidentEvents, incidents } from '../../db/schema/index';
import { recordDeviceEvent } from '../audit/index';
import { notifyLive } from '../live/changes';
import { cancelPending, enqueueNotifications, recipientsOf, type IncidentRef } from '../notifications/enqueue';
import {
  addIncidentEvent,
  findWatch,
  hasPending,
  insertIncident,
  latestOffline,
  openIncidents,
  saveWatch,
  shadowEventLog,
  updateIncident,
  type DeviceRef,
  type IncidentRow,
} from './incidents.repo';

/** The longest detail an incident keeps (protocol IncidentConditionSchema). */
const DETAIL_MAX = 500;
/** The most drops remembered per amp (flap detection needs NOTIFY_FLAP_COUNT of them). */
const DROPS_MAX = 100;

/** Flap and settle settings (config NOTIFY_FLAP_COUNT, NOTIFY_FLAP_WINDOW_S, NOTIFY_SETTLE_S). */
export interface FlapSettings {
  readonly NOTIFY_FLAP_COUNT: number;
  readonly NOTIFY_FLAP_WINDOW_S: number;
  readonly NOTIFY_SETTLE_S: number;
}

const refOf = (row: IncidentRow): IncidentRef => ({
  id: row.id,
  userId: row.userId,
  venueId: row.venueId,
  severity: row.severity,
});

const ownedBy = (device: DeviceRef) => ({ userId: device.userId, deviceId: device.id, venueId: device.venueId });

/** What an incident opens with. */
interface Opening {
  readonly key: string;
  readonly type: IncidentConditionType;
  readonly severity: SeverityLevel;
  readonly channel?: number;
  readonly detail: string | null;
  readonly flapping?: boolean;
}

/** Opens an incident with its timeline entry and its `opened` message. */
async function open(tx: Executor, device: DeviceRef, c: Opening, now: Date): Promise<IncidentRow> {
  const row = await insertIncident(tx, {
    ...ownedBy(device),
    conditionKey: c.key,
    conditionType: c.type,
    channel: c.channel ?? null,
    detail: c.detail,
    severity: c.severity,
    state: 'open',
    openedAt: now,
    updatedAt: now,
    flapping: c.flapping ?? false,
  });
  await addIncidentEvent(tx, row.id, 'opened', now, null, c.detail);
  await enqueueNotifications(tx, refOf(row), 'opened', { now });
  return row;
}

/** Diffs the amp's state conditions against its open (non-offline, non-event) incidents. */
export async function applyConditions(
  tx: Executor,
  device: DeviceRef,
  conditions: readonly ActiveCondition[],
  now: Date,
): Promise<void> {
  const current = await openIncidents(tx, device.id);
  const byKey = new Map(current.map((r) => [r.conditionKey, r]));
  const active = new Set<string>();
  for (const c of conditions) {
    active.add(c.key);
    const detail = c.detail?.slice(0, DETAIL_MAX) ?? null;
    const row = byKey.get(c.key);
    if (row === undefined)
      await auditFault(tx, device, await open(tx, device, { ...c, detail }, now), 'amp.fault', now);
    else if (row.detail !== detail) {
      await updateIncident(tx, row.id, { detail, updatedAt: now });
      await addIncidentEvent(tx, row.id, 'updated', now, null, detail);
    }
  }
  for (const row of current) {
    if (active.has(row.conditionKey)) continue;
    const resolved = await updateIncident(tx, row.id, { state: 'resolved', resolvedAt: now, updatedAt: now });
    await addIncidentEvent(tx, row.id, 'resolved', now);
    await enqueueNotifications(tx, refOf(resolved), 'resolved', { now });
    await auditFault(tx, device, resolved, 'amp.fault_cleared', now);
  }
}

/** The audit log's fault event (issue 21), on the incident's transaction: recorded with it or not at all. */
async function auditFault(
  tx: Executor,
  device: DeviceRef,
  row: IncidentRow,
  kind: 'amp.fault' | 'amp.fault_cleared',
  now: Date,
): Promise<void> {
  const details = {
    incidentId: row.id,
    condition: row.conditionType,
    channel: row.channel,
    severity: row.severity,
    detail: row.detail,
  };
  await recordDeviceEvent(tx, device.id, { kind, details }, now);
}

/** The number of event-log lines remembered for an amp first met by a drop: its shadow's, else -1 (not seen yet). */
const firstSight = async (
  tx: Executor,
  deviceId: string,
): Promise<{ eventsSeen: number; eventsLastLine: string | null }> => {
  const log = await shadowEventLog(tx, deviceId);
  if (log === undefined) return { eventsSeen: -1, eventsLastLine: null };
  const lines = logLines(log);
  return { eventsSeen: lines.length, eventsLastLine: lines.at(-1) ?? null };
};

/** Turns the new lines of the amp's event log into Info incidents (opened and resolved at once). */
export async function applyEventLog(tx: Executor, device: DeviceRef, log: string, now: Date): Promise<void> {
  const watch = await findWatch(tx, device.id);
  const { lines, count, last } = newEventLines(
    log,
    watch === undefined || watch.eventsSeen < 0 ? undefined : watch.eventsSeen,
    watch?.eventsLastLine,
  );
  if (watch !== undefined && watch.eventsSeen === count && watch.eventsLastLine === last && lines.length === 0) return;
  if (lines.length > 0) {
    const first = count - lines.length;
    const rows = await tx
      .insert(incidents)
      .values(
        lines.map((line, i) => ({
          ...ownedBy(device),
          conditionKey: `event:${first + i + 1}`,
          conditionType: 'event' as const,
          detail: line.slice(0, DETAIL_MAX),
          severity: 'Info' as const,
          state: 'resolved' as const,
          openedAt: now,
          updatedAt: now,
          resolvedAt: now,
        })),
      )
      .returning();
    await notifyLive(tx, { i: rows.map((r) => r.id) }); // the live streams (issue 20)
    await tx.insert(incidentEvents).values(
      rows.flatMap((r) => [
        { incidentId: r.id, type: 'opened' as const, at: now, detail: r.detail },
        { incidentId: r.id, type: 'resolved' as const, at: now },
      ]),
    );
    const [one] = rows;
    // the same venue and severity for every line: one look-up of the recipients serves them all
    const recipients = one === undefined ? [] : await recipientsOf(tx, refOf(one));
    if (recipients.length > 0)
      for (const r of rows) await enqueueNotifications(tx, refOf(r), 'opened', { now, recipients });
  }
  await saveWatch(tx, device.id, { eventsSeen: count, eventsLastLine: last }, now);
}

const recentDrops = (drops: readonly string[], now: Date, windowS: number): string[] =>
  drops.filter((d) => Date.parse(d) > now.getTime() - windowS * 1000);

/** How long an offline incident's `resolved` waits for the amp to stay online (s). */
const holdS = (row: IncidentRow, flap: FlapSettings): number =>
  row.flapping ? flap.NOTIFY_FLAP_WINDOW_S : flap.NOTIFY_SETTLE_S;

/** A live `{online: false}`: records the drop, then opens the offline incident, or reopens the one still settling. */
export async function applyDrop(tx: Executor, device: DeviceRef, now: Date, flap: FlapSettings): Promise<void> {
  const watch = await findWatch(tx, device.id);
  const drops = [...recentDrops(watch?.drops ?? [], now, flap.NOTIFY_FLAP_WINDOW_S), now.toISOString()].slice(
    -DROPS_MAX,
  );
  const flapping = drops.length >= flap.NOTIFY_FLAP_COUNT;
  await saveWatch(tx, device.id, { drops, ...(watch === undefined ? await firstSight(tx, device.id) : {}) }, now);
  const last = await latestOffline(tx, device.id);
  if (last?.state === 'open') {
    if (flapping && !last.flapping) await updateIncident(tx, last.id, { flapping, updatedAt: now });
    return;
  }
  const settling =
    last?.resolvedAt != null &&
    (now.getTime() - last.resolvedAt.getTime() < holdS(last, flap) * 1000 ||
      (await hasPending(tx, last.id, 'resolved')));
  if (last !== undefined && settling) {
    const flapCount = last.flapCount + 1;
    await updateIncident(tx, last.id, {
      state: 'open',
      resolvedAt: null,
      flapCount,
      flapping: last.flapping || flapping,
      updatedAt: now,
    });
    await cancelPending(tx, last.id, ['resolved']);
    const minutes = Math.round(flap.NOTIFY_FLAP_WINDOW_S / 60);
    await addIncidentEvent(tx, last.id, 'reopened', now, null, `${drops.length} drops within ${minutes} min`);
    return;
  }
  await open(tx, device, { key: 'offline', type: 'offline', severity: 'Critical', detail: null, flapping }, now);
}

/** A live `{online: true}`: resolves the open offline incident; its `resolved` is due once the hold is over. */
export async function applyBackOnline(tx: Executor, device: DeviceRef, now: Date, flap: FlapSettings): Promise<void> {
  const last = await latestOffline(tx, device.id);
  if (last?.state !== 'open') return;
  const watch = await findWatch(tx, device.id);
  const flapping =
    last.flapping || recentDrops(watch?.drops ?? [], now, flap.NOTIFY_FLAP_WINDOW_S).length >= flap.NOTIFY_FLAP_COUNT;
  const row = await updateIncident(tx, last.id, { state: 'resolved', resolvedAt: now, updatedAt: now, flapping });
  await addIncidentEvent(tx, row.id, 'resolved', now);
  await enqueueNotifications(tx, refOf(row), 'resolved', {
    now,
    dueAt: new Date(now.getTime() + holdS(row, flap) * 1000),
    // a reopened incident's earlier `resolved` was cancelled: each resolution is a message of its own
    sequence: row.flapCount,
  });
}

/**
 * The sweep's case: an amp not connected whose going offline is not on record (it vanished while the cloud was
 * down) gets its offline incident now; false when it is connected again or already has one.
 */
export async function applyUnrecordedOffline(tx: Executor, device: DeviceRef, now: Date): Promise<boolean> {
  if (device.connected || device.lastSeenAt === null) return false;
  const last = await latestOffline(tx, device.id);
  if (last !== undefined && (last.state === 'open' || last.openedAt >= device.lastSeenAt)) return false;
  await open(tx, device, { key: 'offline', type: 'offline', severity: 'Critical', detail: null }, now);
  return true;
}

/** The state conditions of a reported state, or undefined when it carries no `amp` part (nothing to judge by). */
export const conditionsOf = (reported: DeviceReported): ActiveCondition[] | undefined =>
  reported.amp === undefined ? undefined : activeConditions(reported);
