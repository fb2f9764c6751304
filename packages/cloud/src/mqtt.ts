/**
 * The cloud's side of the broker (ARCHITECTURE.md "Shadow", §3 "broker"), as main.ts and the end-to-end tests start
 * it. Without MQTT_URL: the embedded Aedes broker on MQTT_HOST:MQTT_PORT, every client checked against the database
 * (a device with the password it got at registration, the cloud itself with its service secret) and confined by the
 * broker ACL; every device starts offline, since nobody can be connected to a broker that just started. With
 * MQTT_URL: that broker (Mosquitto, EMQX, ...), whose own configuration authenticates devices and enforces the ACL
 * (docs/cloud-mqtt.md). Either way the service client ingests what devices publish into the database.
 */
import type { DeviceReported, DeviceSensors } from '@rackside/protocol';
import type { DeviceEvents } from './device-events';
import {
  connectService,
  consoleBrokerLogger,
  startEmbeddedBroker,
  type BrokerLogger,
  type ServiceClient,
} from './broker/index';
import type { Clock } from './clock';
import type { ResolvedConfig } from './config';
import type { Db } from './db/client';
import {
  brokerAuthenticator,
  markAllDisconnected,
  shadowIngestion,
  type IngestionObservers,
} from './domains/devices/index';
import { newSecret } from './plugins/secrets';

/** The running broker link. */
export interface MqttLink {
  /** The cloud's client (service identity), ingesting into the database; buildApp takes it as `broker`. */
  readonly service: ServiceClient;
  /** Drops a removed device's connection (embedded broker only); buildApp takes it as `disconnectDevice`. */
  readonly disconnectDevice?: (deviceId: string) => Promise<boolean>;
  /** The URL registered amps are told (MQTT_PUBLIC_URL, with the embedded broker's real port when MQTT_PORT is 0). */
  readonly deviceUrl: string;
  /** One line for the start banner. */
  readonly description: string;
  /** Closes the client, then the embedded broker. */
  close(): Promise<void>;
}

/** What startMqtt needs. */
export interface MqttDeps {
  readonly config: ResolvedConfig;
  readonly db: Db;
  readonly clock: Clock;
  readonly log?: BrokerLogger;
  /** Told once a device's reported state is stored (a benchmark hook: bench/cloud/); main.ts sets none. */
  readonly onReportedStored?: IngestionObservers['onReportedStored'];
  /**
   * Told of device changes (an amp online or offline) and of what ingestion stored (reported states, status
   * messages): the app's, so that its relay closes sessions to an amp gone and its incidents follow the amps.
   */
  readonly deviceEvents?: DeviceEvents;
}

const withoutCredentials = (url: string): string => {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
};

/** Starts the embedded broker (unless MQTT_URL is set) and connects the service client to the broker. */
export async function startMqtt(deps: MqttDeps): Promise<MqttLink> {
  const { config, db, clock, log = consoleBrokerLogger, onReportedStored, deviceEvents } = deps;
  // what ingestion stored goes to the app's listeners (the relay, the incident deriver) through deviceEvents
  const observers: IngestionObservers = {
    ...(onReportedStored || deviceEvents
      ? {
          onReportedStored: (deviceId: string, reported: DeviceReported) => {
            onReportedStored?.(deviceId, reported);
            deviceEvents?.reportedStored(deviceId, reported);
          },
        }
      : {}),
    ...(deviceEvents
      ? {
          onStatusStored: (deviceId: string, online: boolean) => {
            deviceEvents.changed(deviceId);
            deviceEvents.statusStored(deviceId, online);
          },
        }
      : {}),
  };
  const handlers = {
    ...shadowIngestion(db, clock, log, observers),
    // sensor snapshots are not stored: they go to whoever asked for them (a rollout's audio check)
    ...(deviceEvents
      ? { sensors: (deviceId: string, sensors: DeviceSensors) => deviceEvents.sensed(deviceId, sensors) }
      : {}),
  };
  if (config.MQTT_URL !== undefined) {
    // An account of ours when a password is configured, else whatever the URL carries (or none: an open broker).
    const account =
      config.MQTT_SERVICE_PASSWORD === undefined
        ? {}
        : { username: config.MQTT_SERVICE_USERNAME, password: config.MQTT_SERVICE_PASSWORD };
    const service = await connectService({
      url: config.MQTT_URL,
      ...account,
      ...(config.MQTT_SHARE_GROUP !== undefined ? { shareGroup: config.MQTT_SHARE_GROUP } : {}),
      handlers,
      log,
    });
    return {
      service,
      deviceUrl: config.MQTT_PUBLIC_URL,
      description:
        `${withoutCredentials(config.MQTT_URL)} (external: its configuration checks devices, docs/cloud-mqtt.md)` +
        (config.MQTT_SHARE_GROUP !== undefined ? `, shared subscriptions $share/${config.MQTT_SHARE_GROUP}` : ''),
      close: () => service.close(),
    };
  }

  await markAllDisconnected(db);
  const account = { username: config.MQTT_SERVICE_USERNAME, password: config.MQTT_SERVICE_PASSWORD ?? newSecret() };
  const broker = await startEmbeddedBroker({
    port: config.MQTT_PORT,
    host: config.MQTT_HOST,
    authenticate: brokerAuthenticator(db, account),
    log,
  });
  const local = ['0.0.0.0', '::'].includes(config.MQTT_HOST) ? '127.0.0.1' : config.MQTT_HOST;
  const url = `mqtt://${local.includes(':') ? `[${local}]` : local}:${broker.port}`;
  let service: ServiceClient;
  try {
    const client = await connectService({ url, ...account, handlers, log });
    // the relay's requests and replies stay in this process (embedded-broker.ts relayLink)
    service = { ...client, ...broker.relayLink };
  } catch (error) {
    await broker.close();
    throw error;
  }
  const deviceUrl = new URL(config.MQTT_PUBLIC_URL);
  if (deviceUrl.port === '0') deviceUrl.port = String(broker.port);
  return {
    service,
    disconnectDevice: (deviceId) => broker.disconnectDevice(deviceId, { discardWill: true }),
    deviceUrl: deviceUrl.toString().replace(/\/$/, ''),
    description: `embedded, listening on ${config.MQTT_HOST}:${broker.port}`,
    close: async () => {
      await service.close();
      await broker.close();
    },
  };
}
