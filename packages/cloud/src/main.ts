/**
 * `npm run cloud`: the cloud service on PORT with PGlite in DATA_DIR unless DATABASE_URL is set, the embedded MQTT
 * broker on MQTT_PORT unless MQTT_URL is set, and the mail outbox unless SMTP_URL is set. Migrations run at start.
 * Production unless RACKSIDE_DEV=1: then SMTP_URL and JWT_SECRET are required (config.ts productionProblems).
 * SIGINT/SIGTERM close the server, then the broker link, the mailer and the database.
 */
import type { BrokerLogger } from './broker/index';
import { ConfigError, loadConfig, redactUrl, type ResolvedConfig } from './config';
import { startCloudService, type CloudService } from './service';

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

function banner(config: ResolvedConfig, { database, mailer, mqtt, applied }: CloudService): string {
  const api = `${config.PUBLIC_URL}${config.API_PREFIX}`;
  const mail =
    mailer.kind === 'smtp'
      ? `SMTP ${new URL(config.SMTP_URL ?? '').host}`
      : !config.RACKSIDE_DEV
        ? 'outbox (printed here; no SMTP_URL)'
        : `outbox: printed here and at GET ${api}/dev/outbox`;
  return [
    `Rackside cloud listening on http://${config.HOST}:${config.PORT}`,
    `  mode       ${config.RACKSIDE_DEV ? 'development (RACKSIDE_DEV=1: the dev outboxes are open to anyone)' : 'production'}`,
    `  API        ${api}   (OpenAPI: ${api}/docs)`,
    `  database   ${database.driver === 'pglite' ? `PGlite in ${database.location}` : database.location}${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ''}`,
    `  broker     ${mqtt.description}; amps connect to ${mqtt.deviceUrl}`,
    `  mail       ${mail}`,
    `  counters   ${config.REDIS_URL === undefined ? 'rate limits in process memory (one node; REDIS_URL shares them)' : `rate limits in Redis ${redactUrl(config.REDIS_URL)}, keys ${config.REDIS_PREFIX}*`}`,
    `  web app    ${config.WEB_ROOT === undefined ? 'not built (npm run build -w @rackside/web)' : `${config.PUBLIC_URL}/ from ${config.WEB_ROOT}`}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, { deployment: true });
  const service = await startCloudService(config, { brokerLog: brokerLogger(config.LOG_LEVEL) });
  console.log(banner(config, service));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    console.log(`${signal}: closing`);
    service
      .close()
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
