/**
 * The broker side of the devices (ARCHITECTURE.md "Shadow", "Security model"): who may connect to the embedded
 * broker (a device with its registration password, or the cloud's service identity with its secret), and ingestion of
 * what devices publish — `reported` into device_shadows, `status` into devices.connected and last_seen_at (the last
 * will `{online: false}` marks a vanished amp offline), `jobs/status` into device_jobs. Messages of one device are
 * stored in arrival order; messages of unknown devices (removed, or anyone on an open external broker) are dropped.
 *
 * A retained copy of a reported state (a catch-up read it from the broker again: at a node's start, or after another
 * node died with messages in flight; broker/service-client.ts) is stored only over an older state, so that it never
 * takes the place of a newer live one another node stored meanwhile.
 *
 * Reported states and connection states are written in batches (BatchWriter), and the credentials of
 * connecting amps looked up in batches: one statement takes whatever arrived while the previous one ran, so that the
 * database pays its per-statement cost once per batch instead of once per amp (bench/cloud/ingest.ts measured the
 * per-message statements as the bottleneck of ingestion; a connect storm is one status, one shadow and one look-up
 * per amp).
 */
import { timingSafeEqual } from 'node:crypto';
import { DeviceIdSchema, type DeviceReported, type DeviceStatus, type JobStatus } from '@rackside/protocol';
import { z } from 'zod';
import type { BrokerIdentity, BrokerLogger, MessageMeta, ServiceHandlers } from '../../broker/index';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PerKeyQueue } from '../../per-key-queue';
import { safeError } from '../../plugins/errors';
import { matchesDigest } from '../../plugins/secrets';
import { insertJobStatusAudit } from '../audit/index';
import {
  findPasswordHashes,
  setConnected,
  setConnectedMany,
  setJobStatus,
  upsertShadow,
  upsertShadows,
  upsertShadowsIfNewer,
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

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Writes values per key in batches, one statement at a time. A value waits for the statement running when it arrives
 * (none: the current event-loop turn) and goes with everything else that arrived meanwhile, at most `max` keys per
 * statement; the values of a key that arrived meanwhile go together, in the order they came (`store` decides what to
 * keep: a shadow keeps the newest). Values already being written are followed by the next statement, so a key's values
 * are stored in the order they came. `store` answers the keys that failed, with their error; the others succeeded.
 */
class BatchWriter<V> {
  #pending = new Map<string, { values: V[]; waiters: Waiter[] }>();
  #running = false;

  constructor(
    private readonly max: number,
    private readonly store: (batch: readonly (readonly [string, readonly V[]])[]) => Promise<Map<string, unknown>>,
  ) {}

  write(key: string, value: V): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.#pending.get(key);
      if (entry) {
        entry.values.push(value);
        entry.waiters.push({ resolve, reject });
      } else {
        this.#pending.set(key, { values: [value], waiters: [{ resolve, reject }] });
      }
      if (!this.#running) {
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.size > 0) {
        const batch: [string, { values: V[]; waiters: Waiter[] }][] = [];
        for (const item of this.#pending) {
          batch.push(item);
          if (batch.length === this.max) break;
        }
        for (const [key] of batch) this.#pending.delete(key);
        const failed = await this.store(batch.map(([key, e]) => [key, e.values] as const)).catch(
          (error: unknown) => new Map(batch.map(([key]) => [key, error])),
        );
        for (const [key, { waiters }] of batch) {
          if (failed.has(key)) for (const w of waiters) w.reject(failed.get(key));
          else for (const w of waiters) w.resolve();
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

/**
 * One statement for the whole batch; when the database refuses it (a device removed meanwhile, one value it refuses),
 * one statement per key, each on its own. `told` runs for each key once it is stored, with whether the device exists.
 */
async function storeEach<V>(
  batch: readonly (readonly [string, readonly V[]])[],
  many: () => Promise<Set<string>>,
  one: (key: string, values: readonly V[]) => Promise<boolean>,
  told: (key: string, values: readonly V[], known: boolean) => void,
): Promise<Map<string, unknown>> {
  const failed = new Map<string, unknown>();
  const stored = await many().catch(() => undefined);
  for (const [key, values] of batch) {
    try {
      told(key, values, stored ? stored.has(key) : await one(key, values));
    } catch (error) {
      failed.set(key, error);
    }
  }
  return failed;
}

const newest = <V>(values: readonly V[]): V => values[values.length - 1] as V;

/** A reported state as it came: live, or a retained copy the broker handed over at a subscription. */
interface Reported {
  readonly reported: DeviceReported;
  readonly retained: boolean;
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
  // a reported state: the newest live one of a batch is stored (and told); a connection state: the newest is stored
  // and every one is told, in order (an amp offline then back within one batch is stored online, and observers see
  // it go and come)
  const shadows = new BatchWriter<Reported>(SHADOW_BATCH_MAX, async (batch) => {
    const now = clock.now();
    // a device with a live state in the batch: its newest live state, stored as it is (a retained copy in the same
    // batch is no newer); a device with retained copies only: the newest copy, only over an older stored state
    const live = batch.flatMap(([deviceId, values]) => {
      const fresh = values.filter((v) => !v.retained);
      return fresh.length > 0 ? [[deviceId, [newest(fresh)]] as const] : [];
    });
    const copies = batch.filter(([, values]) => values.every((v) => v.retained));
    const failed = await storeEach(
      live,
      () =>
        upsertShadows(
          db,
          live.map(([deviceId, values]) => ({ deviceId, reported: newest(values).reported })),
          now,
        ),
      (deviceId, values) => upsertShadow(db, deviceId, newest(values).reported, now),
      (deviceId, values, known) => {
        if (known) observers.onReportedStored?.(deviceId, newest(values).reported);
        else unknown(deviceId, 'reported');
      },
    );
    // the copies through the same one-statement-then-one-by-one path: a copy the database refuses fails alone
    const written = new Map<string, boolean>();
    const copyOf = ([deviceId, values]: (typeof copies)[number]) => ({ deviceId, reported: newest(values).reported });
    const copiesFailed = await storeEach(
      copies,
      async () => {
        for (const [id, w] of await upsertShadowsIfNewer(db, copies.map(copyOf), now)) written.set(id, w);
        return new Set(written.keys());
      },
      async (deviceId, values) => {
        const one = await upsertShadowsIfNewer(db, [copyOf([deviceId, values])], now);
        if (one.get(deviceId)) written.set(deviceId, true);
        return one.has(deviceId);
      },
      (deviceId, values, known) => {
        if (!known) unknown(deviceId, 'reported');
        else if (written.get(deviceId)) observers.onReportedStored?.(deviceId, newest(values).reported);
      },
    );
    for (const [deviceId, error] of copiesFailed) failed.set(deviceId, error);
    return failed;
  });
  const statuses = new BatchWriter<boolean>(DEVICE_BATCH_MAX, (batch) => {
    const now = clock.now();
    return storeEach(
      batch,
      () =>
        setConnectedMany(
          db,
          batch.map(([deviceId, values]) => ({ deviceId, connected: newest(values) })),
          now,
        ),
      (deviceId, values) => setConnected(db, deviceId, newest(values), now),
      (deviceId, values, known) => {
        if (!known) return unknown(deviceId, 'status');
        for (const online of values) observers.onStatusStored?.(deviceId, online);
      },
    );
  });
  return {
    reported: (deviceId: string, reported: DeviceReported, meta?: MessageMeta) =>
      shadows.write(deviceId, { reported, retained: meta?.retained === true }),
    status: (deviceId: string, status: DeviceStatus) => statuses.write(deviceId, status.online),
    jobStatus: (deviceId: string, status: JobStatus) =>
      queue.run(deviceId, async () => {
        const known =
          JobIdSchema.safeParse(status.jobId).success &&
          (await setJobStatus(db, deviceId, status.jobId, status.status, status.detail ?? null, clock.now()));
        if (!known) return unknown(deviceId, 'jobStatus');
        // the audit log's firmware.status; its failure is logged, the status is stored either way
        const job = { deviceId, jobId: status.jobId, status: status.status, detail: status.detail ?? null };
        await insertJobStatusAudit(db, job, clock.now()).catch((error: unknown) =>
          log.warn({ deviceId, error: safeError(error) }, 'audit: a job status was not recorded'),
        );
      }),
  };
}
