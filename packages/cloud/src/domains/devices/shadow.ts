/**
 * The broker side of the devices (ARCHITECTURE.md "Shadow", "Security model"): who may connect to the embedded
 * broker (a device with its registration password, or the cloud's service identity with its secret), and ingestion of
 * what devices publish — `reported` into device_shadows, `status` into devices.connected and last_seen_at (the last
 * will `{online: false}` marks a vanished amp offline), `jobs/status` into device_jobs. Messages of one device are
 * stored in arrival order; messages of unknown devices (removed, or anyone on an open external broker) are dropped.
 *
 * Reported states are written in batches (ShadowWriter): one statement stores whatever arrived while the previous
 * one ran, so that the database pays its per-statement cost once per batch instead of once per amp
 * (bench/cloud/ingest.ts measured the per-message statements as the bottleneck of ingestion).
 */
import { timingSafeEqual } from 'node:crypto';
import { DeviceIdSchema, type DeviceReported, type DeviceStatus, type JobStatus } from '@rackside/protocol';
import { z } from 'zod';
import type { BrokerIdentity, BrokerLogger, ServiceHandlers } from '../../broker/index';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PerKeyQueue } from '../../per-key-queue';
import { matchesDigest } from '../../plugins/secrets';
import { findPasswordHash, setConnected, setJobStatus, upsertShadow, upsertShadows } from './devices.repo';

/** The cloud's own broker account. */
export interface ServiceAccount {
  readonly username: string;
  readonly password: string;
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The embedded broker's `authenticate`: the service account, or a registered device with its own password. */
export function brokerAuthenticator(
  db: Db,
  service: ServiceAccount,
): (username: string, password: string) => Promise<BrokerIdentity | null> {
  return async (username, password) => {
    if (username === service.username) return sameText(password, service.password) ? { kind: 'service' } : null;
    if (!DeviceIdSchema.safeParse(username).success) return null;
    const hash = await findPasswordHash(db, username);
    return hash !== undefined && matchesDigest(password, hash) ? { kind: 'device', deviceId: username } : null;
  };
}

const JobIdSchema = z.uuid();

/** The most reported states one statement stores (~10 KB each for a 4-channel amp). */
export const SHADOW_BATCH_MAX = 500;

interface PendingShadow {
  reported: DeviceReported;
  /** The callers of every message this entry stands for (a newer state replaces an older one not yet written). */
  readonly waiters: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * Writes reported states in batches, one statement at a time. A message waits for the statement running when it
 * arrives (none: the current event-loop turn) and goes with everything else that arrived meanwhile, at most
 * SHADOW_BATCH_MAX devices per statement. A device's newer state replaces its older one still waiting (the stored
 * shadow is the newest either way, and the older one's caller is answered when the newer is stored); states already
 * being written are followed by the next statement, so a device's states are stored in the order they came.
 */
class ShadowWriter {
  private pending = new Map<string, PendingShadow>();
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly stored: (deviceId: string, reported: DeviceReported, known: boolean) => void,
  ) {}

  write(deviceId: string, reported: DeviceReported): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.pending.get(deviceId);
      if (entry) {
        entry.reported = reported;
        entry.waiters.push({ resolve, reject });
      } else {
        this.pending.set(deviceId, { reported, waiters: [{ resolve, reject }] });
      }
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const batch: [string, PendingShadow][] = [];
        for (const item of this.pending) {
          batch.push(item);
          if (batch.length === SHADOW_BATCH_MAX) break;
        }
        for (const [deviceId] of batch) this.pending.delete(deviceId);
        await this.flush(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async flush(batch: readonly [string, PendingShadow][]): Promise<void> {
    const now = this.clock.now();
    let stored: Set<string> | undefined;
    try {
      stored = await upsertShadows(
        this.db,
        batch.map(([deviceId, e]) => ({ deviceId, reported: e.reported })),
        now,
      );
    } catch {
      // a device removed meanwhile, or one state the database refuses: store them one by one, each on its own
    }
    for (const [deviceId, entry] of batch) {
      try {
        const known = stored ? stored.has(deviceId) : await upsertShadow(this.db, deviceId, entry.reported, now);
        this.stored(deviceId, entry.reported, known);
        for (const w of entry.waiters) w.resolve();
      } catch (error) {
        for (const w of entry.waiters) w.reject(error);
      }
    }
  }
}

/** Observers of ingestion (benchmarks and tests; the service itself sets none). */
export interface IngestionObservers {
  /** Told once a device's reported state is in the database (bench/cloud/ingest.ts times state → database with it). */
  readonly onReportedStored?: (deviceId: string, reported: DeviceReported) => void;
  /** Told once a device's online state is in the database (the relay closes sessions to an amp gone offline). */
  readonly onStatusStored?: (deviceId: string, online: boolean) => void;
}

/** The service client's handlers that keep the database current with what devices publish. */
export function shadowIngestion(
  db: Db,
  clock: Clock,
  log: BrokerLogger,
  observers: IngestionObservers = {},
): Required<Omit<ServiceHandlers, 'sensors'>> {
  // each device's messages stored one after another, in the order they arrived; devices in parallel
  const queue = new PerKeyQueue();
  const unknown = (deviceId: string, kind: string) =>
    log.info({ deviceId, kind }, 'message of an unknown device ignored');
  const shadows = new ShadowWriter(db, clock, (deviceId, reported, known) => {
    if (known) observers.onReportedStored?.(deviceId, reported);
    else unknown(deviceId, 'reported');
  });
  return {
    reported: (deviceId: string, reported: DeviceReported) => shadows.write(deviceId, reported),
    status: (deviceId: string, status: DeviceStatus) =>
      queue.run(deviceId, async () => {
        if (await setConnected(db, deviceId, status.online, clock.now()))
          observers.onStatusStored?.(deviceId, status.online);
        else unknown(deviceId, 'status');
      }),
    jobStatus: (deviceId: string, status: JobStatus) =>
      queue.run(deviceId, async () => {
        const known =
          JobIdSchema.safeParse(status.jobId).success &&
          (await setJobStatus(db, deviceId, status.jobId, status.status, status.detail ?? null, clock.now()));
        if (!known) unknown(deviceId, 'jobStatus');
      }),
  };
}
