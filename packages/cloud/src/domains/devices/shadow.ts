/**
 * The broker side of the devices (ARCHITECTURE.md "Shadow", "Security model"): who may connect to the embedded
 * broker (a device with its registration password, or the cloud's service identity with its secret), and ingestion of
 * what devices publish — `reported` into device_shadows, `status` into devices.connected and last_seen_at (the last
 * will `{online: false}` marks a vanished amp offline), `jobs/status` into device_jobs. Messages of one device are
 * stored in arrival order; messages of unknown devices (removed, or anyone on an open external broker) are dropped.
 */
import { timingSafeEqual } from 'node:crypto';
import { DeviceIdSchema, type DeviceReported, type DeviceStatus, type JobStatus } from '@rackside/protocol';
import { z } from 'zod';
import type { BrokerIdentity, BrokerLogger, ServiceHandlers } from '../../broker/index';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { matchesDigest } from '../../plugins/secrets';
import { findPasswordHash, setConnected, setJobStatus, upsertShadow } from './devices.repo';

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

/** Runs each device's messages one after another (stored in the order they arrived), devices in parallel. */
class PerDeviceQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run(deviceId: string, work: () => Promise<void>): Promise<void> {
    const next = (this.tails.get(deviceId) ?? Promise.resolve()).then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(deviceId, tail);
    void tail.then(() => {
      if (this.tails.get(deviceId) === tail) this.tails.delete(deviceId);
    });
    return next;
  }
}

/** The service client's handlers that keep the database current with what devices publish. */
export function shadowIngestion(db: Db, clock: Clock, log: BrokerLogger): Required<Omit<ServiceHandlers, 'sensors'>> {
  const queue = new PerDeviceQueue();
  const unknown = (deviceId: string, kind: string) =>
    log.info({ deviceId, kind }, 'message of an unknown device ignored');
  return {
    reported: (deviceId: string, reported: DeviceReported) =>
      queue.run(deviceId, async () => {
        if (!(await upsertShadow(db, deviceId, reported, clock.now()))) unknown(deviceId, 'reported');
      }),
    status: (deviceId: string, status: DeviceStatus) =>
      queue.run(deviceId, async () => {
        if (!(await setConnected(db, deviceId, status.online, clock.now()))) unknown(deviceId, 'status');
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
