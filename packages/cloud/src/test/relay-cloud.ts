/**
 * The cloud of the relay's tests (issue 13, issue 21): an app on a free port with its MQTT link (the embedded broker
 * with a service account), device events shared by both, and the relay's URL and subprotocols as the console uses
 * them. An amp joins it with startOnlineAmp (online-amp.ts).
 */
import { fillPath, RELAY_SUBPROTOCOL, RELAY_TOKEN_PROTOCOL_PREFIX, REMOTE_PATHS } from '@rackside/protocol';
import { silentBrokerLogger } from '../broker/index';
import type { Db } from '../db/client';
import { DeviceEvents } from '../device-events';
import { startMqtt, type MqttLink } from '../mqtt';
import { buildTestApp, testConfig, type TestApp, type TestClock } from './app';

/** A running relay cloud. */
export interface RelayCloud {
  readonly t: TestApp;
  readonly mqtt: MqttLink;
  readonly events: DeviceEvents;
  /** `http://127.0.0.1:{port}`: the API is under `${base}/api`. */
  readonly base: string;
  /** The relay's WebSocket URL for one amp. */
  relayUrl(deviceId: string): string;
  /** Stops the app, then the broker. */
  close(): Promise<void>;
}

/** The subprotocols that carry a relay credential, as the console offers them. */
export const relayProtocols = (token: string): string[] => [
  RELAY_SUBPROTOCOL,
  `${RELAY_TOKEN_PROTOCOL_PREFIX}${token}`,
];

/**
 * Starts the broker and the app on `db`. `service` is the cloud's broker account (MQTT_SERVICE_USERNAME,
 * MQTT_SERVICE_PASSWORD, MQTT_PORT '0'); `config` adds to it for the app alone (the relay's caps…).
 */
export async function startRelayCloud(
  db: Db,
  options: { clock: TestClock; service: Readonly<Record<string, string>>; config?: Readonly<Record<string, string>> },
): Promise<RelayCloud> {
  const { clock, service } = options;
  const events = new DeviceEvents();
  const mqtt = await startMqtt({
    config: testConfig(service),
    db,
    clock,
    log: silentBrokerLogger,
    deviceEvents: events,
  });
  const t = await buildTestApp(db, {
    config: { ...service, ...options.config, MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}` },
    clock,
    broker: mqtt.service,
    disconnectDevice: mqtt.disconnectDevice,
    deviceEvents: events,
  });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const wsBase = base.replace(/^http/, 'ws');
  return {
    t,
    mqtt,
    events,
    base,
    relayUrl: (deviceId) => `${wsBase}/api${fillPath(REMOTE_PATHS.relay, { deviceId })}`,
    async close() {
      await t.app.close();
      await mqtt.close();
    },
  };
}
