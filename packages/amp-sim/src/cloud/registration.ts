/**
 * The device side of `POST {endpoint}/devices/register` (spec 1 §4 "device-to-cloud registration", ARCHITECTURE.md
 * "Registration"): what the amp sends and what it expects back. The cloud issue may move these schemas into
 * @rackside/protocol; until then this file is their one definition.
 */
import { z } from 'zod';

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

/** The MQTT broker credentials the cloud issues to one device. */
export const MqttCredentialsSchema = z.object({
  url: z.string().refine((u) => URL.canParse(u), 'not a URL'),
  username: z.string().min(1).max(256),
  password: z.string().max(1024),
});

/** A 2xx reply to a registration: the device's id in the cloud and its own broker credentials. */
export const RegistrationReplySchema = z.object({
  deviceId: z.string().min(1).max(64),
  mqtt: MqttCredentialsSchema,
});
/** The credentials a registered amp connects with. */
export type DeviceCredentials = z.infer<typeof RegistrationReplySchema>;

/**
 * The URL to POST to: the endpoint as set on `/cloud registrationEndpoint` when its path already ends in
 * `/devices/register` (spec 1 §4), else the endpoint with `/devices/register` appended (ARCHITECTURE.md).
 * Undefined when the endpoint is not an http(s) URL.
 */
export function registrationUrl(endpoint: string): string | undefined {
  if (!URL.canParse(endpoint)) return undefined;
  const url = new URL(endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/devices/register') ? path : `${path}/devices/register`;
  return url.toString();
}
