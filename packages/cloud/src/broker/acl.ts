/**
 * Who may publish and subscribe to what on the embedded broker (ARCHITECTURE.md "Security model"): a device only
 * to its own topics (docs/cloud-mqtt.md has the same rules for Mosquitto), the cloud's service identity to all.
 */
import { DEVICE_PUBLISH_KINDS, DEVICE_SUBSCRIBE_KINDS, deviceTopic, parseDeviceTopic } from '@rackside/protocol';

/** Who an authenticated broker client is. */
export type BrokerIdentity = { readonly kind: 'device'; readonly deviceId: string } | { readonly kind: 'service' };

/** Each device identity's publishable topics, made once: every publish (each remote reply too) is checked. */
const publishTopics = new WeakMap<BrokerIdentity, ReadonlySet<string>>();

function publishTopicsOf(identity: BrokerIdentity & { kind: 'device' }): ReadonlySet<string> {
  let topics = publishTopics.get(identity);
  if (topics === undefined) {
    try {
      topics = new Set(DEVICE_PUBLISH_KINDS.map((kind) => deviceTopic(identity.deviceId, kind)));
    } catch {
      topics = new Set(); // an id that cannot be in a topic publishes nowhere
    }
    publishTopics.set(identity, topics);
  }
  return topics;
}

/** True when the identity may publish to the topic: a device only to its own reported/status/sensors/jobs-status/api-res. */
export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  return identity.kind === 'service' || publishTopicsOf(identity).has(topic);
}

/** True when the identity may subscribe to the filter: a device only to its own jobs and api/req, no wildcards. */
export function maySubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (identity.kind === 'service') return true;
  if (filter.includes('+') || filter.includes('#') || filter.startsWith('$')) return false;
  const parsed = parseDeviceTopic(filter);
  return parsed?.deviceId === identity.deviceId && DEVICE_SUBSCRIBE_KINDS.includes(parsed.kind);
}
