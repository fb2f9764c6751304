/**
 * Benchmarks of the cloud service (packages/cloud), each printed next to a bare baseline measured in the same run
 * (house rule: performance is measured here, never in timed tests). run.ts prints them (`--only=cloud`).
 *
 * - benchShadowIngest: N emulated amps (bench/cloud-agents.ts, a child process of plain mqtt.js clients, each
 *   registered through the real cloud: a registration token, then POST /api/devices/register) publish a
 *   reported-state change every 10 s plus keepalive pings, against the cloud as `npm run cloud` starts it (embedded
 *   Aedes broker, PGlite in a data folder, or PostgreSQL). State → database latency: the payload's `ts` (publish
 *   time) to the moment the upsert of that message has committed (startMqtt's `onReportedStored` hook). N ramps up
 *   until the p99 reaches 1 s or the time budget ends. Baseline: a bare Aedes, the same agents and payloads, one
 *   mqtt.js subscriber: publish → receipt latency, and its throughput with publishers sending back to back.
 * - benchRest: GET /api/venues and POST /api/venues/{id}/devices/attributes at a fixed rate, open loop
 *   (bench/cloud-load.ts, a child process), next to a bare Fastify route answering the same JSON at the same rate.
 *
 * The cloud, the bare servers and the subscriber run in this process; the agents and the load generator in child
 * processes, so that on two cores the process under test has one core to itself (as far as the machine's load lets).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Session } from 'node:inspector/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  buildApp,
  createDb,
  createOutboxMailer,
  loadConfig,
  migrate,
  readMigrations,
  silentBrokerLogger,
  startMqtt,
  type Database,
  type MqttLink,
  type OutboxMailer,
} from '@rackside/cloud';
import {
  DEVICE_PATHS,
  fillPath,
  IDENTITY_PATHS,
  VENUE_PATHS,
  type CloudSession,
  type DeviceAttributesReply,
  type RegistrationReply,
  type RegistrationTokenReply,
  type VenueReply,
} from '@rackside/protocol';
import { Aedes } from 'aedes';
import Fastify, { type FastifyInstance } from 'fastify';
import { connect } from 'mqtt';
import pg from 'pg';
import type { AgentDevice, AgentReplies, AgentRequest } from './cloud-agents';
import type { LoadRequest, LoadResult } from './cloud-load';
import { fillShadow, shadowTemplate, type ShadowPayload } from './cloud-payload';
import { ms, sleep, summarize, x, type Latency } from './stats';

export type { Latency } from './stats';
export type { ShadowPayload } from './cloud-payload';

/** Where the cloud keeps its data: PGlite in a temp data folder (the default of `npm run cloud`) or PostgreSQL. */
export type CloudDriver = 'pglite' | 'postgres';

/** The p99 state → database latency an N must keep to count as held (issue 6). */
export const INGEST_P99_TARGET_MS = 1000;
/** The fleet size the issue asks the cloud to hold. */
export const INGEST_TARGET_AMPS = 10_000;
/**
 * Profiles are taken at fleets up to this size. Twice, before the cloud's broker had its own message queue
 * (packages/cloud/src/broker/message-queue.ts), the cloud process died in the profiling phase after a larger step with
 * Aedes' "Maximum call stack size exceeded" (starting the profiler stalls the event loop, which lets mqemitter's queue
 * grow): see bench/README.md, "Results — cloud".
 */
export const PROFILE_MAX_AMPS = 2000;
/** The default PostgreSQL server (a bench database is created on it and dropped). */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const now = (): number => performance.timeOrigin + performance.now();

// ---- child processes (agents, load generator) ----

/** A child process answering `{id, ...request}` with `{id, ok, ...}` over IPC. */
class Child {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly process: ChildProcess) {
    process.on('message', (message: { id: number; ok: boolean; error?: string }) => {
      const w = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.ok) w?.resolve(message);
      else w?.reject(new Error(message.error ?? 'child failed'));
    });
    process.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`bench child exited (${String(code)})`));
      this.waiting.clear();
    });
  }

  static start(file: string): Child {
    const child = fork(join(BENCH_DIR, file), [], {
      cwd: BENCH_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Child(child);
  }

  call<T>(request: object): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.process.send({ id, ...request });
    });
  }

  /** Cpu time of the child is reported by the child itself; this only ends it. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = once(this.process, 'exit');
    if (this.process.connected) this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

class Agents {
  private constructor(private readonly child: Child) {}
  static start(): Agents {
    return new Agents(Child.start('cloud-agents.ts'));
  }
  call<K extends AgentRequest['op']>(request: Extract<AgentRequest, { op: K }>): Promise<AgentReplies[K]> {
    return this.child.call<AgentReplies[K]>(request);
  }
  /** Disconnects every agent; the process stays for the next broker. */
  async closeAll(): Promise<void> {
    await this.call({ op: 'close' });
  }
  async stop(): Promise<void> {
    await this.call({ op: 'close' }).catch(() => undefined);
    await this.child.stop();
  }
}

// ---- the cloud under test ----

/** The cloud as main.ts starts it, in this process, with a hook on every stored reported state. */
interface CloudUnderTest {
  readonly driver: CloudDriver;
  readonly app: FastifyInstance;
  readonly mqtt: MqttLink;
  readonly mailer: OutboxMailer;
  readonly db: Database['db'];
  /** http://127.0.0.1:{port}/api */
  readonly api: string;
  /** Called for each reported state once it is in the database: device id, its `ts`, when (ms since the epoch). */
  onStored: ((deviceId: string, ts: number, at: number) => void) | undefined;
  close(): Promise<void>;
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rackside_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/**
 * A PGlite data folder with the cloud's migrations applied, made once and copied into each bench cloud's DATA_DIR:
 * PGlite then starts without running initdb (seconds) and the migrations. Kept in the OS temp folder, keyed by the
 * PGlite version and the migrations (what packages/cloud/src/test/db.ts does for the tests, as an image).
 */
async function migratedPgliteFolder(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256')
    .update(version)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.hash}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const folder = join(tmpdir(), 'rackside-bench', `pglite-${key}`);
  if (!existsSync(folder)) {
    // made aside and renamed: a bench running beside never copies half a folder
    const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const database = await createDb({ DATABASE_URL: undefined, DATA_DIR: partial });
    await migrate(database.db);
    await database.close();
    try {
      renameSync(join(partial, 'pglite'), folder);
    } catch {
      // another bench made it first
    }
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

async function startCloud(driver: CloudDriver, postgresUrl = DEFAULT_POSTGRES_URL): Promise<CloudUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rackside-bench-cloud-'));
  const pgDb = driver === 'postgres' ? await createPostgresDatabase(postgresUrl) : undefined;
  let database: Database | undefined;
  let mqtt: MqttLink | undefined;
  const cleanup = async () => {
    await mqtt?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await pgDb?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:8090',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    });
    if (driver === 'pglite') cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
    database = await createDb(config);
    await migrate(database.db); // nothing left to apply on PGlite
    const mailer = createOutboxMailer(database.db);
    const cloud: { onStored: CloudUnderTest['onStored'] } = { onStored: undefined };
    mqtt = await startMqtt({
      config,
      db: database.db,
      clock: { now: () => new Date() },
      log: silentBrokerLogger,
      onReportedStored: (deviceId, reported) => cloud.onStored?.(deviceId, reported.ts, now()),
    });
    const app = await buildApp({
      config: { ...config, MQTT_PUBLIC_URL: mqtt.deviceUrl },
      db: database.db,
      mailer,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return Object.assign(cloud, {
      driver,
      app,
      mqtt,
      mailer,
      db: database.db,
      api: `http://127.0.0.1:${port}/api`,
      close: async () => {
        await app.close();
        await cleanup();
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** One REST call through the app (Fastify's inject: the whole request pipeline without a socket); 2xx or throws. */
async function api<T>(cloud: CloudUnderTest, method: 'GET' | 'POST', path: string, body?: object, token?: string) {
  const res = await cloud.app.inject({
    method,
    url: `/api${path}`,
    ...(body !== undefined ? { payload: body } : {}),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** Signs a new user up, confirms with the code from the outbox and signs in: the id token. */
async function signedInUser(cloud: CloudUnderTest): Promise<string> {
  const email = `bench-${process.pid}-${randomBytes(3).toString('hex')}@example.com`;
  await api(cloud, 'POST', IDENTITY_PATHS.signUp, { email, password: PASSWORD, passwordConfirm: PASSWORD });
  const [mail] = await cloud.mailer.list(email, 1);
  await api(cloud, 'POST', IDENTITY_PATHS.confirmSignUp, { email, code: mail?.code ?? '' });
  const session = await api<CloudSession>(cloud, 'POST', IDENTITY_PATHS.signIn, { email, password: PASSWORD });
  return session.idToken;
}

/** The user id (`sub`) of an id token. */
const userIdOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

async function createVenue(cloud: CloudUnderTest, token: string, name: string): Promise<string> {
  return (await api<VenueReply>(cloud, 'POST', VENUE_PATHS.venues, { venue: { name } }, token)).venue.venueId;
}

/** New amps of a step registered through the REST API; the rest of a large step are inserted (insertDevices). */
export const REGISTERED_THROUGH_API = 100;

/**
 * Inserts amps straight into the cloud's `devices` table, as a registration would (SHA-256 hex of a fresh password,
 * the owner and venue of the token): for the large steps of the ramp, where registering 10,000 amps one by one over
 * the API would take longer than the measurement. The columns are those of packages/cloud/src/db/schema/devices.ts.
 */
async function insertDevices(
  db: Database['db'],
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
      const hex = n.toString(16).padStart(6, '0');
      const mac = `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
      const digest = createHash('sha256').update(password, 'utf8').digest('hex');
      // every value is made here (uuids, hex, digits): nothing to escape
      rows.push(
        `('${deviceId}', '${userId}', '${venueId}', '${digest}', '${mac}', 'BENCH${String(n).padStart(6, '0')}', ` +
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

/** Registers `count` devices in the venue the way an amp does: a token from the user, then the amp's own call. */
async function registerDevices(
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
      const i = first + next++;
      const { registrationToken } = await api<RegistrationTokenReply>(
        cloud,
        'POST',
        fillPath(DEVICE_PATHS.registrationToken, { venueId }),
        undefined,
        token,
      );
      const hex = (i + 1).toString(16).padStart(6, '0');
      const reply = await api<RegistrationReply>(cloud, 'POST', DEVICE_PATHS.register, {
        registrationToken,
        mac: `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`,
        serialNumber: `BENCH${String(i + 1).padStart(6, '0')}`,
        modelID: '704D',
        firmwareVersion: '1.6.0.0',
        deviceName: `Bench amp ${i + 1}`,
      });
      out.push({ deviceId: reply.deviceId, password: reply.mqtt.password });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

// ---- a CPU profile of this process ----

/** Where the sampled CPU time of this process went, as shares of the busy (non-idle) samples. */
export interface CpuProfileSummary {
  readonly wallMs: number;
  /** Share of samples in which the thread was busy (not idle). */
  readonly busyShare: number;
  readonly byCategory: readonly { readonly what: string; readonly share: number }[];
  readonly topFunctions: readonly { readonly what: string; readonly share: number }[];
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly hitCount?: number;
}

const CATEGORIES: readonly [RegExp, string][] = [
  [/^wasm:|@electric-sql\/pglite/, 'PGlite (WASM and its JS)'],
  [
    /node_modules\/(aedes[^/]*|mqtt-packet|bl|fastq|hyperid|retimer|reusify|end-of-stream|readable-stream)\//,
    'Aedes broker (+ mqtt-packet)',
  ],
  [/node_modules\/mqtt\//, 'mqtt.js (the service client)'],
  [/node_modules\/zod\//, 'zod'],
  [/node_modules\/drizzle-orm\//, 'drizzle-orm'],
  [/node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//, 'node-postgres'],
  [/node_modules\/(fastify|@fastify|avvio|find-my-way|light-my-request|pino[^/]*|fast-json-stringify)\//, 'Fastify'],
  [/node_modules\/jose\//, 'jose (JWT)'],
  [/packages\/(cloud|protocol)\//, 'Rackside cloud + protocol code'],
  [/\/bench\//, 'the bench itself (hook, subscriber)'],
  [/^node:/, 'Node.js core (net, streams, timers)'],
];

function categoryOf(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') {
    if (frame.functionName.startsWith('(')) return frame.functionName; // (garbage collector), (program), (idle)
    return 'V8 built-ins (JSON.parse, Buffer, …)';
  }
  for (const [pattern, name] of CATEGORIES) if (pattern.test(frame.url)) return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url)?.[1];
  return pkg ?? 'other';
}

const shortUrl = (url: string): string => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]?.split('/').pop() ?? ''}`;
  return url.split('/').slice(-2).join('/');
};

/** Profiles this process (V8 sampling profiler, 1 ms) for `ms` while the load runs. */
async function profileFor(ms: number): Promise<CpuProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const started = performance.now();
    await sleep(ms);
    const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
    const wallMs = performance.now() - started;
    const categories = new Map<string, number>();
    const functions = new Map<string, number>();
    let total = 0;
    let idle = 0;
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (hits === 0) continue;
      total += hits;
      const category = categoryOf(node.callFrame);
      if (category === '(idle)') {
        idle += hits;
        continue;
      }
      categories.set(category, (categories.get(category) ?? 0) + hits);
      const fn = `${node.callFrame.functionName || '(anonymous)'}${node.callFrame.url ? ` ${shortUrl(node.callFrame.url)}` : ''}`;
      functions.set(fn, (functions.get(fn) ?? 0) + hits);
    }
    const busy = Math.max(1, total - idle);
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([what, hits]) => ({ what, share: hits / busy }));
    return {
      wallMs,
      busyShare: busy / Math.max(1, total),
      byCategory: top(categories, 10),
      topFunctions: top(functions, 12),
    };
  } finally {
    session.disconnect();
  }
}

// ---- shadow ingest ----

/** Options of benchShadowIngest. */
export interface IngestOptions {
  /** Fleet sizes, ascending; the ramp stops at the first one not held (or when the budget is spent). */
  readonly steps: readonly number[];
  readonly drivers?: readonly CloudDriver[];
  /** PostgreSQL server for the `postgres` driver (a bench database is created there and dropped). */
  readonly postgresUrl?: string;
  readonly payload?: ShadowPayload;
  /** Each agent publishes a reported-state change this often (default 10 s). */
  readonly intervalMs?: number;
  /** MQTT keepalive of the agents (default 5 s, as the amps). */
  readonly keepaliveS?: number;
  /** Measured window per step, after a warm-up (defaults 20 s and 5 s). */
  readonly measureMs?: number;
  readonly warmupMs?: number;
  /** How long after the window a late message may still be stored before it counts as missing (default 10 s). */
  readonly drainMs?: number;
  /** Stop ramping once this much time has gone by (per driver; default 6 min). */
  readonly budgetMs?: number;
  /** Connections the agents open at once (default 50). */
  readonly connectConcurrency?: number;
  /** The bare broker's window per step (default 10 s) and its back-to-back throughput run (default 5 s). */
  readonly bareMeasureMs?: number;
  readonly blastMs?: number;
  /**
   * Publishers of the throughput run (default 100, at most the largest N). Aedes 1.2 with its default concurrency
   * (100 deliveries in flight, as the cloud's embedded broker runs it) overflowed its stack (mqemitter's queue drains
   * recursively) with 1000 publishers sending back to back on this machine, which ended the bench process.
   */
  readonly blastPublishers?: number;
  /** CPU-profile the cloud process after each step held, up to PROFILE_MAX_AMPS, for this long (0: none). */
  readonly profileMs?: number;
  /** Compare every device's stored shadow (read back through the REST API) with what it published last. */
  readonly check?: boolean;
  /** Told what the bench is doing (run.ts prints it to stderr). */
  readonly progress?: (message: string) => void;
}

/** One step of the ramp. */
export interface IngestStep {
  readonly amps: number;
  /** Registration of the new amps of this step: the first REGISTERED_THROUGH_API through the REST API (token,
   * then POST /devices/register), the others inserted into the devices table; and how many went through the API. */
  readonly registerMs: number;
  readonly newAmps: number;
  readonly registeredViaApi: number;
  /** Connections of the new amps (CONNACK), and those that failed. */
  readonly connectMs: number;
  readonly connectFailed: number;
  /** Reported-state changes published in the window and stored (within the window + drain). */
  readonly published: number;
  readonly stored: number;
  /** State → database latency of the window's messages; a missing one counts as infinitely late. */
  readonly latency: Latency;
  readonly storedPerS: number;
  /** Event-loop utilisation and CPU (share of one core) of the cloud process over the window. */
  readonly cloudElu: number;
  readonly cloudCpu: number;
  /**
   * CPU time of the cloud process per message stored in the window (ms): what a message costs, whatever share of
   * the machine the process got; 1000 / this is the rate one free core would store (× interval = amps held).
   */
  readonly cpuMsPerStored: number;
  /** CPU of the agents' process (share of one core). */
  readonly agentsCpu: number;
  /** Agents whose connection dropped so far. */
  readonly dropped: number;
  readonly loadAverage: number;
  readonly held: boolean;
}

/** The ramp on one database. */
export interface IngestRun {
  readonly driver: CloudDriver;
  readonly steps: readonly IngestStep[];
  /** The largest N held (p99 < 1 s, nothing missing, no agent dropped), 0 when none. */
  readonly largestHeld: number;
  /** Why the ramp ended. */
  readonly stoppedBy: 'not held' | 'budget' | 'last step';
  /** Where the cloud process's CPU went at the largest N held (`amps`), profiled after that step's window. */
  readonly profile?: CpuProfileSummary & { readonly amps: number };
  /** When `check`: devices compared and those whose stored shadow equals what they published last. */
  readonly check?: { readonly devices: number; readonly equal: number };
}

/** The bare broker at one N. */
export interface BareStep {
  readonly amps: number;
  readonly published: number;
  readonly received: number;
  readonly latency: Latency;
  readonly brokerCpu: number;
}

export interface IngestResult {
  readonly payloadBytes: number;
  readonly intervalMs: number;
  readonly runs: readonly IngestRun[];
  readonly bare: {
    readonly steps: readonly BareStep[];
    /** Back-to-back QoS 1 publishing of `publishers` clients: messages/s (and MB/s) at the subscriber. */
    readonly throughput: { readonly publishers: number; readonly messagesPerS: number; readonly mbPerS: number };
  };
}

/** Time-stamped arrivals: (ts, at) pairs of every stored (or received) message. */
class Arrivals {
  private ts: number[] = [];
  private at: number[] = [];
  add(ts: number, at: number): void {
    this.ts.push(ts);
    this.at.push(at);
  }
  get count(): number {
    return this.ts.length;
  }
  reset(): void {
    this.ts = [];
    this.at = [];
  }
  /** Latencies of the messages whose ts is in [from, to). */
  window(from: number, to: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.ts.length; i++) {
      const t = this.ts[i]!;
      if (t >= from && t < to) out.push(this.at[i]! - t);
    }
    return out;
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > until) return false;
    await sleep(50);
  }
  return true;
}

const cpuShare = (before: NodeJS.CpuUsage, wallMs: number): number => {
  const d = process.cpuUsage(before);
  return (d.user + d.system) / 1000 / wallMs;
};

interface WindowFigures {
  readonly published: number;
  readonly stored: number;
  readonly latency: Latency;
  readonly elu: number;
  readonly cpu: number;
  readonly agentsCpu: number;
  readonly dropped: number;
}

/** Publishing on: warm-up, the window, then up to drainMs for its late messages; publishing off. */
async function measureWindow(
  agents: Agents,
  arrivals: Arrivals,
  o: { warmupMs: number; measureMs: number; drainMs: number },
): Promise<WindowFigures> {
  await agents.call({ op: 'publishing', on: true });
  await sleep(o.warmupMs);
  const from = Date.now();
  await agents.call({ op: 'count', from: 0, to: 0 }); // restarts the agents' CPU count
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(o.measureMs);
  const to = Date.now();
  const wallMs = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0).utilization;
  const cpu = cpuShare(cpu0, wallMs);
  const counted = await agents.call({ op: 'count', from, to });
  await waitFor(() => arrivals.window(from, to).length >= counted.published, o.drainMs);
  await agents.call({ op: 'publishing', on: false });
  const latencies = arrivals.window(from, to);
  const stored = latencies.length;
  for (let i = stored; i < counted.published; i++) latencies.push(Number.POSITIVE_INFINITY);
  return {
    published: counted.published,
    stored,
    latency: summarize(latencies),
    elu,
    cpu,
    agentsCpu: counted.cpuMs / wallMs,
    dropped: counted.closed,
  };
}

async function rampCloud(driver: CloudDriver, agents: Agents, o: Required<IngestOptions>): Promise<IngestRun> {
  const started = performance.now();
  const say = (message: string) =>
    o.progress(`[cloud ${driver} ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);
  const cloud = await startCloud(driver, o.postgresUrl);
  say('cloud started');
  const arrivals = new Arrivals();
  cloud.onStored = (_id, ts, at) => arrivals.add(ts, at);
  const steps: IngestStep[] = [];
  let stoppedBy: IngestRun['stoppedBy'] = 'last step';
  let profile: (CpuProfileSummary & { readonly amps: number }) | undefined;
  let check: IngestRun['check'];
  try {
    const token = await signedInUser(cloud);
    const venueId = await createVenue(cloud, token, 'Bench fleet');
    let registered = 0;
    for (const [index, amps] of o.steps.entries()) {
      if (index > 0 && performance.now() - started > o.budgetMs) {
        stoppedBy = 'budget';
        break;
      }
      const adding = amps - registered;
      const viaApi = Math.min(adding, REGISTERED_THROUGH_API);
      say(
        `${amps} amps: registering ${viaApi} through the API${adding > viaApi ? `, inserting ${adding - viaApi}` : ''}`,
      );
      const r0 = performance.now();
      const devices = [
        ...(await registerDevices(cloud, token, venueId, viaApi, registered)),
        ...(await insertDevices(cloud.db, userIdOf(token), venueId, adding - viaApi, registered + viaApi)),
      ];
      say(`${amps} amps: connecting`);
      const registerMs = performance.now() - r0;
      registered = amps;
      arrivals.reset();
      const added = await agents.call({
        op: 'add',
        url: cloud.mqtt.deviceUrl,
        devices,
        payload: o.payload,
        intervalMs: o.intervalMs,
        keepaliveS: o.keepaliveS,
        concurrency: o.connectConcurrency,
        keepLast: o.check,
      });
      // each new amp publishes its whole shadow on connecting: let the cloud store those before measuring
      await waitFor(() => arrivals.count >= added.connected, 120_000);
      say(`${amps} amps: ${added.connected} connected in ${(added.connectMs / 1000).toFixed(1)} s; measuring`);
      const w = await measureWindow(agents, arrivals, o);
      say(
        `${amps} amps: p50 ${w.latency.p50.toFixed(1)} ms, p99 ${w.latency.p99.toFixed(1)} ms, ${w.stored}/${w.published} stored`,
      );
      const held =
        w.latency.p99 < INGEST_P99_TARGET_MS && w.stored === w.published && w.dropped === 0 && added.failed === 0;
      steps.push({
        amps,
        registerMs,
        newAmps: adding,
        registeredViaApi: viaApi,
        connectMs: added.connectMs,
        connectFailed: added.failed,
        published: w.published,
        stored: w.stored,
        latency: w.latency,
        storedPerS: (w.stored / o.measureMs) * 1000,
        cloudElu: w.elu,
        cloudCpu: w.cpu,
        cpuMsPerStored: w.stored > 0 ? (w.cpu * o.measureMs) / w.stored : Number.NaN,
        agentsCpu: w.agentsCpu,
        dropped: w.dropped,
        loadAverage: loadavg()[0] ?? 0,
        held,
      });
      if (!held) {
        // Not past this point: an overloaded cloud left running overflowed Aedes' stack (see blastPublishers).
        stoppedBy = 'not held';
        break;
      }
      if (o.profileMs > 0 && amps <= PROFILE_MAX_AMPS) {
        // where the CPU goes at the largest N held so far (the window above is measured without the profiler)
        await agents.call({ op: 'publishing', on: true });
        await sleep(Math.min(o.warmupMs, 2000));
        profile = { amps, ...(await profileFor(o.profileMs)) };
        await agents.call({ op: 'publishing', on: false });
      }
    }
    if (o.check) {
      // publishing is off: wait until the last messages are stored (nothing new for half a second)
      for (let seen = -1, i = 0; seen !== arrivals.count && i < 20; i++) {
        seen = arrivals.count;
        await sleep(500);
      }
      check = await compareShadows(cloud, agents, token, venueId);
    }
  } finally {
    cloud.onStored = undefined;
    await agents.closeAll();
    await cloud.close();
  }
  const held = steps.filter((s) => s.held);
  return {
    driver,
    steps,
    largestHeld: held.length > 0 ? Math.max(...held.map((s) => s.amps)) : 0,
    stoppedBy,
    ...(profile ? { profile } : {}),
    ...(check ? { check } : {}),
  };
}

/** Every device's stored shadow, read through POST /venues/{id}/devices/attributes, against its last payload. */
async function compareShadows(cloud: CloudUnderTest, agents: Agents, token: string, venueId: string) {
  const { payloads } = await agents.call({ op: 'last' });
  const expected = new Map(Object.entries(payloads));
  const reply = await api<DeviceAttributesReply>(
    cloud,
    'POST',
    fillPath(DEVICE_PATHS.attributes, { venueId }),
    {},
    token,
  );
  let equal = 0;
  for (const d of reply.devices) {
    const sent = expected.get(d.deviceId);
    if (sent && isDeepStrictEqual(d.shadowAttributes.reported, JSON.parse(sent))) equal++;
  }
  return { devices: reply.devices.length, equal };
}

/** A bare Aedes (no authentication, no database) on a free port, with one mqtt.js subscriber to every reported. */
async function startBareBroker(arrivals: Arrivals) {
  const broker = await Aedes.createBroker();
  const server: Server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const subscriber = connect(url, { clientId: 'bench-subscriber', clean: true }).on('error', () => undefined);
  await new Promise<void>((resolve) => subscriber.once('connect', () => resolve()));
  let bytes = 0;
  subscriber.on('message', (_topic, payload) => {
    bytes += payload.length;
    // the agents put `ts` first: {"ts":1234,...
    const end = payload.indexOf(44); // ','
    arrivals.add(Number(payload.subarray(6, end).toString('latin1')), now());
  });
  await subscriber.subscribeAsync('rackside/devices/+/reported', { qos: 1 });
  return {
    url,
    bytes: () => bytes,
    close: async () => {
      await subscriber.endAsync(true);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function rampBare(
  amps: readonly number[],
  agents: Agents,
  o: Required<IngestOptions>,
): Promise<IngestResult['bare']> {
  const arrivals = new Arrivals();
  const started = performance.now();
  const say = (message: string) =>
    o.progress(`[bare broker ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);
  const bare = await startBareBroker(arrivals);
  const steps: BareStep[] = [];
  let throughput: IngestResult['bare']['throughput'];
  try {
    let connected = 0;
    for (const n of amps) {
      const devices = Array.from({ length: n - connected }, (_, i) => ({
        deviceId: `bare-${connected + i}`,
        password: 'x',
      }));
      connected = n;
      arrivals.reset();
      const added = await agents.call({
        op: 'add',
        url: bare.url,
        devices,
        payload: o.payload,
        intervalMs: o.intervalMs,
        keepaliveS: o.keepaliveS,
        concurrency: o.connectConcurrency,
      });
      await waitFor(() => arrivals.count >= added.connected, 60_000);
      say(`${n} amps: ${added.connected} connected in ${(added.connectMs / 1000).toFixed(1)} s; measuring`);
      const w = await measureWindow(agents, arrivals, { ...o, measureMs: o.bareMeasureMs });
      steps.push({ amps: n, published: w.published, received: w.stored, latency: w.latency, brokerCpu: w.cpu });
    }
    const publishers = Math.min(connected, o.blastPublishers);
    say(`throughput: ${publishers} publishers back to back`);
    arrivals.reset();
    const bytes0 = bare.bytes();
    const t0 = performance.now();
    await agents.call({ op: 'blast', publishers, durationMs: o.blastMs });
    const wall = (performance.now() - t0) / 1000;
    throughput = {
      publishers,
      messagesPerS: arrivals.count / wall,
      mbPerS: (bare.bytes() - bytes0) / 2 ** 20 / wall,
    };
  } finally {
    await agents.closeAll();
    await bare.close();
  }
  return { steps, throughput };
}

/** The shadow-ingest ramp on each database, then the bare broker at the same sizes. */
export async function benchShadowIngest(options: IngestOptions): Promise<IngestResult> {
  const o: Required<IngestOptions> = {
    drivers: ['pglite'],
    postgresUrl: DEFAULT_POSTGRES_URL,
    payload: 'amp',
    intervalMs: 10_000,
    keepaliveS: 5,
    measureMs: 20_000,
    warmupMs: 5000,
    drainMs: 10_000,
    budgetMs: 6 * 60_000,
    connectConcurrency: 50,
    bareMeasureMs: 10_000,
    blastMs: 5000,
    blastPublishers: 100,
    profileMs: 0,
    check: false,
    progress: () => undefined,
    ...options,
  };
  for (const d of o.drivers) if (d !== 'pglite' && d !== 'postgres') throw new Error(`unknown database '${String(d)}'`);
  if (o.payload !== 'amp' && o.payload !== 'small') throw new Error(`unknown payload '${String(o.payload)}'`);
  const agents = Agents.start();
  const runs: IngestRun[] = [];
  let bare: IngestResult['bare'];
  try {
    for (const driver of o.drivers) runs.push(await rampCloud(driver, agents, o));
    const largest = Math.max(...runs.map((r) => r.steps.at(-1)?.amps ?? 0));
    bare = await rampBare(
      o.steps.filter((n) => n <= largest),
      agents,
      o,
    );
  } finally {
    await agents.stop();
  }
  return { payloadBytes: payloadBytes(o.payload), intervalMs: o.intervalMs, runs, bare };
}

/** The size of one reported payload as the agents send it. */
const payloadBytes = (kind: ShadowPayload): number =>
  Buffer.byteLength(fillShadow(shadowTemplate(kind), Date.now(), -12.3));

// ---- REST at a fixed rate ----

/** Options of benchRest. */
export interface RestOptions {
  /** Requests per second (default 200). */
  readonly rate?: number;
  /** Measured time per route and server (default 10 s), after a warm-up (default 1 s). */
  readonly durationMs?: number;
  readonly warmupMs?: number;
  /** Venues of the user (GET /venues lists them; default 10). */
  readonly venues?: number;
  /** Amps in the venue whose attributes are asked for, each with its real reported shadow (default 5). */
  readonly devices?: number;
  readonly driver?: CloudDriver;
  readonly postgresUrl?: string;
  /** Requests one after another (closed loop) before the open-loop run, per route and server (default 200). */
  readonly serial?: number;
  /** CPU-profile the cloud process during its open-loop run of each route for this long (0: no profile). */
  readonly profileMs?: number;
}

/** One route against its bare twin. */
export interface RestCase {
  readonly route: string;
  readonly replyBytes: number;
  readonly cloud: Latency;
  readonly bare: Latency;
  /** Sent → reply, without the generator's lateness (p50/p99). */
  readonly cloudService: Latency;
  readonly bareService: Latency;
  readonly ratioP50: number;
  readonly ratioP99: number;
  /** Requests that did not answer 200 (cloud, bare). */
  readonly failures: readonly [number, number];
  /** p99 of how late the generator sent (ms), for cloud and bare: large means the generator fell behind. */
  readonly sendLagP99: readonly [number, number];
  /** One request at a time (closed loop): cloud and bare, and the cloud's requests/s at that pace. */
  readonly serialCloud: Latency;
  readonly serialBare: Latency;
  readonly serialCloudPerS: number;
  readonly loadAverage: number;
  readonly profile?: CpuProfileSummary;
}

export interface RestResult {
  readonly rate: number;
  readonly durationMs: number;
  readonly driver: CloudDriver;
  readonly venues: RestCase;
  readonly attributes: RestCase;
  /** The attributes reply listed every amp with the shadow it published. */
  readonly check: { readonly venues: number; readonly devices: number; readonly shadowsMatch: boolean };
}

const failuresOf = (r: LoadResult): number =>
  Object.entries(r.statuses).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), r.errors);

/** Cloud routes and their bare Fastify twins at the same fixed rate, one after the other. */
export async function benchRest(options: RestOptions = {}): Promise<RestResult> {
  const rate = options.rate ?? 200;
  const durationMs = options.durationMs ?? 10_000;
  const warmupMs = options.warmupMs ?? 1000;
  const venueCount = options.venues ?? 10;
  const deviceCount = options.devices ?? 5;
  const driver = options.driver ?? 'pglite';
  const serialCount = options.serial ?? 200;
  const profileMs = options.profileMs ?? 0;
  const cloud = await startCloud(driver, options.postgresUrl);
  const agents = Agents.start();
  const load = Child.start('cloud-load.ts');
  let bare: FastifyInstance | undefined;
  try {
    const token = await signedInUser(cloud);
    const venueIds: string[] = [];
    for (let i = 0; i < venueCount; i++)
      venueIds.push(await createVenue(cloud, token, `Venue ${String(i + 1).padStart(2, '0')}`));
    const venueId = venueIds[0]!;
    const devices = await registerDevices(cloud, token, venueId, deviceCount, 0);
    let stored = 0;
    cloud.onStored = () => stored++;
    const added = await agents.call({
      op: 'add',
      url: cloud.mqtt.deviceUrl,
      devices,
      payload: 'amp',
      intervalMs: 10_000,
      keepaliveS: 5,
      concurrency: 10,
      keepLast: true,
    });
    await waitFor(() => stored >= added.connected, 30_000);
    await sleep(200); // the online status may land after the shadow
    cloud.onStored = undefined;

    // what the cloud answers, and a bare Fastify answering the same JSON
    const auth = { authorization: `Bearer ${token}` };
    const venuesPath = VENUE_PATHS.venues;
    const attributesPath = fillPath(DEVICE_PATHS.attributes, { venueId });
    const venuesReply = await fetch(`${cloud.api}${venuesPath}`, { headers: auth }).then((r) => r.text());
    const attributesReply = await fetch(`${cloud.api}${attributesPath}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.text());
    const { payloads } = await agents.call({ op: 'last' });
    const attributes = JSON.parse(attributesReply) as DeviceAttributesReply;
    const shadowsMatch =
      attributes.devices.length === deviceCount &&
      attributes.devices.every(
        (d) =>
          d.deviceAttributes.connected &&
          isDeepStrictEqual(d.shadowAttributes.reported, JSON.parse(payloads[d.deviceId] ?? 'null')),
      );
    const venueList = JSON.parse(venuesReply) as { venues: unknown[] };

    bare = Fastify({ logger: false });
    const venuesBody = JSON.parse(venuesReply) as object;
    const attributesBody = JSON.parse(attributesReply) as object;
    bare.get(`/api${venuesPath}`, () => venuesBody);
    bare.post('/api/venues/:venueId/devices/attributes', () => attributesBody);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareApi = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/api`;

    const run = (base: string, method: 'GET' | 'POST', path: string, serial?: number) =>
      load.call<LoadResult>({
        url: `${base}${path}`,
        method,
        headers: auth,
        ...(method === 'POST' ? { body: '{}' } : {}),
        rate,
        durationMs,
        warmupMs,
        ...(serial !== undefined ? { serial } : {}),
      } satisfies LoadRequest);
    const measure = async (route: string, method: 'GET' | 'POST', path: string): Promise<RestCase> => {
      const sc = await run(cloud.api, method, path, serialCount);
      const sb = await run(bareApi, method, path, serialCount);
      const profiling =
        profileMs > 0 ? sleep(warmupMs).then(() => profileFor(Math.min(profileMs, durationMs))) : undefined;
      const c = await run(cloud.api, method, path);
      const profile = await profiling;
      const b = await run(bareApi, method, path);
      const cloudLatency = summarize(c.latencies);
      const bareLatency = summarize(b.latencies);
      return {
        route,
        replyBytes: c.replyBytes,
        cloud: cloudLatency,
        bare: bareLatency,
        cloudService: summarize(c.serviceTimes),
        bareService: summarize(b.serviceTimes),
        ratioP50: cloudLatency.p50 / bareLatency.p50,
        ratioP99: cloudLatency.p99 / bareLatency.p99,
        failures: [failuresOf(c), failuresOf(b)],
        sendLagP99: [c.sendLagP99, b.sendLagP99],
        serialCloud: summarize(sc.latencies),
        serialBare: summarize(sb.latencies),
        serialCloudPerS: sc.achievedRate,
        loadAverage: loadavg()[0] ?? 0,
        ...(profile ? { profile } : {}),
      };
    };
    const venues = await measure('GET /api/venues', 'GET', venuesPath);
    const attributesCase = await measure('POST /api/venues/{id}/devices/attributes', 'POST', attributesPath);
    return {
      rate,
      durationMs,
      driver,
      venues,
      attributes: attributesCase,
      check: { venues: venueList.venues.length, devices: attributes.devices.length, shadowsMatch },
    };
  } finally {
    await bare?.close();
    await load.stop();
    await agents.stop();
    await cloud.close();
  }
}

// ---- printing (run.ts) ----

const pctOf = (v: number): string => `${(v * 100).toFixed(v < 0.1 ? 1 : 0)} %`;
const lat = (l: Latency): string =>
  Number.isFinite(l.p99) ? `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}` : `p50 ${ms(l.p50)}, p99 ∞ (messages missing)`;
const ratio = (a: number, b: number): string => (Number.isFinite(a) && b > 0 ? x(a / b) : '∞');

/** The shadow-ingest result as printed lines. */
export function formatIngest(r: IngestResult): string[] {
  const out: string[] = [];
  out.push(
    `cloud shadow ingest — N emulated amps (plain mqtt.js clients in a child process, each registered through ` +
      `POST /api/devices/register), each publishing a reported-state change every ${r.intervalMs / 1000} s ` +
      `(${(r.payloadBytes / 1024).toFixed(1)} KB shadow, QoS 1, retained) + 5 s keepalive pings; cloud in this ` +
      `process (embedded Aedes, service client, ingestion); state → database = payload ts → upsert committed`,
  );
  const bareAt = new Map(r.bare.steps.map((b) => [b.amps, b]));
  for (const run of r.runs) {
    for (const s of run.steps) {
      const b = bareAt.get(s.amps);
      out.push(
        `  [${run.driver}] ${String(s.amps).padStart(5)} amps: state → db ${lat(s.latency)} ` +
          `(${s.stored}/${s.published} stored, ${s.storedPerS.toFixed(0)}/s)` +
          (b
            ? ` | bare broker publish → subscriber ${lat(b.latency)}, ratio p99 ${ratio(s.latency.p99, b.latency.p99)}`
            : '') +
          ` | cloud ELU ${pctOf(s.cloudElu)}, CPU ${pctOf(s.cloudCpu)} (${ms(s.cpuMsPerStored)} per message stored); ` +
          `agents CPU ${pctOf(s.agentsCpu)}; ` +
          `load ${s.loadAverage.toFixed(1)}${s.held ? '' : ' — NOT HELD'}`,
      );
      out.push(
        `           new amps: ${s.registeredViaApi} registered through the API` +
          `${s.newAmps > s.registeredViaApi ? ` + ${s.newAmps - s.registeredViaApi} inserted` : ''} in ` +
          `${(s.registerMs / 1000).toFixed(1)} s, connected in ${(s.connectMs / 1000).toFixed(1)} s` +
          `${s.connectFailed > 0 ? `, ${s.connectFailed} connections failed` : ''}${s.dropped > 0 ? `, ${s.dropped} dropped` : ''}`,
      );
    }
    out.push(
      `  [${run.driver}] largest N held with p99 < ${INGEST_P99_TARGET_MS} ms: ${run.largestHeld} ` +
        `(target ${INGEST_TARGET_AMPS}; ramp ended: ${run.stoppedBy}) ` +
        `${run.largestHeld >= INGEST_TARGET_AMPS ? 'PASS' : 'BELOW TARGET'}`,
    );
    out.push(
      ...profileLines(`[${run.driver}] profile of the cloud process at ${run.profile?.amps ?? 0} amps`, run.profile),
    );
    if (run.check)
      out.push(
        `  [${run.driver}] check: ${run.check.equal} of ${run.check.devices} stored shadows equal the last published`,
      );
  }
  const t = r.bare.throughput;
  out.push(
    `  bare Aedes throughput: ${t.publishers} publishers back to back (QoS 1, one in flight each) → ` +
      `${t.messagesPerS.toFixed(0)} messages/s at one subscriber (${t.mbPerS.toFixed(1)} MB/s); a fleet of N needs N / ${r.intervalMs / 1000} per s`,
  );
  return out;
}

function profileLines(title: string, p: CpuProfileSummary | undefined): string[] {
  if (!p) return [];
  const list = (e: CpuProfileSummary['byCategory']) => e.map((c) => `${c.what} ${pctOf(c.share)}`).join('; ');
  return [
    `  ${title} (${(p.wallMs / 1000).toFixed(1)} s, busy ${pctOf(p.busyShare)} of samples; shares of busy):`,
    `    by package: ${list(p.byCategory)}`,
    `    top functions (self): ${list(p.topFunctions.slice(0, 8))}`,
  ];
}

function restLines(c: RestCase): string[] {
  return [
    `  ${c.route} (${(c.replyBytes / 1024).toFixed(1)} KB): ${lat(c.cloud)} ` +
      `(bare Fastify, same JSON: ${lat(c.bare)}; ratio p50 ${x(c.ratioP50)}, p99 ${x(c.ratioP99)})`,
    `    sent → reply: cloud ${lat(c.cloudService)}, bare ${lat(c.bareService)}; generator late p99 ` +
      `${ms(c.sendLagP99[0])} / ${ms(c.sendLagP99[1])}; non-200: ${c.failures[0]} / ${c.failures[1]}; load ${c.loadAverage.toFixed(1)}`,
    `    one at a time (closed loop, ${c.serialCloud.samples} requests): cloud ${lat(c.serialCloud)} ` +
      `(= ${c.serialCloudPerS.toFixed(0)} requests/s on one connection), bare ${lat(c.serialBare)}`,
    ...profileLines(`profile of the cloud process during the ${c.route} run`, c.profile),
  ];
}

/** The REST result as printed lines. */
export function formatRest(r: RestResult): string[] {
  return [
    `cloud REST at ${r.rate} requests/s, open loop (fixed schedule, latency from when each was due), ` +
      `${r.durationMs / 1000} s per route and server, keep-alive, generator in a child process; ${r.driver}, ` +
      `${r.check.venues} venues, ${r.check.devices} amps with real shadows in the one asked for`,
    ...restLines(r.venues),
    ...restLines(r.attributes),
    `  check: the attributes listed ${r.check.devices} amps, ${r.check.shadowsMatch ? 'each online with the shadow it published' : 'NOT matching what was published'}`,
  ];
}
