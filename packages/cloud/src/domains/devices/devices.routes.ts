/**
 * HTTP of the devices (spec 1 §7 /devices rows; contracts in @rackside/protocol cloud/devices.ts). The amp's own
 * POST /devices/register is unauthenticated (the token is its credential) and rate-limited per client address;
 * every other route wants a signed-in user with a verified email.
 */
import {
  DEVICE_PATHS as P,
  DeviceAttributesBodySchema,
  DeviceAttributesReplySchema,
  DeviceFirmwareBodySchema,
  DeviceParamsSchema,
  FirmwareJobsReplySchema,
  OkSchema,
  RegistrationReplySchema,
  RegistrationRequestSchema,
  RegistrationTokenReplySchema,
  RelocateQuerySchema,
  RelocateReplySchema,
  VenueDevicesSchema,
  VenueFirmwareBodySchema,
  VenueParamsSchema,
} from '@rackside/protocol';
import type { DomainApp, DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { accountAndAddressLimit } from '../../plugins/rate-limit';
import { BEARER as security, ERROR_REPLIES as errors } from '../http';
import { storeDeviceHistory, type DeviceHistorySink } from './device-history';
import { DevicesService } from './devices.service';
import { RegistrationService } from './registration.service';

/** The device routes, under the API prefix; device history goes to `history` (default: its table and the log). */
export async function devicesRoutes(
  app: DomainApp,
  ctx: DomainContext,
  history: DeviceHistorySink = storeDeviceHistory(ctx.db),
): Promise<void> {
  const registration = new RegistrationService(ctx, history);
  const devices = new DevicesService(ctx, history);

  app.post(
    P.register,
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Register an amp with a registration token (called by the amp)',
        body: RegistrationRequestSchema,
        response: { 200: RegistrationReplySchema, ...errors },
      },
      preHandler: accountAndAddressLimit(app, ctx.config, 'device-register', () => undefined),
    },
    (request) => registration.register(request.body, request.log),
  );

  await app.register((scope: DomainApp) => {
    scope.addHook('onRequest', scope.authenticateVerified);

    scope.post(
      P.registrationToken,
      {
        config: { permission: 'device.add' },
        schema: {
          summary: 'Create a registration token for the venue (single use, expiring)',
          security,
          params: VenueParamsSchema,
          response: { 200: RegistrationTokenReplySchema, ...errors },
        },
      },
      (request) => registration.issueToken(currentUser(request), request.params.venueId),
    );
    scope.get(
      P.venueDevices,
      {
        config: { permission: 'venue.read' },
        schema: {
          summary: "The venue's devices with their firmware summary",
          security,
          params: VenueParamsSchema,
          response: { 200: VenueDevicesSchema, ...errors },
        },
      },
      (request) => devices.list(currentUser(request), request.params.venueId),
    );
    scope.post(
      P.attributes,
      {
        config: { permission: 'venue.read' },
        schema: {
          summary: "The venue's devices with connection state and reported shadow",
          security,
          params: VenueParamsSchema,
          body: DeviceAttributesBodySchema.nullish(), // fastify: no payload → null
          response: { 200: DeviceAttributesReplySchema, ...errors },
        },
      },
      (request) => devices.attributes(currentUser(request), request.params.venueId, request.body?.deviceIds),
    );
    scope.post(
      P.venueFirmware,
      {
        config: { permission: 'firmware.update' },
        schema: {
          summary: 'Send firmware jobs to selected amps of the venue',
          security,
          params: VenueParamsSchema,
          body: VenueFirmwareBodySchema,
          response: { 202: FirmwareJobsReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const { deviceIds, version } = request.body;
        const jobs = await devices.venueFirmware(currentUser(request), request.params.venueId, deviceIds, version);
        return reply.code(202).send(jobs);
      },
    );
    scope.put(
      P.relocate,
      {
        config: { permission: 'device.move' },
        schema: {
          summary: 'Move the device to another venue',
          security,
          params: DeviceParamsSchema,
          querystring: RelocateQuerySchema,
          response: { 200: RelocateReplySchema, ...errors },
        },
      },
      (request) => devices.relocate(currentUser(request), request.params.deviceId, request.query.venueId),
    );
    scope.delete(
      P.device,
      {
        config: { permission: 'device.remove' },
        schema: {
          summary: 'Remove the device (credentials revoked, connection closed)',
          security,
          params: DeviceParamsSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      (request) => devices.remove(currentUser(request), request.params.deviceId, request.log),
    );
    scope.post(
      P.deviceFirmware,
      {
        config: { permission: 'firmware.update' },
        schema: {
          summary: 'Send a firmware job to the device',
          security,
          params: DeviceParamsSchema,
          body: DeviceFirmwareBodySchema.nullish(),
          response: { 202: FirmwareJobsReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const jobs = await devices.deviceFirmware(currentUser(request), request.params.deviceId, request.body?.version);
        return reply.code(202).send(jobs);
      },
    );
  });
}
