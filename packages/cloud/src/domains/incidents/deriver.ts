/**
 * The incident deriver (issue 15): follows what ingestion stores of each amp (DeviceEvents reportedStored and
 * statusStored, from mqtt.ts) and keeps the amp's incidents in step (derive.ts), one pass at a time per amp, each
 * pass one transaction. Reported states that pile up behind a running pass collapse into the newest (incidents
 * follow state, and the newest event log holds every line), and a state that shows the same conditions and the same
 * event-log length as the last pass is skipped without touching the database.
 *
 * With a broker, a sweep every SWEEP_MS opens an offline incident for amps that are not connected and whose going
 * offline is not on record (they vanished while the cloud was down): once ROLLOUT_RECONNECT_GRACE_MS has passed since
 * the deriver started, so that amps get the time to reconnect, and only for amps heard from within SWEEP_RECENT_MS.
 * Live drops are the broker's last will (an amp gone is offline within its keep-alive, ~15 s, as the dashboard sees
 * it). One deriver per process; several cloud nodes serialise on the amp's row lock (issue 20).
 */
import { logLines, type DeviceReported } from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { PerKeyQueue } from '../../per-key-queue';
import {
  applyBackOnline,
  applyConditions,
  applyDrop,
  applyEventLog,
  applyUnrecordedOffline,
  conditionsOf,
} from './derive';
import { lockDevice, unrecordedOffline, type DeviceRef } from './incidents.repo';
import type { Executor } from '../../db/client';
import { enqueuedSoFar, wakeWorkers } from '../notifications/signal';

/** How often the offline sweep runs (ms). */
export const SWEEP_MS = 5000;
/** The sweep covers amps heard from within this long (older ones were offline long before; ms). */
export const SWEEP_RECENT_MS = 24 * 3600 * 1000;

/** What the deriver uses of the domain context. */
export type DeriverContext = Pick<DomainContext, 'db' | 'clock' | 'config' | 'deviceEvents' | 'broker'>;

/** Keeps incidents in step with the amps; one per app (incidents.routes.ts starts it on ready). */
export class IncidentDeriver {
  /** One amp's passes one after another, in the order they came. */
  private readonly queue = new PerKeyQueue();
  /** The newest reported state of each amp whose pass is queued and not started. */
  private readonly waiting = new Map<string, DeviceReported>();
  /** What the last reported pass of each amp judged by (its conditions, its event-log length). */
  private readonly lastSeen = new Map<string, string>();
  private readonly offs: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweeping: Promise<void> | undefined;
  private readonly startedAt: number;
  private stopped = false;

  constructor(
    private readonly ctx: DeriverContext,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.startedAt = ctx.clock.now().getTime();
  }

  /** Listens to ingestion, and with a broker starts the offline sweep. */
  start(): void {
    const failed = (what: string, deviceId: string) => (error: unknown) =>
      this.log.error({ deviceId, error: String(error) }, `incidents: ${what} failed`);
    this.offs.push(
      this.ctx.deviceEvents.onReportedStored((deviceId, reported) => {
        this.reported(deviceId, reported).catch(failed('a reported state', deviceId));
      }),
      this.ctx.deviceEvents.onStatusStored((deviceId, online) => {
        this.status(deviceId, online).catch(failed('a status', deviceId));
      }),
    );
    if (this.ctx.broker !== undefined) {
      this.timer = setInterval(() => {
        this.sweeping ??= this.sweep()
          .then(() => undefined)
          .catch((error: unknown) => this.log.error({ error: String(error) }, 'incidents: the offline sweep failed'))
          .finally(() => {
            this.sweeping = undefined;
          });
      }, SWEEP_MS);
      this.timer.unref();
    }
  }

  /** Stops listening and sweeping; resolves once the passes under way have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const off of this.offs.splice(0)) off();
    await Promise.all([this.queue.idle(), this.sweeping]);
  }

  /** A reported state was stored: resolves when the amp's incidents follow it (rejects when the pass failed). */
  reported(deviceId: string, reported: DeviceReported): Promise<void> {
    const queued = this.waiting.has(deviceId);
    this.waiting.set(deviceId, reported);
    if (queued) return this.queue.tail(deviceId);
    return this.queue.run(deviceId, async () => {
      const newest = this.waiting.get(deviceId);
      this.waiting.delete(deviceId);
      if (newest !== undefined) await this.passReported(deviceId, newest);
    });
  }

  /** A live status message was stored (online or offline). */
  status(deviceId: string, online: boolean): Promise<void> {
    return this.queue.run(deviceId, () =>
      this.inTransaction(deviceId, async (tx, device) => {
        const now = this.ctx.clock.now();
        if (online) await applyBackOnline(tx, device, now, this.ctx.config);
        else await applyDrop(tx, device, now, this.ctx.config);
      }),
    );
  }

  /** One sweep (see the file comment); answers the amps it opened an offline incident for. */
  async sweep(): Promise<string[]> {
    const now = this.ctx.clock.now();
    if (now.getTime() - this.startedAt < this.ctx.config.ROLLOUT_RECONNECT_GRACE_MS) return [];
    const opened: string[] = [];
    for (const deviceId of await unrecordedOffline(this.ctx.db, new Date(now.getTime() - SWEEP_RECENT_MS))) {
      if (this.stopped) break;
      await this.queue.run(deviceId, () =>
        this.inTransaction(deviceId, async (tx, device) => {
          if (await applyUnrecordedOffline(tx, device, this.ctx.clock.now())) opened.push(deviceId);
        }),
      );
    }
    return opened;
  }

  private async passReported(deviceId: string, reported: DeviceReported): Promise<void> {
    const conditions = conditionsOf(reported);
    const events = reported.logs?.events;
    const seen = JSON.stringify([conditions ?? null, events === undefined ? null : logLines(events).length]);
    if (this.lastSeen.get(deviceId) === seen) return;
    await this.inTransaction(deviceId, async (tx, device) => {
      const now = this.ctx.clock.now();
      if (conditions !== undefined) await applyConditions(tx, device, conditions, now);
      if (events !== undefined) await applyEventLog(tx, device, events, now);
    });
    this.lastSeen.set(deviceId, seen);
  }

  /** Runs `work` in one transaction with the amp's row locked; nothing for an amp removed meanwhile. */
  private async inTransaction(
    deviceId: string,
    work: (tx: Executor, device: DeviceRef) => Promise<void>,
  ): Promise<void> {
    const enqueued = enqueuedSoFar();
    await this.ctx.db.transaction(async (tx) => {
      const device = await lockDevice(tx, deviceId);
      if (device === undefined) {
        this.lastSeen.delete(deviceId);
        return;
      }
      await work(tx, device);
    });
    // committed: the delivery worker of this process claims the new rows now, not at its next tick
    if (enqueuedSoFar() !== enqueued) wakeWorkers();
  }
}
