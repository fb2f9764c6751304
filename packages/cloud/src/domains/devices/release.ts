/**
 * What follows the deletion of a device record (issue 16): the amp is told (a `deregistered` job on its own jobs
 * topic, cloud/mqtt.ts DeregisteredJobSchema), its broker connection is dropped without its last will and its retained
 * topics are cleared. An amp that misses the job (offline, or on an external broker the cloud cannot drop it from)
 * learns it when the broker refuses its credentials. Broker failures are logged, not thrown: the record is gone.
 */
import { randomUUID } from 'node:crypto';
import type { DeregistrationReason } from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { safeError } from '../../plugins/errors';

/** Lets a deleted device go on the broker. */
export async function releaseDevice(
  ctx: DomainContext,
  deviceId: string,
  reason: DeregistrationReason,
  log: FastifyBaseLogger,
): Promise<void> {
  const { broker, disconnectDevice } = ctx;
  ctx.deviceEvents.changed(deviceId); // open remote relays to it close now
  try {
    await broker?.publishJob(deviceId, { jobId: randomUUID(), type: 'deregistered', reason });
  } catch (error) {
    log.warn({ deviceId, error: safeError(error) }, 'removed device: the deregistered job was not sent');
  }
  try {
    await disconnectDevice?.(deviceId);
    await broker?.clearShadow(deviceId);
  } catch (error) {
    log.warn({ deviceId, error: safeError(error) }, 'removed device: broker clean-up failed');
  }
}
