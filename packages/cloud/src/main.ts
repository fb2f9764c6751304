/**
 * `npm run cloud`: the cloud service on PORT with PGlite in DATA_DIR unless DATABASE_URL is set, the embedded MQTT
 * broker on MQTT_PORT unless MQTT_URL is set, and the mail outbox unless SMTP_URL is set. Migrations run at start.
 * SIGINT/SIGTERM close the server, then the broker link, the mailer and the database.
 */
import { buildApp } from './app';
import type { BrokerLogger } from './broker/index';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type ResolvedConfig } from './config';
import { createDb, type Database } from './db/client';
import { migrate } from './db/migrate';
import { startMqtt, type MqttLink } from './mqtt';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './plugins/mailer';

/** The broker layer's log lines at LOG_LEVEL: warnings from `info` up, the rest (ignored messages…) at debug. */
function brokerLogger(level: ResolvedConfig['LOG_LEVEL']): BrokerLogger {
  const verbose = level === 'debug' || level === 'trace';
  const warn = verbose || level === 'info' || level === 'warn';
  return {
    warn: (details, message) => {
      if (warn) console.warn(`[mqtt] ${message}`, details);
    },
    info: (details, message) => {
      if (verbose) console.info(`[mqtt] ${message}`, details);
    },
  };
}

function banner(config: ResolvedConfig, database: Database, mailer: Mailer, mqtt: MqttLink, applied: string[]): string {
  const api = `${config.PUBLIC_URL}${config.API_PREFIX}`;
  const mail =
    mailer.kind === 'smtp'
      ? `SMTP ${new URL(config.SMTP_URL ?? '').host}`
      : config.NODE_ENV === 'production'
        ? 'outbox (printed here; no SMTP_URL)'
        : `outbox: printed here and at GET ${api}/dev/outbox`;
  return [
    `Rackside cloud listening on http://${config.HOST}:${config.PORT}`,
    `  API        ${api}   (OpenAPI: ${api}/docs)`,
    `  database   ${database.driver === 'pglite' ? `PGlite in ${database.location}` : database.location}${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ''}`,
    `  broker     ${mqtt.description}; amps connect to ${mqtt.deviceUrl}`,
    `  mail       ${mail}`,
    `  web app    ${config.WEB_ROOT === undefined ? 'not built (npm run build -w @rackside/web)' : `${config.PUBLIC_URL}/ from ${config.WEB_ROOT}`}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDb(config);
  const applied = await migrate(database.db);
  const mailer =
    config.SMTP_URL === undefined
      ? createOutboxMailer(database.db, (line) => console.log(line))
      : createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  const mqtt = await startMqtt({ config, db: database.db, clock: systemClock, log: brokerLogger(config.LOG_LEVEL) });
  const app = await buildApp({
    config: { ...config, MQTT_PUBLIC_URL: mqtt.deviceUrl },
    db: database.db,
    mailer,
    broker: mqtt.service,
    disconnectDevice: mqtt.disconnectDevice,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(banner(config, database, mailer, mqtt, applied));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    console.log(`${signal}: closing`);
    app
      .close()
      .then(() => mqtt.close())
      .then(() => mailer.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
