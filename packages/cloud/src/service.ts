/**
 * The cloud service wired from a configuration, as `npm run cloud` (main.ts) and the `npm start` demo run it: the
 * database with its migrations applied, the mailer (outbox unless SMTP_URL), the broker link (embedded Aedes unless
 * MQTT_URL), the app listening on HOST:PORT. close() stops them in the reverse order.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { BrokerLogger } from './broker/index';
import { systemClock } from './clock';
import type { ResolvedConfig } from './config';
import { createDb, type Database } from './db/client';
import { migrate } from './db/migrate';
import { DeviceEvents } from './device-events';
import { startMqtt, type MqttDeps, type MqttLink } from './mqtt';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './plugins/mailer';
import { createSmsOutbox, type SmsSender } from './plugins/sms';
import { createSmppSender } from './plugins/smpp';

/** A running cloud service. */
/** How long a closing node lets requests under way finish before it cuts their connections (ms). */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface CloudService {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly mqtt: MqttLink;
  /** The migrations this start applied (empty when the schema was current). */
  readonly applied: readonly string[];
  /** Closes the server, then the broker link, the mailer and the database. */
  close(): Promise<void>;
}

/** What a caller may change of the service's wiring; main.ts leaves the defaults. */
export interface CloudServiceOptions {
  /** The broker layer's log lines (default: the console). */
  readonly brokerLog?: BrokerLogger;
  /** The outbox's line per mail (default: the console); unused with SMTP_URL. */
  readonly mailLog?: (line: string) => void;
  /** Told once a device's reported state is stored: the benchmark's hook (bench/cloud). */
  readonly onReportedStored?: MqttDeps['onReportedStored'];
}

/** The SMS gateway's connection lines (no phone numbers: debug is off). */
const consoleSmsLog = {
  info: (details: Record<string, unknown>, message: string) => console.log(`[sms] ${message}`, details),
  warn: (details: Record<string, unknown>, message: string) => console.warn(`[sms] ${message}`, details),
};

/** Starts the cloud service. */
export async function startCloudService(
  config: ResolvedConfig,
  options: CloudServiceOptions = {},
): Promise<CloudService> {
  const { brokerLog, mailLog = (line: string) => console.log(line), onReportedStored } = options;
  const database = await createDb(config);
  const applied = await migrate(database.db);
  const mailer =
    config.SMTP_URL === undefined
      ? createOutboxMailer(database.db, mailLog)
      : createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  const sms =
    config.SMPP_URL === undefined
      ? createSmsOutbox(database.db, mailLog)
      : createSmppSender(config.SMPP_URL, config.SMS_FROM, brokerLog ?? consoleSmsLog);
  const deviceEvents = new DeviceEvents();
  const mqtt = await startMqtt({
    config,
    deviceEvents,
    db: database.db,
    clock: systemClock,
    ...(brokerLog ? { log: brokerLog } : {}),
    ...(onReportedStored ? { onReportedStored } : {}),
  });
  const app = await buildApp({
    config: { ...config, MQTT_PUBLIC_URL: mqtt.deviceUrl },
    db: database.db,
    mailer,
    sms,
    broker: mqtt.service,
    disconnectDevice: mqtt.disconnectDevice,
    deviceEvents,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  return {
    app,
    database,
    mailer,
    sms,
    mqtt,
    applied,
    async close() {
      // The server waits for its connections to end: requests under way finish, idle keep-alive connections are
      // closed. One it does not count as idle (seen: a live stream's whose client had cancelled it, after status
      // events) would hold the shutdown for the keep-alive timeout (72 s): whatever is left after SHUTDOWN_GRACE_MS
      // is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await mqtt.close();
      await mailer.close();
      await sms.close();
      await database.close();
    },
  };
}
