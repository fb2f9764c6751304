/**
 * The rollout runner (issue 14): every ROLLOUT_TICK_MS it takes each unfinished rollout (and each finished one with
 * an amp still updating) from the database and moves it on. The database is the whole state: a cloud killed
 * mid-rollout starts a runner that finds the same rows and goes on, so no amp gets a second job for one rollout.
 *
 * One tick of one rollout:
 * 1. follow every amp whose job was sent (follow.ts: its job status, its shadow, the timeout); on the first tick of
 *    a process, an amp whose job was stored but never acknowledged gets the same job again (same id: the amp runs a
 *    job id once; a fresh download URL);
 * 2. if running, take the pending amps of the current wave: skip one that is offline, or (unless forced) in a fault
 *    or passing audio — asked with a short sensor-publish job, its snapshot read from the broker's `sensors` — and
 *    send the others their firmware job (stored first, then published: a crash between the two is step 1's case);
 * 3. when every amp of the wave has ended, its failure rate (failed / attempted) above the threshold stops the
 *    rollout, else the next wave starts, or the rollout completes.
 * Every step goes to rollout_events. Sending and wave moves re-read the rollout row `for update`, so a pause or a
 * cancel that lands mid-tick wins.
 *
 * Several cloud nodes (issue 20): one runner per process, and each rollout is moved on by one runner at a time. Every
 * tick claims each rollout for ROLLOUT_LEASE_S (claimRollout: `for update skip locked`, the database's clock); a
 * rollout whose runner's lease ran out (its node was killed, or hangs) is taken over by the next runner that ticks,
 * which follows it as a restarted process would (step 1's resend, a `recovered` step). A send re-checks the lease
 * holder inside its transaction, so a runner that lost its lease mid-tick sends nothing more. A runner that stops
 * releases its rollouts.
 */
import { randomUUID } from 'node:crypto';
import {
  isRolloutTargetFinished,
  waveFailurePercent,
  type DeviceJob,
  type RolloutTargetState,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { insertJobs, setJobStatus } from '../devices/devices.repo';
import { downloadFor } from '../firmware/index';
import { followTarget, progressOf, sameProgress, sensorsShowAudio, shadowFirmware, shadowShowsFault } from './follow';
import {
  claimRollout,
  imagesById,
  insertEvents,
  listTargets,
  loadRollout,
  releaseRollouts,
  rolloutsToFollow,
  setJobPayload,
  updateRollout,
  updateTarget,
  type NewEvent,
  type RolloutRow,
  type TargetView,
} from './rollouts.repo';
import { safeError } from '../../plugins/errors';

/** How long a sensor-publish window the audio check opens lasts (s). */
const PROBE_WINDOW_S = 5;
/** An amp's final firmware statuses (its boards after FinishedFlash) are taken from its shadow this long after it ended (ms). */
const LATE_REPORT_MS = 60_000;
/** A sensor snapshot younger than this says whether an amp passes audio in the candidates view (ms). */
const AUDIO_FRESH_MS = 30_000;

interface Probe {
  readonly askedAt: number;
  audio?: boolean;
}

const FAILED: readonly RolloutTargetState[] = ['failure', 'requestFailed'];

/** Moves rollouts on; one per app (rollouts.routes.ts starts it when the app has a broker). */
export class RolloutRunner {
  private timer: ReturnType<typeof setInterval> | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private recovering = true;
  /** This runner, as rollouts.runner_id names it. */
  private readonly runnerId = randomUUID();
  private readonly probes = new Map<string, Probe>();
  private readonly audio = new Map<string, { at: number; audio: boolean }>();
  private offSensors: (() => void) | undefined;
  private startedAt = 0;

  constructor(
    private readonly ctx: DomainContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.startedAt = this.ctx.clock.now().getTime();
    this.offSensors = this.ctx.deviceEvents.onSensors((deviceId, sensors) => {
      const at = this.ctx.clock.now().getTime();
      const audio = sensorsShowAudio(sensors);
      this.audio.set(deviceId, { at, audio });
      for (const [key, probe] of this.probes) {
        if (key.endsWith(`:${deviceId}`) && probe.audio === undefined && at >= probe.askedAt) probe.audio = audio;
      }
    });
    this.timer = setInterval(() => this.nudge(), this.ctx.config.ROLLOUT_TICK_MS);
    this.timer.unref();
    this.nudge();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.offSensors?.();
    await this.current;
    try {
      await releaseRollouts(this.ctx.db, this.runnerId);
    } catch (error) {
      this.log.warn(
        { error: safeError(error) },
        'rollout runner: could not release its rollouts (their leases run out)',
      );
    }
  }

  /** Whether the amp passed audio at its last sensor snapshot (null: none lately). */
  audioOf(deviceId: string): boolean | null {
    const seen = this.audio.get(deviceId);
    return seen !== undefined && this.ctx.clock.now().getTime() - seen.at < AUDIO_FRESH_MS ? seen.audio : null;
  }

  /** Runs a tick now (or right after the one under way). */
  nudge(): void {
    if (this.current !== undefined) {
      this.again = true;
      return;
    }
    this.current = this.tick().finally(() => {
      this.current = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** One pass over every rollout to follow; resolves when done (tests await it). */
  async tick(): Promise<void> {
    try {
      const recent = new Date(this.ctx.clock.now().getTime() - LATE_REPORT_MS);
      for (const id of await rolloutsToFollow(this.ctx.db, recent)) {
        try {
          const claim = await claimRollout(this.ctx.db, id, this.runnerId, this.ctx.config.ROLLOUT_LEASE_S * 1000);
          if (claim === 'busy') continue;
          await this.advance(id, this.recovering || claim === 'takenOver');
        } catch (error) {
          this.log.error({ rolloutId: id, error: safeError(error) }, 'rollout: a tick failed');
        }
      }
      this.recovering = false;
    } catch (error) {
      this.log.error({ error: safeError(error) }, 'rollout runner: could not read rollouts');
    }
  }

  /** One tick of one rollout; `recovering`: its last runner stopped mid-way (this process started, or took it over). */
  private async advance(rolloutId: string, recovering: boolean): Promise<void> {
    const { db, clock, config } = this.ctx;
    const rollout = await loadRollout(db, rolloutId);
    if (rollout === undefined) return;
    const targets = await listTargets(db, rolloutId);
    const events: NewEvent[] = [];
    const event = (kind: NewEvent['kind'], wave: number | null, deviceId: string | null, detail: string | null) =>
      events.push({ rolloutId, at: clock.now(), kind, wave, deviceId, detail });
    const states = new Map(targets.map((t) => [t.deviceId, t.state]));
    if (recovering && rollout.state !== 'cancelled' && rollout.state !== 'completed')
      event('recovered', null, null, `picked up by a cloud process that started (state ${rollout.state})`);

    // 1. follow the amps under way
    for (const t of targets) {
      if (t.state === 'success' || t.state === 'failure') {
        await this.lateReport(rolloutId, t);
        continue;
      }
      if (t.state !== 'starting' && t.state !== 'inProgress') continue;
      const now = clock.now();
      const prev = progressOf(t);
      const next = followTarget(prev, {
        jobStatus: t.jobStatus ?? undefined,
        jobDetail: t.jobDetail,
        reported: t.reported,
        shadowAt: t.shadowAt,
        sentAt: t.sentAt ?? now,
        toVersion: t.toVersion,
        now,
        timeoutMs: config.ROLLOUT_TARGET_TIMEOUT_S * 1000,
      });
      if (!sameProgress(prev, next)) {
        const finished = isRolloutTargetFinished(next.state);
        await updateTarget(db, rolloutId, t.deviceId, { ...next, ...(finished ? { finishedAt: now } : {}) });
        states.set(t.deviceId, next.state);
        if (next.state === 'success') event('succeeded', t.wave, t.deviceId, next.firmwareStatus);
        else if (next.state === 'failure') event('failed', t.wave, t.deviceId, next.failedBy);
      } else if (recovering && t.state === 'starting' && t.jobStatus === 'sent' && t.jobId !== null) {
        await this.resend(rollout, t, event);
      }
    }

    // 2. send the current wave
    if (rollout.state === 'running' && rollout.currentWave < rollout.waveCount) {
      const wave = targets.filter((t) => t.wave === rollout.currentWave);
      const pending = wave.filter((t) => states.get(t.deviceId) === 'pending');
      const images = new Map(
        (await imagesById(db, [...new Set(pending.map((t) => t.imageId).filter((i) => i !== null))])).map((i) => [
          i.id,
          i,
        ]),
      );
      for (const t of pending) {
        const next = await this.decide(rollout, t);
        if (next === 'wait') continue;
        if (next !== 'send') {
          if (
            await this.settle(rolloutId, t.deviceId, { state: 'skipped', skipReason: next, finishedAt: clock.now() })
          ) {
            states.set(t.deviceId, 'skipped');
            event('skipped', t.wave, t.deviceId, next);
          }
          continue;
        }
        const image = t.imageId === null ? undefined : images.get(t.imageId);
        const state = await this.send(rollout, t, image, event);
        if (state !== undefined) states.set(t.deviceId, state);
      }

      // 3. end the wave
      if (wave.every((t) => isRolloutTargetFinished(states.get(t.deviceId) ?? t.state))) {
        await this.endWave(rollout, wave, states, event, events);
      }
    }
    await insertEvents(db, events);
  }

  /** An ended amp's shadow, stored after it ended, may show its final statuses (the boards after FinishedFlash). */
  private async lateReport(rolloutId: string, t: TargetView): Promise<void> {
    if (t.finishedAt === null || t.shadowAt === null || t.shadowAt.getTime() < t.finishedAt.getTime()) return;
    if (this.ctx.clock.now().getTime() - t.finishedAt.getTime() > LATE_REPORT_MS) return;
    const report = shadowFirmware(t.reported);
    const boards = Object.keys(report.boards).length > 0 ? report.boards : t.boards;
    const firmwareStatus = report.status ?? t.firmwareStatus;
    if (firmwareStatus === t.firmwareStatus && JSON.stringify(boards) === JSON.stringify(t.boards)) return;
    await updateTarget(this.ctx.db, rolloutId, t.deviceId, { firmwareStatus, boards });
  }

  /** Whether to send a pending amp its job now, skip it (why), or wait for its sensor snapshot. */
  private async decide(rollout: RolloutRow, t: TargetView): Promise<'send' | 'wait' | 'offline' | 'fault' | 'audio'> {
    if (!t.connected) {
      // every amp is offline to a cloud that just started, until it reconnects
      const starting = this.ctx.clock.now().getTime() - this.startedAt < this.ctx.config.ROLLOUT_RECONNECT_GRACE_MS;
      return starting ? 'wait' : 'offline';
    }
    if (rollout.force) return 'send';
    if (shadowShowsFault(t.reported)) return 'fault';
    const key = `${rollout.id}:${t.deviceId}`;
    const probe = this.probes.get(key);
    const now = this.ctx.clock.now().getTime();
    if (probe === undefined) {
      this.probes.set(key, { askedAt: now });
      const job: DeviceJob = { jobId: randomUUID(), type: 'sensorPublish', durationS: PROBE_WINDOW_S };
      try {
        await this.ctx.broker?.publishJob(t.deviceId, job);
      } catch (error) {
        this.log.warn({ deviceId: t.deviceId, error: safeError(error) }, 'rollout: the audio check could not be sent');
      }
      return 'wait';
    }
    if (probe.audio === undefined) {
      if (now - probe.askedAt < this.ctx.config.ROLLOUT_SENSOR_WAIT_MS) return 'wait';
      this.probes.delete(key);
      return 'offline'; // no snapshot: the amp does not answer
    }
    this.probes.delete(key);
    return probe.audio ? 'audio' : 'send';
  }

  /** Updates a pending target if its rollout still runs (a pause or cancel meanwhile wins); true when it did. */
  private async settle(
    rolloutId: string,
    deviceId: string,
    set: Parameters<typeof updateTarget>[3],
    also?: (tx: Parameters<Parameters<DomainContext['db']['transaction']>[0]>[0]) => Promise<void>,
  ): Promise<boolean> {
    return this.ctx.db.transaction(async (tx) => {
      const now = await loadRollout(tx, rolloutId, true);
      // paused or cancelled meanwhile, or taken over by another node's runner (this one's lease ran out)
      if (now?.state !== 'running' || (now.runnerId !== null && now.runnerId !== this.runnerId)) return false;
      await also?.(tx);
      await updateTarget(tx, rolloutId, deviceId, set);
      return true;
    });
  }

  /** Stores the amp's firmware job and its target as starting, then publishes it; the target's new state. */
  private async send(
    rollout: RolloutRow,
    t: TargetView,
    image: Awaited<ReturnType<typeof imagesById>>[number] | undefined,
    event: (kind: NewEvent['kind'], wave: number | null, deviceId: string | null, detail: string | null) => void,
  ): Promise<RolloutTargetState | undefined> {
    const { db, clock, broker } = this.ctx;
    const now = clock.now();
    if (image === undefined || broker === undefined) {
      const why = image === undefined ? 'the image was deleted from the library' : 'no broker';
      if (
        !(await this.settle(rollout.id, t.deviceId, { state: 'requestFailed', failedBy: 'request', finishedAt: now }))
      )
        return undefined;
      event('requestFailed', t.wave, t.deviceId, why);
      return 'requestFailed';
    }
    const { url, name } = await downloadFor(this.ctx, image);
    const job = { jobId: randomUUID(), type: 'firmware' as const, url, version: image.version, name };
    const stored = await this.settle(
      rollout.id,
      t.deviceId,
      { state: 'starting', jobId: job.jobId, sentAt: now, seenUpdating: false, firmwareStatus: null, boards: {} },
      (tx) =>
        insertJobs(tx, [
          {
            id: job.jobId,
            deviceId: t.deviceId,
            userId: rollout.userId,
            type: 'firmware',
            payload: job,
            status: 'sent',
            createdAt: now,
            updatedAt: now,
          },
        ]),
    );
    if (!stored) return undefined;
    event('sent', t.wave, t.deviceId, image.version);
    try {
      await broker.publishJob(t.deviceId, job);
      return 'starting';
    } catch (error) {
      await setJobStatus(db, t.deviceId, job.jobId, 'failed', `not sent: ${String(error)}`, clock.now());
      await updateTarget(db, rollout.id, t.deviceId, { state: 'requestFailed', failedBy: 'request', finishedAt: now });
      event('requestFailed', t.wave, t.deviceId, String(error).slice(0, 200));
      return 'requestFailed';
    }
  }

  /** After a restart: the job stored as sent but never acknowledged goes out again, same id, fresh download URL. */
  private async resend(
    rollout: RolloutRow,
    t: TargetView,
    event: (kind: NewEvent['kind'], wave: number | null, deviceId: string | null, detail: string | null) => void,
  ): Promise<void> {
    const { db, broker } = this.ctx;
    const [image] = t.imageId === null ? [] : await imagesById(db, [t.imageId]);
    if (image === undefined || broker === undefined || t.jobId === null) return;
    const { url, name } = await downloadFor(this.ctx, image);
    const job = { jobId: t.jobId, type: 'firmware' as const, url, version: image.version, name };
    await setJobPayload(db, t.jobId, job);
    try {
      await broker.publishJob(t.deviceId, job);
      event('recovered', t.wave, t.deviceId, 'job sent again after a restart (same job id)');
    } catch (error) {
      this.log.warn({ rolloutId: rollout.id, error: safeError(error) }, 'rollout: resending a job failed');
    }
  }

  /** Every amp of the wave ended: stop on too many failures, else the next wave or the end. */
  private async endWave(
    rollout: RolloutRow,
    wave: readonly TargetView[],
    states: ReadonlyMap<string, RolloutTargetState>,
    event: (kind: NewEvent['kind'], wave: number | null, deviceId: string | null, detail: string | null) => void,
    events: NewEvent[],
  ): Promise<void> {
    const ended = wave.map((t) => states.get(t.deviceId) ?? t.state);
    const failed = ended.filter((s) => FAILED.includes(s)).length;
    const attempted = ended.filter((s) => s !== 'skipped' && s !== 'cancelled').length;
    const percent = waveFailurePercent(failed, attempted);
    const summary = `${failed} of ${attempted} failed (${Math.round(percent)} %)`;
    const n = rollout.currentWave;
    await this.ctx.db.transaction(async (tx) => {
      const now = await loadRollout(tx, rollout.id, true);
      if (now?.state !== 'running' || now.currentWave !== n) return;
      const at = this.ctx.clock.now();
      event('waveEnded', n, null, summary);
      if (percent > rollout.failureThresholdPercent) {
        const reason = `Wave ${n + 1}: ${summary}, above the ${rollout.failureThresholdPercent} % threshold`;
        await updateRollout(tx, rollout.id, { state: 'stopped', stopReason: reason, updatedAt: at });
        event('stopped', n, null, reason);
      } else if (n + 1 >= rollout.waveCount) {
        await updateRollout(tx, rollout.id, { state: 'completed', currentWave: n + 1, updatedAt: at });
        event('completed', null, null, null);
      } else {
        await updateRollout(tx, rollout.id, { currentWave: n + 1, updatedAt: at });
        event('waveStarted', n + 1, null, null);
      }
      // the steps so far go in with the state they led to: whoever sees the new state sees its steps
      await insertEvents(tx, events.splice(0));
    });
  }
}
