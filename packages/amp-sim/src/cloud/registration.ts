/**
 * The device side of `POST {endpoint}/devices/register` (spec 1 §4 "device-to-cloud registration", ARCHITECTURE.md
 * "Registration"): what the amp sends and what it expects back. The schemas are defined once, in @rackside/protocol
 * (cloud/devices.ts), shared with the cloud; they are re-exported here under the names the emulator has always used.
 */
export {
  MqttCredentialsSchema,
  RegistrationReplySchema,
  RegistrationRequestSchema,
  type DeviceCredentials,
  type RegistrationRequest,
} from '@rackside/protocol';

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
