/**
 * The caller's devices (spec 1 §7 /devices rows): listings with the firmware summary and the reported shadow,
 * relocation between the caller's venues, removal (credentials revoked, broker connection closed, retained shadow
 * cleared) and firmware requests, which become jobs published to the amps (the rollout that follows them up is a
 * later issue). Another user's device or venue answers NotFound.
 */
import { randomUUID } from 'node:crypto';
import {
  findModel,
  isNewerVersion,
  type DeviceAttributes,
  type DeviceAttributesReply,
  type DeviceJob,
  type FirmwareJobsReply,
  type Ok,
  type RelocateReply,
  type ReportedShadow,
  type VenueDevices,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { downloadFor, latestLibraryVersions, libraryImageFor } from '../firmware/index';
import { requireVenue } from '../venues/index';
import {
  deleteDevice,
  findDevice,
  insertJobs,
  listVenueDevices,
  moveDevice,
  setJobStatus,
  type DeviceRow,
  type DeviceWithShadow,
} from './devices.repo';
import { historyOf, logDeviceHistory, type DeviceHistorySink } from './device-history';
import { releaseDevice } from './release';

const notFound = () => new AppError('NotFound', 'No such device');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reported firmware version (amp.deviceInfo.firmwareVersion), else the one the amp registered with. */
function currentFirmware(device: DeviceWithShadow): string {
  const amp = isObject(device.reported) ? device.reported.amp : undefined;
  const info = isObject(amp) ? amp.deviceInfo : undefined;
  const version = isObject(info) ? info.firmwareVersion : undefined;
  return typeof version === 'string' && version !== '' ? version : device.firmwareVersion;
}

/** Device operations; one instance per app. */
export class DevicesService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly history: DeviceHistorySink = logDeviceHistory,
  ) {}

  private async requireDevice(caller: AuthUser, deviceId: string): Promise<DeviceRow> {
    const device = await findDevice(this.ctx.db, caller.id, deviceId);
    if (device === undefined) throw notFound();
    return device;
  }

  /**
   * spec 1 §7 GET /venues/{id}/devices: each device with its firmware summary (spec 1 §3). The latest version is the
   * latest image of the amp's family (protocol firmwareImagePrefix) in the caller's library (issue 14); a family the
   * library has no image of has none ('', no update available): the cloud offers only what it can install.
   */
  async list(caller: AuthUser, venueId: string): Promise<VenueDevices> {
    const { db } = this.ctx;
    await requireVenue(db, caller, venueId);
    const [devices, library] = await Promise.all([
      listVenueDevices(db, caller.id, venueId),
      latestLibraryVersions(this.ctx, caller.id),
    ]);
    const latestOf = (modelId: string): string => {
      const family = findModel(modelId)?.firmwareImagePrefix;
      return (family === undefined ? undefined : library.get(family)) ?? '';
    };
    return {
      devices: devices.map((d) => {
        const current = currentFirmware(d);
        const latest = latestOf(d.modelId);
        return {
          deviceId: d.id,
          deviceSummary: {
            hasAvailableFirmwareUpdate: isNewerVersion(latest, current),
            currentFirmwareVersion: current,
            latestFirmwareVersion: latest,
          },
        };
      }),
    };
  }

  /** spec 1 §7 POST /venues/{id}/devices/attributes: connection state and the reported shadow, from the database. */
  async attributes(caller: AuthUser, venueId: string, deviceIds?: readonly string[]): Promise<DeviceAttributesReply> {
    const { db } = this.ctx;
    await requireVenue(db, caller, venueId);
    const devices = await listVenueDevices(db, caller.id, venueId, deviceIds);
    return {
      devices: devices.map((d): DeviceAttributes => ({
        deviceId: d.id,
        deviceAttributes: {
          connected: d.connected,
          numberOfChannels: findModel(d.modelId)?.channels ?? 0,
          lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
        },
        shadowAttributes: {
          reported: isObject(d.reported) ? (d.reported as ReportedShadow) : {},
          updatedAt: d.shadowUpdatedAt?.toISOString() ?? null,
        },
      })),
    };
  }

  /** spec 1 §7 PUT /devices/{id}/relocate?venueId=: both the device and the target venue must be the caller's. */
  async relocate(caller: AuthUser, deviceId: string, venueId: string): Promise<RelocateReply> {
    const device = await this.requireDevice(caller, deviceId);
    const target = await requireVenue(this.ctx.db, caller, venueId);
    await moveDevice(this.ctx.db, caller.id, deviceId, venueId);
    this.ctx.deviceEvents.changed(deviceId);
    if (device.venueId !== venueId) {
      const source = await requireVenue(this.ctx.db, caller, device.venueId);
      await this.ctx.audit.byCaller(caller, {
        kind: 'device.moved',
        deviceId,
        venueId,
        fromVenueId: device.venueId,
        details: {
          name: device.deviceName,
          fromVenueId: device.venueId,
          fromVenueName: source.name,
          toVenueId: venueId,
          toVenueName: target.name,
        },
      });
    }
    return { deviceId, venueId };
  }

  /**
   * spec 1 §7 DELETE /devices/{id}: the row goes first (its credentials with it, so it cannot reconnect), then the
   * amp is told and let go on the broker (release.ts), and the account's history records it. A broker failure after
   * that is logged, not answered: the device is gone either way.
   */
  async remove(caller: AuthUser, deviceId: string, log: FastifyBaseLogger): Promise<Ok> {
    const device = await deleteDevice(this.ctx.db, caller.id, deviceId);
    if (device === undefined) throw notFound();
    await releaseDevice(this.ctx, deviceId, 'removed', log);
    await this.history([{ ...historyOf(device), event: 'removed', at: this.ctx.clock.now() }], log);
    await this.ctx.audit.byCaller(caller, {
      kind: 'device.removed',
      deviceId,
      venueId: device.venueId,
      details: { name: device.deviceName },
    });
    return { ok: true };
  }

  /** spec 1 §7 POST /venues/{venueId}/devices/firmware: jobs for the selected amps, all of them in that venue. */
  async venueFirmware(caller: AuthUser, venueId: string, deviceIds: readonly string[], version?: string) {
    await requireVenue(this.ctx.db, caller, venueId);
    const wanted = [...new Set(deviceIds)];
    const found = new Map((await listVenueDevices(this.ctx.db, caller.id, venueId, wanted)).map((d) => [d.id, d]));
    const devices = wanted.map((id) => found.get(id)).filter((d) => d !== undefined);
    if (devices.length !== wanted.length) throw notFound();
    return this.sendFirmwareJobs(caller, devices, version);
  }

  /** spec 1 §7 POST /devices/{id}/firmware. */
  async deviceFirmware(caller: AuthUser, deviceId: string, version?: string): Promise<FirmwareJobsReply> {
    return this.sendFirmwareJobs(caller, [await this.requireDevice(caller, deviceId)], version);
  }

  /**
   * One firmware job per device (cloud/mqtt.ts FirmwareJobSchema): the image is the caller's library image of the
   * amp's family (protocol firmwareImagePrefix), the latest or the asked-for version, sent as an expiring download URL
   * of the cloud (domains/firmware); a family without one answers FIRMWARE_NOT_IN_LIBRARY and sends nothing. Each job
   * is stored as `sent`, then published (QoS 1 to the device's persistent session: an offline amp gets it when it is
   * back). Its status reports update the row.
   */
  private async sendFirmwareJobs(
    caller: AuthUser,
    devices: readonly DeviceRow[],
    version?: string,
  ): Promise<FirmwareJobsReply> {
    const { db, clock, broker } = this.ctx;
    if (broker === undefined) throw new AppError('ServiceUnavailable', 'The MQTT broker is not connected');
    const images = new Map<string, Awaited<ReturnType<typeof libraryImageFor>>>();
    const jobs: { deviceId: string; job: DeviceJob & { type: 'firmware' } }[] = [];
    for (const device of devices) {
      const model = findModel(device.modelId);
      if (model === undefined || model.kind !== 'amp') {
        throw new AppError('ValidationError', `Device ${device.id} is not an amp of a known model (${device.modelId})`);
      }
      const family = model.firmwareImagePrefix;
      const image = images.get(family) ?? (await libraryImageFor(this.ctx, caller.id, family, version));
      images.set(family, image);
      const { url, name } = await downloadFor(this.ctx, image);
      jobs.push({
        deviceId: device.id,
        job: { jobId: randomUUID(), type: 'firmware', url, version: image.version, name },
      });
    }
    const now = clock.now();
    await insertJobs(
      db,
      jobs.map(({ deviceId, job }) => ({
        id: job.jobId,
        deviceId,
        userId: caller.id,
        type: 'firmware' as const,
        payload: job,
        status: 'sent' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const { deviceId, job } of jobs) {
      try {
        await broker.publishJob(deviceId, job);
      } catch (error) {
        await setJobStatus(db, deviceId, job.jobId, 'failed', `not sent: ${String(error)}`, clock.now());
        throw new AppError('ServiceUnavailable', 'The firmware job could not be sent to the broker; try again');
      }
    }
    const venueOf = new Map(devices.map((d) => [d.id, d.venueId]));
    await this.ctx.audit.byCaller(
      caller,
      ...jobs.map(({ deviceId, job }) => ({
        kind: 'firmware.started' as const,
        deviceId,
        venueId: venueOf.get(deviceId) ?? null,
        details: { version: job.version, jobId: job.jobId, rolloutId: null },
      })),
    );
    return { jobs: jobs.map(({ deviceId, job }) => ({ jobId: job.jobId, deviceId, version: job.version })) };
  }
}
