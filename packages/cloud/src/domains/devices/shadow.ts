/**
 * The broker side of the devices (ARCHITECTURE.md "Shadow", "Security model"): who may connect to the embedded
 * broker (a device with its registration password, or the cloud's service identity with its secret), and ingestion of
 * what devices publish — `reported` into device_shadows, `status` into devices.connected and last_seen_at (the last
 * will `{online: false}` marks a vanished amp offline), `jobs/status` into device_jobs. Messages of one device are
 * stored in arrival order; messages of unknown devices (removed, or anyone on an open external broker) are dropped.
 *
 * Reported states and connection states are written in batches (ShadowWriter, StatusWriter), and the credentials of
 * connecting amps looked up in batches: one statement takes whatever arrived while the previous one ran, so that the
 * database pays its per-statement cost once per batch instead of once per amp (bench/cloud/ingest.ts measured the
 * per-message statements as the bottleneck of ingestion; a connect storm is one status, one shadow and one look-up
 * per amp).
 */
import { timingSafeEqual } from 'node:crypto';
import { DeviceIdSchema, type DeviceReported, type DeviceStatus, type JobStatus } from '@rackside/protocol';
import { z } from 'zod';
import type { BrokerIdentity, BrokerLogger, ServiceHandlers } from '../../broker/index';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PerKeyQueue } from '../../per-key-queue';
import { matchesDigest } from '../../plugins/secrets';
import {
  findPasswordHashes,
  setConnected,
  setConnectedMany,
  setJobStatus,
  upsertShadow,
  upsertShadows,
} from './devices.repo';

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

/** The most devices one credentials look-up or one status statement takes. */
export const DEVICE_BATCH_MAX = 500;

/**
 * Looks devices' password digests up in batches: the look-ups asked during one turn of the event loop go in one query
 * (a connect storm of thousands of amps costs the database a query per batch, not per amp).
 */
function passwordDigests(db: Db): (deviceId: string) => Promise<string | undefined> {
  let waiting = new Map<string, { resolve(hash: string | undefined): void; reject(error: unknown): void }[]>();
  const flush = async (batch: typeof waiting) => {
    try {
      const found = await findPasswordHashes(db, [...batch.keys()]);
      for (const [id, callers] of batch) for (const c of callers) c.resolve(found.get(id));
    } catch (error) {
      for (const callers of batch.values()) for (const c of callers) c.reject(error);
    }
  };
  return (deviceId) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) {
        setImmediate(() => {
          const batch = waiting;
          waiting = new Map();
          for (let i = 0; i < batch.size; i += DEVICE_BATCH_MAX)
            void flush(new Map([...batch].slice(i, i + DEVICE_BATCH_MAX)));
        });
      }
      const callers = waiting.get(deviceId) ?? [];
      callers.push({ resolve, reject });
      waiting.set(deviceId, callers);
    });
}

/** The embedded broker's `authenticate`: the service account, or a registered device with its own password. */
export function brokerAuthenticator(
  db: Db,
  service: ServiceAccount,
): (username: string, password: string) => Promise<BrokerIdentity | null> {
  const digestOf = passwordDigests(db);
  return async (username, password) => {
    if (username === service.username) return sameText(password, service.password) ? { kind: 'service' } : null;
    if (!DeviceIdSchema.safeParse(username).success) return null;
    const hash = await digestOf(username);
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

interface PendingStatus {
  /** Every state this device published since the last statement, in order: the newest is stored. */
  readonly states: boolean[];
  readonly waiters: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * Writes devices' connection states in batches, as ShadowWriter does reported states: one statement stores each
 * device's newest state of everything that arrived while the previous statement ran (at most DEVICE_BATCH_MAX
 * devices), and then every state of each device is told, in the order they came (an amp offline then back within one
 * batch is stored online, and its observers still see it go and come back).
 */
class StatusWriter {
  private pending = new Map<string, PendingStatus>();
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly stored: (deviceId: string, online: boolean, known: boolean) => void,
  ) {}

  write(deviceId: string, online: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.pending.get(deviceId);
      if (entry) {
        entry.states.push(online);
        entry.waiters.push({ resolve, reject });
      } else {
        this.pending.set(deviceId, { states: [online], waiters: [{ resolve, reject }] });
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
        const batch = [...this.pending].slice(0, DEVICE_BATCH_MAX);
        for (const [deviceId] of batch) this.pending.delete(deviceId);
        await this.flush(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async flush(batch: readonly [string, PendingStatus][]): Promise<void> {
    const now = this.clock.now();
    const newest = (e: PendingStatus) => e.states[e.states.length - 1] ?? false;
    let known: Set<string> | undefined;
    try {
      known = await setConnectedMany(
        this.db,
        batch.map(([deviceId, e]) => ({ deviceId, connected: newest(e) })),
        now,
      );
    } catch {
      // one device the database refuses: store them one by one, each on its own
    }
    for (const [deviceId, entry] of batch) {
      try {
        const found = known ? known.has(deviceId) : await setConnected(this.db, deviceId, newest(entry), now);
        if (found) for (const online of entry.states) this.stored(deviceId, online, true);
        else this.stored(deviceId, newest(entry), false);
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
  const statuses = new StatusWriter(db, clock, (deviceId, online, known) => {
    if (known) observers.onStatusStored?.(deviceId, online);
    else unknown(deviceId, 'status');
  });
  return {
    reported: (deviceId: string, reported: DeviceReported) => shadows.write(deviceId, reported),
    status: (deviceId: string, status: DeviceStatus) => statuses.write(deviceId, status.online),
    jobStatus: (deviceId: string, status: JobStatus) =>
      queue.run(deviceId, async () => {
        const known =
          JobIdSchema.safeParse(status.jobId).success &&
          (await setJobStatus(db, deviceId, status.jobId, status.status, status.detail ?? null, clock.now()));
        if (!known) unknown(deviceId, 'jobStatus');
      }),
  };
}
