/**
 * Rollouts for the caller (issue 14; protocol cloud/rollouts.ts): the update screen's candidates, starting a rollout
 * (its targets, their waves and images fixed then), reading one or the list, pause/resume/cancel, and an amp's
 * firmware history. The runner (runner.ts) does the sending. Another user's rollout or device answers NotFound.
 */
import { randomUUID } from 'node:crypto';
import {
  CLOUD_UPDATE_MIN_VERSION,
  FIRMWARE_VERSION_PATTERN,
  ROLLOUT_TARGET_STATES,
  findModel,
  isAtLeastVersion,
  isNewerVersion,
  rolloutWaveSizes,
  type FirmwareHistory,
  type FirmwareHistoryEntry,
  type Rollout,
  type RolloutAction,
  type RolloutCandidates,
  type RolloutCounts,
  type RolloutCreate,
  type RolloutList,
  type RolloutSkipReason,
  type RolloutSummary,
  type RolloutTargetState,
} from '@rackside/protocol';
import { and, eq } from 'drizzle-orm';
import type { DomainContext } from '../../domain';
import { isUniqueViolation } from '../../db/errors';
import { deviceJobs, firmwareImages, venues as venuesTable } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { venueAllowed, visibleRollouts } from '../../plugins/venue-scope';
import { findDevice, listJobs } from '../devices/devices.repo';
import { shadowShowsFault, shadowVersion } from './follow';
import {
  activeRollout,
  cancelPending,
  countTargets,
  deviceTargets,
  findRollout,
  insertEvents,
  insertRollout,
  listEvents,
  listRollouts,
  listTargets,
  listUserDevices,
  loadRollout,
  updateRollout,
  type RolloutRow,
  type UserDevice,
} from './rollouts.repo';
import type { RolloutRunner } from './runner';

const notFound = () => new AppError('NotFound', 'No such rollout');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The version the amp runs: its shadow's, else the one it registered with. */
const currentVersion = (d: UserDevice): string => shadowVersion(d.reported) ?? d.firmwareVersion;
/** spec 1 §5: at or past the minimum version (four dotted numbers, else not). */
const eligible = (version: string): boolean =>
  FIRMWARE_VERSION_PATTERN.test(version) && isAtLeastVersion(version, CLOUD_UPDATE_MIN_VERSION);

type ImageRow = typeof firmwareImages.$inferSelect;

function countsOf(rows: readonly { state: string; n: number }[]): RolloutCounts {
  const counts = Object.fromEntries(ROLLOUT_TARGET_STATES.map((s) => [s, 0])) as Record<RolloutTargetState, number>;
  for (const r of rows) counts[r.state as RolloutTargetState] += r.n;
  return counts;
}

function summaryOf(row: RolloutRow, counts: RolloutCounts): RolloutSummary {
  return {
    rolloutId: row.id,
    state: row.state,
    stopReason: row.stopReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canary: row.canary,
    percent: row.percent,
    failureThresholdPercent: row.failureThresholdPercent,
    force: row.force,
    waveCount: row.waveCount,
    currentWave: row.currentWave,
    versions: row.versions as Record<string, string>,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
  };
}

/** Rollout operations; one instance per app. */
export class RolloutsService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly runner?: RolloutRunner,
  ) {}

  private async latestImages(userId: string): Promise<Map<string, ImageRow>> {
    const rows = await this.ctx.db
      .select()
      .from(firmwareImages)
      .where(and(eq(firmwareImages.userId, userId), eq(firmwareImages.latest, true)));
    return new Map(rows.map((r) => [r.family, r]));
  }

  /** GET /rollouts/candidates: every venue with its amps, versions and whether each can be updated now. */
  async candidates(caller: AuthUser): Promise<RolloutCandidates> {
    const { db } = this.ctx;
    const [venueRows, devices, latest, active] = await Promise.all([
      db.select().from(venuesTable).where(eq(venuesTable.userId, caller.id)).orderBy(venuesTable.name),
      listUserDevices(db, caller.id),
      this.latestImages(caller.id),
      activeRollout(db, caller.id),
    ]);
    const [visibleActive] = active === undefined ? [] : await visibleRollouts(db, caller, [active]);
    return {
      // a role narrowed to venues (issue 21) sees those venues and the rollouts within them only
      venues: venueRows
        .filter((v) => venueAllowed(caller.venueIds, v.id))
        .map((v) => ({
          venueId: v.id,
          name: v.name,
          amps: devices
            .filter((d) => d.venueId === v.id)
            .map((d) => {
              const model = findModel(d.modelId);
              const family = model?.kind === 'amp' ? model.firmwareImagePrefix : null;
              const current = currentVersion(d);
              const latestVersion = family === null ? null : (latest.get(family)?.version ?? null);
              return {
                deviceId: d.id,
                name: d.deviceName,
                modelId: d.modelId,
                family,
                currentVersion: current,
                latestVersion,
                eligible: eligible(current),
                updateAvailable: latestVersion !== null && isNewerVersion(latestVersion, current),
                connected: d.connected,
                audio: this.runner?.audioOf(d.id) ?? null,
                fault: shadowShowsFault(d.reported),
              };
            }),
        })),
      latest: Object.fromEntries([...latest].map(([family, image]) => [family, image.version])),
      activeRolloutId: visibleActive?.id ?? null,
    };
  }

  /**
   * POST /rollouts: the selected amps that can be updated (eligible, an image of their family, older than it) are
   * put in waves in selection order; the others are recorded as skipped with why. Nothing to update answers
   * ROLLOUT_NOTHING_TO_UPDATE; an unfinished rollout answers ROLLOUT_ACTIVE.
   */
  async create(caller: AuthUser, body: Required<RolloutCreate>): Promise<Rollout> {
    const { db, clock } = this.ctx;
    const wanted = [...new Set(body.deviceIds)];
    const found = new Map((await listUserDevices(db, caller.id, wanted)).map((d) => [d.id, d]));
    const devices = wanted.map((id) => found.get(id));
    if (devices.some((d) => d === undefined)) throw new AppError('NotFound', 'No such device');
    if ((await activeRollout(db, caller.id)) !== undefined) throw active();
    const latest = await this.latestImages(caller.id);

    const plan = (devices as UserDevice[]).map((d) => {
      const model = findModel(d.modelId);
      const current = currentVersion(d);
      const image = model?.kind === 'amp' ? latest.get(model.firmwareImagePrefix) : undefined;
      const skip: RolloutSkipReason | null = !eligible(current)
        ? 'belowMinimum'
        : image === undefined
          ? 'noImage'
          : !isNewerVersion(image.version, current)
            ? 'upToDate'
            : null;
      return { d, current, image, skip };
    });
    const updatable = plan.filter((p) => p.skip === null);
    if (updatable.length === 0) {
      const why = plan.map((p) => `${p.d.deviceName}: ${p.skip}`).join('; ');
      throw new AppError('ROLLOUT_NOTHING_TO_UPDATE', `None of the selected amps can be updated (${why})`);
    }
    const sizes = rolloutWaveSizes(updatable.length, body.canary, body.percent);
    const waveOf: number[] = sizes.flatMap((n, w) => Array<number>(n).fill(w));
    const now = clock.now();
    const id = randomUUID();
    const versions: Record<string, string> = {};
    for (const p of updatable) if (p.image !== undefined) versions[p.image.family] = p.image.version;
    let position = 0;
    let next = 0;
    const targets = plan.map((p) => ({
      rolloutId: id,
      deviceId: p.d.id,
      position: position++,
      wave: p.skip === null ? (waveOf[next++] ?? 0) : 0,
      fromVersion: p.current,
      toVersion: p.image?.version ?? p.current,
      imageId: p.skip === null ? (p.image?.id ?? null) : null,
      state: p.skip === null ? ('pending' as const) : ('skipped' as const),
      skipReason: p.skip,
      finishedAt: p.skip === null ? null : now,
    }));
    const event = (kind: string, wave: number | null, deviceId: string | null, detail: string | null) => ({
      rolloutId: id,
      at: now,
      kind,
      wave,
      deviceId,
      detail,
    });
    try {
      await db.transaction((tx) =>
        insertRollout(
          tx,
          {
            id,
            userId: caller.id,
            state: 'running',
            canary: body.canary,
            percent: body.percent,
            failureThresholdPercent: body.failureThresholdPercent,
            force: body.force,
            waveCount: sizes.length,
            currentWave: 0,
            versions,
            createdAt: now,
            updatedAt: now,
          },
          targets,
          [
            event('created', null, null, `${updatable.length} amps in waves of ${sizes.join(', ')}`),
            ...plan.filter((p) => p.skip !== null).map((p) => event('skipped', null, p.d.id, p.skip)),
            event('waveStarted', 0, null, null),
          ],
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw active();
      throw error;
    }
    this.runner?.nudge();
    await this.ctx.audit.byCaller(
      caller,
      ...updatable.map((p) => ({
        kind: 'firmware.started' as const,
        deviceId: p.d.id,
        venueId: p.d.venueId,
        details: { version: p.image?.version ?? p.current, jobId: null, rolloutId: id },
      })),
    );
    return this.get(caller, id);
  }

  /** GET /rollouts/{id}. */
  async get(caller: AuthUser, rolloutId: string): Promise<Rollout> {
    const { db } = this.ctx;
    const row = await findRollout(db, caller.id, rolloutId);
    if (row === undefined) throw notFound();
    const [targets, events] = await Promise.all([listTargets(db, rolloutId), listEvents(db, rolloutId)]);
    const counts = countsOf(
      ROLLOUT_TARGET_STATES.map((state) => ({ state, n: targets.filter((t) => t.state === state).length })),
    );
    return {
      ...summaryOf(row, counts),
      targets: targets.map((t) => ({
        deviceId: t.deviceId,
        name: t.deviceName,
        modelId: t.modelId,
        venueId: t.venueId,
        venueName: t.venueName,
        wave: t.wave,
        fromVersion: t.fromVersion,
        toVersion: t.toVersion,
        state: t.state,
        skipReason: t.skipReason as RolloutSkipReason | null,
        failedBy: t.failedBy,
        firmwareStatus: t.firmwareStatus,
        boards: t.boards ?? {},
        sentAt: iso(t.sentAt),
        finishedAt: iso(t.finishedAt),
      })),
      events: events.map((e) => ({
        at: e.at.toISOString(),
        kind: e.kind as Rollout['events'][number]['kind'],
        wave: e.wave,
        deviceId: e.deviceId,
        detail: e.detail,
      })),
    };
  }

  /** GET /rollouts: newest first, with counts. */
  async list(caller: AuthUser): Promise<RolloutList> {
    const rows = await visibleRollouts(this.ctx.db, caller, await listRollouts(this.ctx.db, caller.id));
    const counts = await countTargets(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return { rollouts: rows.map((r) => summaryOf(r, countsOf(counts.filter((c) => c.rolloutId === r.id)))) };
  }

  /** POST /rollouts/{id}/{pause|resume|cancel}; ROLLOUT_STATE when the action does not fit the state. */
  async act(caller: AuthUser, rolloutId: string, action: RolloutAction): Promise<Rollout> {
    const { db, clock } = this.ctx;
    if ((await findRollout(db, caller.id, rolloutId)) === undefined) throw notFound();
    await db.transaction(async (tx) => {
      const row = await loadRollout(tx, rolloutId, true);
      if (row === undefined) throw notFound();
      const now = clock.now();
      const log = (kind: string, wave: number | null, detail: string | null) =>
        insertEvents(tx, [{ rolloutId, at: now, kind, wave, deviceId: null, detail }]);
      const wrong = () => new AppError('ROLLOUT_STATE', `A ${row.state} rollout cannot ${action}`);
      if (action === 'pause') {
        if (row.state !== 'running') throw wrong();
        await updateRollout(tx, rolloutId, { state: 'paused', updatedAt: now });
        await log('paused', row.currentWave, null);
      } else if (action === 'resume') {
        if (row.state === 'paused') {
          await updateRollout(tx, rolloutId, { state: 'running', updatedAt: now });
          await log('resumed', row.currentWave, null);
        } else if (row.state === 'stopped') {
          // the stopped wave has ended: go on with the next one (or end)
          const next = row.currentWave + 1;
          const done = next >= row.waveCount;
          await updateRollout(tx, rolloutId, {
            state: done ? 'completed' : 'running',
            stopReason: null,
            currentWave: next,
            updatedAt: now,
          });
          await log('resumed', row.currentWave, 'past the stopped wave');
          await log(done ? 'completed' : 'waveStarted', done ? null : next, null);
        } else throw wrong();
      } else {
        if (row.state !== 'running' && row.state !== 'paused' && row.state !== 'stopped') throw wrong();
        await updateRollout(tx, rolloutId, { state: 'cancelled', updatedAt: now });
        const n = await cancelPending(tx, rolloutId);
        await log('cancelled', row.currentWave, `${n} amps not updated`);
      }
    });
    this.runner?.nudge();
    return this.get(caller, rolloutId);
  }

  /** GET /devices/{id}/firmware/history: its rollouts' entries and its direct jobs, newest first. */
  async history(caller: AuthUser, deviceId: string): Promise<FirmwareHistory> {
    const { db } = this.ctx;
    if ((await findDevice(db, caller.id, deviceId)) === undefined) throw new AppError('NotFound', 'No such device');
    const [targets, jobs] = await Promise.all([deviceTargets(db, deviceId), listJobs(db, deviceId)]);
    const inRollouts = new Set(targets.map((t) => t.jobId).filter((j) => j !== null));
    const fromTargets: FirmwareHistoryEntry[] = targets.map((t) => ({
      at: (t.sentAt ?? t.createdAt).toISOString(),
      rolloutId: t.rolloutId,
      fromVersion: t.fromVersion,
      toVersion: t.toVersion,
      state: t.state,
      skipReason: t.skipReason as RolloutSkipReason | null,
      detail: t.failedBy,
      finishedAt: iso(t.finishedAt),
    }));
    const JOB_STATE: Record<(typeof deviceJobs.$inferSelect)['status'], RolloutTargetState> = {
      sent: 'starting',
      accepted: 'inProgress',
      succeeded: 'success',
      failed: 'failure',
      rejected: 'failure',
    };
    const direct: FirmwareHistoryEntry[] = jobs
      .filter((j) => !inRollouts.has(j.id) && j.type === 'firmware')
      .map((j) => {
        const version = (j.payload as { version?: unknown }).version;
        const finished = j.status === 'succeeded' || j.status === 'failed' || j.status === 'rejected';
        return {
          at: j.createdAt.toISOString(),
          rolloutId: null,
          fromVersion: null,
          toVersion: typeof version === 'string' ? version : '',
          state: JOB_STATE[j.status],
          skipReason: null,
          detail: j.detail,
          finishedAt: finished ? j.updatedAt.toISOString() : null,
        };
      });
    return { entries: [...fromTargets, ...direct].sort((a, b) => b.at.localeCompare(a.at)) };
  }
}

const active = () =>
  new AppError('ROLLOUT_ACTIVE', 'A rollout is under way (running, paused or stopped): resume or cancel it first');
