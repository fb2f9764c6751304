/**
 * The cloud under test: the service as `npm run cloud` starts it (startCloudService: embedded Aedes broker, PGlite in
 * a data folder or PostgreSQL, the outbox), in this process, with a hook on every stored reported state; and the
 * account, venue and amps a bench needs in it, made through the REST API (the route tests' factories).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  isOutbox,
  loadConfig,
  silentBrokerLogger,
  startCloudService,
  type CloudService,
  type Db,
  type OutboxMailer,
} from '@rackside/cloud';
import {
  createSignedInUser,
  createThrowawayPostgres,
  migratedPgliteFolder,
  registerDevice,
  type ThrowawayPostgres,
} from '@rackside/cloud/testing';
import type { FastifyInstance } from 'fastify';
import type { AgentDevice } from './agents';

/** Where the cloud keeps its data: PGlite in a temp data folder (the default of `npm run cloud`) or PostgreSQL. */
export type CloudDriver = 'pglite' | 'postgres';

/** The default PostgreSQL server (a bench database is created on it and dropped). */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Milliseconds since the epoch, below the millisecond: arrivals are compared with the agents' `ts` (Date.now()). */
export const now = (): number => performance.timeOrigin + performance.now();

/** The cloud as main.ts starts it, in this process, with a hook on every stored reported state. */
export interface CloudUnderTest {
  readonly driver: CloudDriver;
  readonly app: FastifyInstance;
  readonly service: CloudService;
  /** The outbox, or with SMTP_URL the mailbox startCloud was given (where the sign-up codes are read). */
  readonly mailer: OutboxMailer;
  readonly db: Db;
  /** The URL the registered amps are told. */
  readonly deviceUrl: string;
  /** http://127.0.0.1:{port}/api */
  readonly api: string;
  /** Called for each reported state once it is in the database: device id, its `ts`, when (ms since the epoch). */
  onStored: ((deviceId: string, ts: number, at: number) => void) | undefined;
  close(): Promise<void>;
}

/**
 * Starts the cloud on free ports, its data in a fresh temp folder or a fresh database on `postgresUrl`. `env`
 * overrides or adds configuration variables (e.g. SMTP_URL, SMPP_URL, NOTIFY_TICK_MS: bench/notifications). With
 * SMTP_URL the mails leave the cloud, so the codes of sign-up must be read elsewhere: `mailbox` is then required and
 * becomes the `mailer` the factories read codes from (bench/notifications/mailbox.ts reads them off a test SMTP
 * server).
 */
export async function startCloud(
  driver: CloudDriver,
  postgresUrl = DEFAULT_POSTGRES_URL,
  env: Readonly<Record<string, string>> = {},
  mailbox?: OutboxMailer,
): Promise<CloudUnderTest> {
  if (env.SMTP_URL !== undefined && mailbox === undefined)
    throw new Error('startCloud: with SMTP_URL, pass the mailbox the sign-up codes are read from');
  const dataDir = mkdtempSync(join(tmpdir(), 'rackside-bench-cloud-'));
  let postgres: ThrowawayPostgres | undefined;
  let service: CloudService | undefined;
  const cleanup = async () => {
    await service?.close().catch(() => undefined);
    await postgres?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (driver === 'postgres') postgres = await createThrowawayPostgres(postgresUrl, 'rackside_bench');
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:8090',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      ...env,
    });
    // a migrated copy: PGlite starts without initdb (seconds) and finds nothing to migrate
    if (driver === 'pglite') cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
    const hook: Pick<CloudUnderTest, 'onStored'> = { onStored: undefined };
    service = await startCloudService(config, {
      brokerLog: silentBrokerLogger,
      mailLog: () => undefined,
      onReportedStored: (deviceId, reported) => hook.onStored?.(deviceId, reported.ts, now()),
    });
    const { app, mailer, database, mqtt } = service;
    const codes = mailbox ?? (isOutbox(mailer) ? mailer : undefined);
    if (codes === undefined) throw new Error('the bench cloud mails through the outbox (no SMTP_URL)');
    const { port } = app.server.address() as AddressInfo;
    return Object.assign(hook, {
      driver,
      app,
      service,
      mailer: codes,
      db: database.db,
      deviceUrl: mqtt.deviceUrl,
      api: `http://127.0.0.1:${port}/api`,
      close: cleanup,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A new confirmed user, signed in: the id token. */
export async function signedInUser(cloud: CloudUnderTest): Promise<string> {
  return (await createSignedInUser(cloud.app, cloud.mailer)).token;
}

/** The user id (`sub`) of an id token. */
export const userIdOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

/** The MAC of the n-th bench amp (1-based): locally administered, unique up to 2^24 amps. */
const macOf = (n: number): string => {
  const hex = n.toString(16).padStart(6, '0');
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
};
const serialOf = (n: number): string => `BENCH${String(n).padStart(6, '0')}`;

/**
 * Registers `count` amps in the venue the way an amp does (a token from the user, then the amp's own call), eight at
 * a time; the amps are numbered from `first` + 1.
 */
export async function registerDevices(
  cloud: CloudUnderTest,
  token: string,
  venueId: string,
  count: number,
  first: number,
): Promise<AgentDevice[]> {
  const out: AgentDevice[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = first + next++ + 1;
      const reply = await registerDevice(cloud.app, token, venueId, {
        mac: macOf(n),
        serialNumber: serialOf(n),
        modelID: '704D',
        firmwareVersion: '1.6.0.0',
        deviceName: `Bench amp ${n}`,
      });
      out.push({ deviceId: reply.deviceId, password: reply.mqtt.password });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

/**
 * Inserts amps straight into the cloud's `devices` table, as a registration would (SHA-256 hex of a fresh password,
 * the owner and venue of the token): for the large steps of the ramp, where registering 10,000 amps one by one over
 * the API would take longer than the measurement. The columns are those of packages/cloud/src/db/schema/devices.ts.
 */
export async function insertDevices(
  db: Pick<Db, 'execute'> | { execute(query: string): Promise<unknown> },
  userId: string,
  venueId: string,
  count: number,
  first: number,
): Promise<AgentDevice[]> {
  const out: AgentDevice[] = [];
  const registeredAt = new Date().toISOString();
  for (let start = 0; start < count; start += 1000) {
    const rows: string[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const n = first + i + 1;
      const deviceId = randomUUID();
      const password = randomBytes(32).toString('base64url');
      const digest = createHash('sha256').update(password, 'utf8').digest('hex');
      // every value is made here (uuids, hex, digits): nothing to escape
      rows.push(
        `('${deviceId}', '${userId}', '${venueId}', '${digest}', '${macOf(n)}', '${serialOf(n)}', ` +
          `'704D', '1.6.0.0', 'Bench amp ${n}', '${registeredAt}')`,
      );
      out.push({ deviceId, password });
    }
    await db.execute(
      'insert into devices (id, user_id, venue_id, password_hash, mac, serial_number, model_id, firmware_version, ' +
        `device_name, registered_at) values ${rows.join(', ')}`,
    );
  }
  return out;
}
