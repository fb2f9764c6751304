/**
 * Who may publish and subscribe to what on the embedded broker (ARCHITECTURE.md "Security model"): a device only
 * to its own topics (docs/cloud-mqtt.md has the same rules for Mosquitto), the cloud's service identity to all.
 */
import { DEVICE_PUBLISH_KINDS, DEVICE_SUBSCRIBE_KINDS, parseDeviceTopic } from '@rackside/protocol';

/** Who an authenticated broker client is. */
export type BrokerIdentity = { readonly kind: 'device'; readonly deviceId: string } | { readonly kind: 'service' };

/** True when the identity may publish to the topic: a device only to its own reported/status/sensors/jobs-status/api-res. */
export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  if (identity.kind === 'service') return true;
  const parsed = parseDeviceTopic(topic);
  return parsed?.deviceId === identity.deviceId && DEVICE_PUBLISH_KINDS.includes(parsed.kind);
}

/** True when the identity may subscribe to the filter: a device only to its own jobs and api/req, no wildcards. */
export function maySubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (identity.kind === 'service') return true;
  if (filter.includes('+') || filter.includes('#') || filter.startsWith('$')) return false;
  const parsed = parseDeviceTopic(filter);
  return parsed?.deviceId === identity.deviceId && DEVICE_SUBSCRIBE_KINDS.includes(parsed.kind);
}
