/**
 * The device REST contract (spec 1 §4 device-to-cloud registration, §7 the /devices rows; ARCHITECTURE.md
 * "Registration", "Shadow"): registration tokens, the amp's own registration call and the broker credentials it
 * gets back, device listings from the shadow, relocate, delete and firmware jobs. The amp emulator imports the
 * registration schemas from here, so both sides share one definition.
 */
import { z } from 'zod';
import { FIRMWARE_VERSION_PATTERN } from '../device/firmware-image';
import { DeviceIdSchema } from './mqtt';

/** Device endpoints, relative to the API base (docs/adr/0003). */
export const DEVICE_PATHS = {
  /** POST, unauthenticated, called by the amp: a registration token in, the device's broker credentials out. */
  register: '/devices/register',
  /** POST: a single-use registration token for the venue. */
  registrationToken: '/venues/:venueId/devices/registrationToken',
  /** GET: the venue's devices with their firmware summary. */
  venueDevices: '/venues/:venueId/devices',
  /** POST: the venue's devices with connection state and reported shadow. */
  attributes: '/venues/:venueId/devices/attributes',
  /** POST: firmware jobs for selected amps of the venue. */
  venueFirmware: '/venues/:venueId/devices/firmware',
  /** DELETE: remove the device (credentials revoked, connection closed, shadow cleared). */
  device: '/devices/:deviceId',
  /** PUT ?venueId=: move the device to another of the caller's venues. */
  relocate: '/devices/:deviceId/relocate',
  /** POST: a firmware job for one device. */
  deviceFirmware: '/devices/:deviceId/firmware',
} as const;

/** `{deviceId}` path parameters. */
export const DeviceParamsSchema = z.object({ deviceId: DeviceIdSchema });
export type DeviceParams = z.infer<typeof DeviceParamsSchema>;

// ---- registration (the amp's call) ----

/** What the amp sends to register itself with a registration token. */
export const RegistrationRequestSchema = z.object({
  registrationToken: z.string().min(1).max(256),
  mac: z.string().max(17),
  serialNumber: z.string().max(32),
  modelID: z.string().max(64),
  firmwareVersion: z.string().max(32),
  deviceName: z.string().max(64),
});
/** The registration request body. */
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/** The MQTT broker credentials the cloud issues to one device (username = device id). */
export const MqttCredentialsSchema = z.object({
  url: z.string().refine((u) => URL.canParse(u), 'not a URL'),
  username: z.string().min(1).max(256),
  password: z.string().max(1024),
});
/** One device's broker credentials. */
export type MqttCredentials = z.infer<typeof MqttCredentialsSchema>;

/** A 2xx reply to a registration: the device's id in the cloud and its own broker credentials. */
export const RegistrationReplySchema = z.object({ deviceId: DeviceIdSchema, mqtt: MqttCredentialsSchema });
/** The registration reply. */
export type RegistrationReply = z.infer<typeof RegistrationReplySchema>;
/** The credentials a registered amp connects with (the registration reply). */
export type DeviceCredentials = RegistrationReply;

/** spec 1 §7 POST /venues/{id}/devices/registrationToken reply: the token to paste on the amp, and its expiry. */
export const RegistrationTokenReplySchema = z.object({ registrationToken: z.string(), expiresAt: z.string() });
export type RegistrationTokenReply = z.infer<typeof RegistrationTokenReplySchema>;

// ---- listings ----

/** spec 1 §3 / §7 deviceSummary: firmware versions (four dotted numbers) and whether an update is available. */
export const DeviceSummarySchema = z.object({
  hasAvailableFirmwareUpdate: z.boolean(),
  currentFirmwareVersion: z.string(),
  latestFirmwareVersion: z.string(),
});
export type DeviceSummary = z.infer<typeof DeviceSummarySchema>;

/** spec 1 §7 GET /venues/{id}/devices reply. */
export const VenueDevicesSchema = z.object({
  devices: z.array(z.object({ deviceId: z.string(), deviceSummary: DeviceSummarySchema })),
});
export type VenueDevices = z.infer<typeof VenueDevicesSchema>;

/** spec 1 §7 POST /venues/{id}/devices/attributes payload: optionally only some of the venue's devices. */
export const DeviceAttributesBodySchema = z.object({ deviceIds: z.array(DeviceIdSchema).max(1000).optional() });
export type DeviceAttributesBody = z.infer<typeof DeviceAttributesBodySchema>;

const part = z.record(z.string(), z.unknown());
/** The reported shadow as stored (cloud/mqtt.ts DeviceReportedSchema): amp, network, misc, UAC, logs, cloud, firmware. */
export const ReportedShadowSchema = z.looseObject({
  amp: part.optional(),
  network: part.optional(),
  misc: part.optional(),
  UAC: part.optional(),
  logs: z.object({ events: z.string().optional(), faults: z.string().optional() }).optional(),
  cloud: part.optional(),
  firmware: z.record(z.string(), z.string()).optional(),
  ts: z.number().optional(),
});
export type ReportedShadow = z.infer<typeof ReportedShadowSchema>;

/** One device of the attributes reply (spec 1 §7): connection and channel count, and the reported shadow. */
export const DeviceAttributesSchema = z.object({
  deviceId: z.string(),
  deviceAttributes: z.object({
    connected: z.boolean(),
    numberOfChannels: z.number().int().nonnegative(),
    /** When the cloud last heard from the device (ISO 8601), or null. */
    lastSeenAt: z.string().nullable(),
  }),
  shadowAttributes: z.object({
    /** The last reported state; `{}` before the first report. */
    reported: ReportedShadowSchema,
    /** When the cloud stored it (ISO 8601; spec 1 §4: data is fresh for 15 s), or null. */
    updatedAt: z.string().nullable(),
  }),
});
export type DeviceAttributes = z.infer<typeof DeviceAttributesSchema>;

/** spec 1 §7 POST /venues/{id}/devices/attributes reply. */
export const DeviceAttributesReplySchema = z.object({ devices: z.array(DeviceAttributesSchema) });
export type DeviceAttributesReply = z.infer<typeof DeviceAttributesReplySchema>;

// ---- relocate, firmware ----

/** spec 1 §7 PUT /devices/{id}/relocate?venueId= query. */
export const RelocateQuerySchema = z.object({ venueId: z.uuid() });
export type RelocateQuery = z.infer<typeof RelocateQuerySchema>;

/** Where the device is now. */
export const RelocateReplySchema = z.object({ deviceId: z.string(), venueId: z.string() });
export type RelocateReply = z.infer<typeof RelocateReplySchema>;

/** A firmware version: four dotted numbers (spec 1 §5). */
export const FirmwareVersionSchema = z.string().regex(FIRMWARE_VERSION_PATTERN, 'not four dotted numbers');

/** spec 1 §7 POST /venues/{venueId}/devices/firmware payload: the selected amps; the version defaults to the latest. */
export const VenueFirmwareBodySchema = z.object({
  deviceIds: z.array(DeviceIdSchema).min(1).max(1000),
  version: FirmwareVersionSchema.optional(),
});
export type VenueFirmwareBody = z.infer<typeof VenueFirmwareBodySchema>;

/** spec 1 §7 POST /devices/{id}/firmware payload; the version defaults to the latest. */
export const DeviceFirmwareBodySchema = z.object({ version: FirmwareVersionSchema.optional() });
export type DeviceFirmwareBody = z.infer<typeof DeviceFirmwareBodySchema>;

/** 202 reply to a firmware request: one job per device, sent to the amp (progress comes through the shadow). */
export const FirmwareJobsReplySchema = z.object({
  jobs: z.array(z.object({ jobId: z.string(), deviceId: z.string(), version: z.string() })),
});
export type FirmwareJobsReply = z.infer<typeof FirmwareJobsReplySchema>;
