/**
 * The live streams' SQL (issue 20): stream tickets (issued, spent once), and the re-reads a node makes when told that
 * something changed — each scoped to the owners whose amps the streams open on this node carry (scope.ts: the
 * callers themselves, or the organisations they act in), and to amps in their owner's own venues (the venue's user is
 * the device's user), so that a stream never sees another owner's amp whatever the notification named. The hub then
 * narrows each row to the streams whose venues reach it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncidentConditionType, IncidentState, RolloutState, RolloutTargetState } from '@rackside/protocol';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  devices,
  incidents,
  liveTickets,
  rollouts,
  rolloutTargets,
  sessions,
  users,
  venues,
} from '../../db/schema/index';

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

/** Stores a new ticket for the session (and sweeps the expired ones); answers the ticket. */
export async function issueTicket(
  db: Executor,
  owner: { userId: string; sessionId: string; organisationId: string | null },
  now: Date,
  expiresAt: Date,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
  await db.insert(liveTickets).values({ ticketHash: hashOf(ticket), ...owner, createdAt: now, expiresAt });
  return ticket;
}

/** Spends a ticket: its row goes whatever it says (one use, on any node); undefined when there was none. */
export async function spendTicket(
  db: Executor,
  ticket: string,
): Promise<{ userId: string; sessionId: string; organisationId: string | null; expiresAt: Date } | undefined> {
  const [row] = await db
    .delete(liveTickets)
    .where(eq(liveTickets.ticketHash, hashOf(ticket)))
    .returning({
      userId: liveTickets.userId,
      sessionId: liveTickets.sessionId,
      organisationId: liveTickets.organisationId,
      expiresAt: liveTickets.expiresAt,
    });
  return row;
}

/** The session's user when the session is live (not revoked, not expired). */
export async function liveSession(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<{ id: string; email: string; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

/** Which of these sessions are still live. */
export async function liveSessions(db: Executor, sessionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return new Set(rows.map((r) => r.id));
}

/** A device in its owner's venue, with its owner (the devices join their own user's venues only). */
const inOwnVenue = and(eq(venues.id, devices.venueId), eq(venues.userId, devices.userId));

export interface DeviceNow {
  readonly deviceId: string;
  readonly userId: string;
  readonly venueId: string;
  readonly online: boolean;
}

/** The devices' state now, for those of the owners. */
export function devicesNow(db: Executor, ids: readonly string[], ownerIds: readonly string[]): Promise<DeviceNow[]> {
  return db
    .select({ deviceId: devices.id, userId: devices.userId, venueId: devices.venueId, online: devices.connected })
    .from(devices)
    .innerJoin(venues, inOwnVenue)
    .where(and(inArray(devices.id, [...ids]), inArray(devices.userId, [...ownerIds])));
}

export interface IncidentNow {
  readonly incidentId: string;
  readonly userId: string;
  readonly deviceId: string;
  readonly venueId: string;
  readonly kind: IncidentConditionType;
  readonly state: IncidentState;
  readonly severity: 'Critical' | 'Warning' | 'Info';
}

/** The incidents' state now, for those of the owners whose amp is still theirs and in one of their venues. */
export function incidentsNow(
  db: Executor,
  ids: readonly string[],
  ownerIds: readonly string[],
): Promise<IncidentNow[]> {
  return db
    .select({
      incidentId: incidents.id,
      userId: incidents.userId,
      deviceId: incidents.deviceId,
      venueId: incidents.venueId,
      kind: incidents.conditionType,
      state: incidents.state,
      severity: incidents.severity,
    })
    .from(incidents)
    .innerJoin(devices, and(eq(devices.id, incidents.deviceId), eq(devices.userId, incidents.userId)))
    .innerJoin(venues, inOwnVenue)
    .where(and(inArray(incidents.id, [...ids]), inArray(incidents.userId, [...ownerIds])));
}

export interface RolloutNow {
  readonly rolloutId: string;
  readonly userId: string;
  readonly state: RolloutState;
  readonly currentWave: number;
  readonly waveCount: number;
}

const rolloutColumns = {
  rolloutId: rollouts.id,
  userId: rollouts.userId,
  state: rollouts.state,
  currentWave: rollouts.currentWave,
  waveCount: rollouts.waveCount,
};

/** The rollouts' state now, for those of the owners. */
export function rolloutsNow(db: Executor, ids: readonly string[], ownerIds: readonly string[]): Promise<RolloutNow[]> {
  return db
    .select(rolloutColumns)
    .from(rollouts)
    .where(and(inArray(rollouts.id, [...ids]), inArray(rollouts.userId, [...ownerIds])));
}

export interface TargetNow extends RolloutNow {
  readonly deviceId: string;
  readonly venueId: string;
  readonly targetState: RolloutTargetState;
  readonly firmwareStatus: string | null;
}

/**
 * The amps' updates now ([rolloutId, deviceId] pairs), for rollouts of the owners whose amp is still theirs and in
 * one of their venues.
 */
export async function targetsNow(
  db: Executor,
  pairs: readonly (readonly [string, string])[],
  ownerIds: readonly string[],
): Promise<TargetNow[]> {
  const wanted = new Set(pairs.map(([r, d]) => `${r} ${d}`));
  const rows = await db
    .select({
      ...rolloutColumns,
      deviceId: rolloutTargets.deviceId,
      venueId: devices.venueId,
      targetState: rolloutTargets.state,
      firmwareStatus: rolloutTargets.firmwareStatus,
    })
    .from(rolloutTargets)
    .innerJoin(rollouts, eq(rollouts.id, rolloutTargets.rolloutId))
    .innerJoin(devices, and(eq(devices.id, rolloutTargets.deviceId), eq(devices.userId, rollouts.userId)))
    .innerJoin(venues, inOwnVenue)
    .where(
      and(
        inArray(rolloutTargets.rolloutId, [...new Set(pairs.map(([r]) => r))]),
        inArray(rolloutTargets.deviceId, [...new Set(pairs.map(([, d]) => d))]),
        inArray(rollouts.userId, [...ownerIds]),
      ),
    );
  return rows.filter((r) => wanted.has(`${r.rolloutId} ${r.deviceId}`));
}
