/**
 * Incidents for the console (issue 15; protocol cloud/incidents.ts): the caller's incidents, one with its timeline,
 * and acknowledging one (the first acknowledgement is kept: a second answers the same). Another user's incident
 * answers NotFound. The deriver (deriver.ts) opens and resolves them; this service only reads and acknowledges.
 */
import type { Incident, IncidentDetail, IncidentList, IncidentQuery } from '@rackside/protocol';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { acknowledgeIncident, findIncident, listIncidents, listTimeline, type IncidentView } from './incidents.repo';

const notFound = () => new AppError('NotFound', 'No such incident');
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** An incident row as the REST API gives it. */
export function toIncident(row: IncidentView): Incident {
  return {
    incidentId: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    venueId: row.venueId,
    venueName: row.venueName,
    severity: row.severity,
    condition: {
      type: row.conditionType,
      ...(row.channel === null ? {} : { channel: row.channel }),
      ...(row.detail === null ? {} : { detail: row.detail }),
    },
    state: row.state,
    openedAt: row.openedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    flapCount: row.flapCount,
    flapping: row.flapping,
  };
}

/** Reads and acknowledges the caller's incidents. */
export class IncidentsService {
  constructor(private readonly ctx: Pick<DomainContext, 'db' | 'clock'>) {}

  /** The caller's incidents, newest first, filtered by state, venue and amp. */
  async list(user: AuthUser, query: IncidentQuery): Promise<IncidentList> {
    // a role narrowed to venues (issue 21) sees their incidents only
    return { incidents: (await listIncidents(this.ctx.db, user.id, query, user.venueIds)).map(toIncident) };
  }

  /** One of the caller's incidents with its timeline, oldest entry first. */
  async get(user: AuthUser, incidentId: string): Promise<IncidentDetail> {
    const row = await findIncident(this.ctx.db, user.id, incidentId);
    if (row === undefined) throw notFound();
    const timeline = await listTimeline(this.ctx.db, incidentId);
    return {
      incident: toIncident(row),
      timeline: timeline.map((e) => ({ at: e.at.toISOString(), type: e.type, actor: e.actor, detail: e.detail })),
    };
  }

  /** Acknowledges one of the caller's incidents as the caller (their email); idempotent. */
  async acknowledge(user: AuthUser, incidentId: string): Promise<IncidentDetail> {
    if (!(await acknowledgeIncident(this.ctx.db, incidentId, user.email, this.ctx.clock.now(), user.id)))
      throw notFound();
    return this.get(user, incidentId);
  }
}
