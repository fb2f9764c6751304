/**
 * benchNodes (issue 20): the cloud as several nodes — `npm run cloud` processes on one PostgreSQL and one external
 * broker (the machine's Mosquitto), subscribed as `$share/{group}/…` (MQTT_SHARE_GROUP) — ingesting the shadows of
 * N emulated amps per node (agents.ts: plain mqtt.js clients, each publishing its reported shadow every interval), with
 * 1 node, then 3 nodes: the same rate per node (a node's cost per message depends on its rate: batches fill less at a
 * lower one).
 *
 * On a machine of two cores, three nodes cannot show three times the throughput of one (they share the cores with
 * the broker, PostgreSQL and the agents), so the figure is the issue's other one: the CPU each message costs, summed
 * over the nodes, which stays flat as nodes are added when the work is split (each message ingested by one node) and
 * would triple if every node ingested every message. Beside it, in the same run: a bare mqtt.js subscriber on the same
 * broker and filter, reading each shadow as JSON (bare-subscriber.ts), and Mosquitto's and PostgreSQL's own CPU per
 * message. State → database: a stored row's write time minus its payload's `ts`, over the rows written in the window.
 * From the CPU per message: the amps one core ingests, and the nodes 100,000 amps need. After the window, with the
 * fleet still publishing: change → browser (live-latency.ts), a signed-in user's live stream open on every node and amps'
 * statuses changed through the broker.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloudProcess, createThrowawayPostgres, startTestSmtpServer, type CloudProcess } from '@rackside/cloud/testing';
import pg from 'pg';
import { sleep } from '../stats';
import { Agents, Child } from './children';
import { DEFAULT_POSTGRES_URL, insertDevices } from './cloud-under-test';
import { measureLiveLatency, signUpThroughApi, type LiveLatency } from './live-latency';
import type { BareSubscriberReplies, BareSubscriberRequest } from './bare-subscriber';
import type { ShadowPayload } from './payload';

/** Options of benchNodes. */
export interface NodesOptions {
  /** Node counts, in order (default 1 and 3). */
  readonly nodeCounts?: readonly number[];
  /** Emulated amps per node (default 2000): the same load per node at every node count. */
  readonly amps?: number;
  /** Each amp publishes its shadow this often (ms; default 4000: 500 messages/s with 2000 amps). */
  readonly intervalMs?: number;
  readonly payload?: ShadowPayload;
  /** Measured window and warm-up per node count (ms; defaults 20 s and 8 s). */
  readonly measureMs?: number;
  readonly warmupMs?: number;
  /** The idle window before the amps publish (ms; default 5 s). */
  readonly idleMs?: number;
  /** PostgreSQL server (a bench database is created there per node count, and dropped). */
  readonly postgresUrl?: string;
  /** The external broker, with shared subscriptions (default the machine's Mosquitto). */
  readonly mqttUrl?: string;
  /** Ports of the nodes: basePort, basePort + 1, … (default 8150). */
  readonly basePort?: number;
  /** Status changes timed to the browsers' live streams per node count (default 100). */
  readonly liveChanges?: number;
  readonly progress?: (line: string) => void;
}

/** One node count's window. */
export interface NodesStep {
  readonly nodes: number;
  /** Shadows the agents published in the window, per second. */
  readonly publishedPerS: number;
  /** CPU of every node together, per message published (ms). */
  readonly cloudCpuMsPerMessage: number;
  /** The same less what the nodes spend idle (measured before the amps publish): the cost of ingestion itself. */
  readonly marginalCpuMsPerMessage: number;
  /** Every node together, idle, as a share of one core. */
  readonly idleCpu: number;
  /** Each node's share of one core over the window (0–1). */
  readonly nodeCpu: readonly number[];
  /** Mosquitto's and PostgreSQL's CPU per message (ms; undefined when their processes are not readable). */
  readonly brokerCpuMsPerMessage: number | undefined;
  readonly databaseCpuMsPerMessage: number | undefined;
  /** State → database over the rows written in the window (ms). */
  readonly storeP50Ms: number;
  readonly storeP99Ms: number;
  /** The amps of this node count (amps per node × nodes). */
  readonly amps: number;
  /** Rows written in the window (each amp's newest shadow) and amps whose stored shadow is its last published one. */
  readonly rowsWritten: number;
  readonly ampsCurrent: number;
  readonly loadAverage: number;
  /** Change → browser: a status change ingested by one node, timed to the live stream on every node. */
  readonly live: LiveLatency;
}

/** What benchNodes measured. */
export interface NodesResult {
  readonly amps: number;
  readonly intervalMs: number;
  readonly steps: readonly NodesStep[];
  /** The bare subscriber at the same offered rate: its CPU per message (ms), messages per second it read. */
  readonly bare: { readonly cpuMsPerMessage: number; readonly messagesPerS: number };
}

/** A reported shadow every 10 s per amp: what an amp publishes at most when its state keeps changing (REPORTED_THROTTLE 1 s is the floor). */
export const PROJECTION_INTERVAL_S = 10;
/** A node is planned at this share of its core, leaving room for storms and the REST API. */
export const PROJECTION_CORE_SHARE = 0.6;

/** Ticks of /proc/{pid}/stat (utime + stime) in ms: USER_HZ is 100 on Linux. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Ids of the processes whose command name is `comm` (mosquitto, postgres). */
function pidsNamed(comm: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU of a set of processes (ms), the ones that ended meanwhile left out. */
const cpuOfAll = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + (cpuMsOf(pid) ?? 0), 0);

const loadAverage = (): number => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** The bare subscriber child, typed. */
class BareSubscriber {
  private constructor(private readonly child: Child) {}
  static start(): BareSubscriber {
    return new BareSubscriber(Child.start('bare-subscriber.ts'));
  }
  call<K extends BareSubscriberRequest['op']>(
    request: Extract<BareSubscriberRequest, { op: K }>,
  ): Promise<BareSubscriberReplies[K]> {
    return this.child.call<BareSubscriberReplies[K]>(request);
  }
  async stop(): Promise<void> {
    await this.call({ op: 'close' }).catch(() => undefined);
    await this.child.stop();
  }
}

/** `amps` devices in the database, in the venue of the user who signed up as `email`; their credentials. */
async function seed(pool: pg.Pool, email: string, venueId: string, amps: number) {
  const user = await pool.query<{ id: string }>('select id from users where lower(email) = lower($1)', [email]);
  const execute = async (query: string) => pool.query(query);
  return insertDevices({ execute }, user.rows[0]?.id ?? '', venueId, amps, 0);
}

/** Runs the node counts one after another, each on a fresh database, then the bare subscriber. */
export async function benchNodes(opts: NodesOptions = {}): Promise<NodesResult> {
  const nodeCounts = opts.nodeCounts ?? [1, 3];
  const amps = opts.amps ?? 2000;
  const intervalMs = opts.intervalMs ?? 4000;
  const measureMs = opts.measureMs ?? 20_000;
  const warmupMs = opts.warmupMs ?? 8000;
  const idleMs = opts.idleMs ?? 5000;
  const mqttUrl = opts.mqttUrl ?? 'mqtt://127.0.0.1:1883';
  const postgresUrl = opts.postgresUrl ?? DEFAULT_POSTGRES_URL;
  const basePort = opts.basePort ?? 8150;
  const progress = opts.progress ?? (() => undefined);
  const payload = opts.payload ?? 'amp';
  const steps: NodesStep[] = [];
  const agents = Agents.start();
  let bare: NodesResult['bare'] | undefined;
  try {
    for (const n of nodeCounts) {
      progress(`cloud nodes: ${n} node(s), ${amps * n} amps every ${intervalMs / 1000} s`);
      steps.push(await oneCount(n));
      await agents.closeAll();
    }
    progress('cloud nodes: the bare subscriber');
    bare = await bareRun();
  } finally {
    await agents.stop();
  }
  return { amps, intervalMs, steps, bare };

  async function bareRun(): Promise<NodesResult['bare']> {
    const bareSub = BareSubscriber.start();
    const postgres = await createThrowawayPostgres(postgresUrl, 'rackside_bench_nodes');
    const pool = readerPool(postgres.url);
    try {
      // devices are only names here: the broker is anonymous, and nothing is stored
      const tag = randomBytes(4).toString('hex');
      const devices = Array.from({ length: amps }, (_, i) => ({ deviceId: `bare-${tag}-${i}`, password: 'x' }));
      await bareSub.call({ op: 'subscribe', url: mqttUrl, filter: 'rackside/devices/+/reported' });
      await agents.call({ op: 'add', url: mqttUrl, devices, payload, intervalMs, keepaliveS: 5, concurrency: 50 });
      await agents.call({ op: 'publishing', on: true });
      await sleep(warmupMs);
      await bareSub.call({ op: 'count' });
      const t0 = Date.now();
      await sleep(measureMs);
      const counted = await bareSub.call({ op: 'count' });
      const wallS = (Date.now() - t0) / 1000;
      await agents.call({ op: 'publishing', on: false });
      await agents.closeAll(); // their last wills go out: cleared below
      await clearRetained(devices.map((d) => d.deviceId));
      return { cpuMsPerMessage: counted.cpuMs / Math.max(1, counted.messages), messagesPerS: counted.messages / wallS };
    } finally {
      await bareSub.stop();
      await pool.end();
      await postgres.drop();
    }
  }

  /** Clears the retained shadows and statuses the agents left on the broker (Mosquitto keeps them across runs). */
  async function clearRetained(deviceIds: readonly string[]): Promise<void> {
    const { connect } = await import('mqtt');
    const c = connect(mqttUrl, { clientId: `bench-clear-${randomUUID()}`, reconnectPeriod: 0 });
    await new Promise<void>((resolve, reject) => c.once('connect', () => resolve()).once('error', reject));
    for (const id of deviceIds) {
      for (const kind of ['reported', 'status'])
        await c.publishAsync(`rackside/devices/${id}/${kind}`, '', { qos: 1, retain: true });
    }
    await c.endAsync();
  }

  async function oneCount(n: number): Promise<NodesStep> {
    const postgres = await createThrowawayPostgres(postgresUrl, 'rackside_bench_nodes');
    const firmwareDir = mkdtempSync(join(tmpdir(), 'rackside-bench-nodes-'));
    const pool = readerPool(postgres.url);
    const nodes: CloudProcess[] = [];
    const smtp = await startTestSmtpServer();
    const env = {
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      // one service: a token issued by one node is good on every node (its issuer is the public URL)
      PUBLIC_URL: `http://127.0.0.1:${basePort}`,
      DATABASE_URL: postgres.url,
      MQTT_URL: mqttUrl,
      MQTT_SHARE_GROUP: `bench-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      FIRMWARE_DIR: firmwareDir,
      DATA_DIR: firmwareDir,
    };
    let deviceIds: string[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const node = cloudProcess({ port: basePort + i, env });
        nodes.push(node);
        await node.start(); // the first one migrates the database
      }
      // what the nodes spend with nothing to ingest (their timers: rollouts, sweeps, re-checks), once started
      const pids = nodes.map((node) => node.pid() ?? -1);
      await sleep(2000);
      const nodesCpu = () => pids.reduce((sum, pid) => sum + (cpuMsOf(pid) ?? 0), 0);
      const idle0 = nodesCpu();
      const idleStart = Date.now();
      await sleep(idleMs);
      const idleRate = (nodesCpu() - idle0) / (Date.now() - idleStart);
      const user = await signUpThroughApi(nodes[0]!.api, smtp);
      const devices = await seed(pool, user.email, user.venueId, amps * n);
      deviceIds = devices.map((d) => d.deviceId);
      const added = await agents.call({
        op: 'add',
        url: mqttUrl,
        devices,
        payload,
        intervalMs,
        keepaliveS: 5,
        concurrency: 50,
        keepLast: true,
      });
      if (added.failed > 0) progress(`  ${added.failed} agents failed to connect: ${added.firstError ?? ''}`);
      await agents.call({ op: 'publishing', on: true });
      await sleep(warmupMs);

      const broker = pidsNamed('mosquitto');
      const database = pidsNamed('postgres');
      await agents.call({ op: 'count', from: 0, to: 0 });
      const t0 = Date.now();
      const cpu0 = pids.map((pid) => cpuMsOf(pid) ?? 0);
      const broker0 = cpuOfAll(broker);
      const database0 = cpuOfAll(database);
      await sleep(measureMs);
      const t1 = Date.now();
      const cpu1 = pids.map((pid) => cpuMsOf(pid) ?? 0);
      const broker1 = cpuOfAll(broker);
      const database1 = cpuOfAll(database);
      const { published } = await agents.call({ op: 'count', from: t0, to: t1 });
      const wallMs = t1 - t0;
      // what the window wrote (before the live measure below rewrites every row)
      const latency = await pool.query<{ p50: number | null; p99: number | null; rows: number }>(
        `select percentile_cont(0.5) within group (order by d) as p50, percentile_cont(0.99) within group (order by d) as p99,
                count(*)::int as rows
           from (select extract(epoch from updated_at) * 1000 - (reported->>'ts')::float8 as d
                   from device_shadows where updated_at >= $1 and updated_at < $2) w`,
        [new Date(t0), new Date(t1)],
      );
      progress(`  change → browser: ${opts.liveChanges ?? 100} status changes, a live stream on each node`);
      const live = await measureLiveLatency({
        apis: nodes.map((node) => node.api),
        token: user.token,
        mqttUrl,
        deviceIds: deviceIds.slice(0, 50),
        changes: opts.liveChanges ?? 100,
      });
      const nodeCpuMs = cpu1.map((c, i) => c - (cpu0[i] ?? 0));
      const sum = nodeCpuMs.reduce((a, b) => a + b, 0);

      // the newest shadows in, then what the window wrote
      await agents.call({ op: 'publishing', on: false });
      await sleep(3000);
      const { payloads } = await agents.call({ op: 'last' });
      const stored = await pool.query<{ device_id: string; ts: string }>(
        `select device_id, reported->>'ts' as ts from device_shadows`,
      );
      const lastTs = new Map(
        Object.entries(payloads).map(([id, text]) => [id, String((JSON.parse(text) as { ts: number }).ts)]),
      );
      const current = stored.rows.filter((r) => lastTs.get(r.device_id) === r.ts).length;
      const row = latency.rows[0];
      return {
        nodes: n,
        publishedPerS: (published / wallMs) * 1000,
        cloudCpuMsPerMessage: sum / Math.max(1, published),
        marginalCpuMsPerMessage: (sum - idleRate * wallMs) / Math.max(1, published),
        idleCpu: idleRate,
        nodeCpu: nodeCpuMs.map((c) => c / wallMs),
        brokerCpuMsPerMessage: broker.length > 0 ? (broker1 - broker0) / Math.max(1, published) : undefined,
        databaseCpuMsPerMessage: database.length > 0 ? (database1 - database0) / Math.max(1, published) : undefined,
        storeP50Ms: Number(row?.p50 ?? Number.NaN),
        storeP99Ms: Number(row?.p99 ?? Number.NaN),
        rowsWritten: row?.rows ?? 0,
        amps: amps * n,
        ampsCurrent: current,
        loadAverage: loadAverage(),
        live,
      };
    } finally {
      await agents.closeAll().catch(() => undefined);
      await Promise.all(nodes.map((node) => node.stop()));
      await clearRetained(deviceIds).catch(() => undefined);
      await pool.end();
      await postgres.drop().catch(() => undefined);
      await smtp.stop().catch(() => undefined);
      rmSync(firmwareDir, { recursive: true, force: true });
    }
  }
}

/** The lines run.ts prints. */
export function formatNodes(r: NodesResult): string[] {
  const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'n/a' : `${v.toFixed(3)} ms`);
  const out = [
    `cloud nodes — ${r.amps} amps per node each publishing its reported shadow every ${r.intervalMs / 1000} s to the ` +
      `machine's Mosquitto; N \`npm run cloud\` processes on one PostgreSQL, subscribed as $share/{group}/…`,
  ];
  const one = r.steps[0];
  for (const s of r.steps) {
    const times = (a: number, b: number) => (one && s !== one ? ` (×${(a / b).toFixed(2)} of 1 node)` : '');
    const flat = times(s.cloudCpuMsPerMessage, one?.cloudCpuMsPerMessage ?? 1);
    const flatMarginal = times(s.marginalCpuMsPerMessage, one?.marginalCpuMsPerMessage ?? 1);
    out.push(
      `  ${s.nodes} node(s): ${s.publishedPerS.toFixed(0)} messages/s; cloud CPU ${ms(s.cloudCpuMsPerMessage)} per ` +
        `message over all nodes${flat}, of which ingestion ${ms(s.marginalCpuMsPerMessage)}${flatMarginal} and idle ` +
        `timers ${(s.idleCpu * 100).toFixed(1)} % of a core; per node ${s.nodeCpu.map((c) => `${(c * 100).toFixed(0)} %`).join(' / ')} of a core; ` +
        `bare subscriber ${ms(r.bare.cpuMsPerMessage)}, ratio ×${(s.cloudCpuMsPerMessage / r.bare.cpuMsPerMessage).toFixed(1)}; ` +
        `Mosquitto ${ms(s.brokerCpuMsPerMessage)}, PostgreSQL ${ms(s.databaseCpuMsPerMessage)} per message; ` +
        `state → database p50 ${ms(s.storeP50Ms)}, p99 ${ms(s.storeP99Ms)} (${s.rowsWritten} rows written in the ` +
        `window; ${s.ampsCurrent}/${s.amps} amps' newest shadow stored); load ${s.loadAverage.toFixed(1)}`,
      `    change → browser (a status change published → the live stream's event, ${s.live.streams} stream(s), one per ` +
        `node): p50 ${ms(s.live.p50Ms)}, p99 ${ms(s.live.p99Ms)}, max ${ms(s.live.maxMs)} over ${s.live.receipts} ` +
        `receipts of ${s.live.changes} changes, ${s.live.missing} missing after 5 s; target p99 < 1 s: ` +
        (s.live.missing === 0 && s.live.p99Ms < 1000 ? 'PASS' : 'ABOVE TARGET'),
    );
  }
  const last = r.steps.at(-1);
  if (last) {
    const perCore = (1000 / last.marginalCpuMsPerMessage) * PROJECTION_INTERVAL_S * PROJECTION_CORE_SHARE;
    out.push(
      `  projection: at ${last.marginalCpuMsPerMessage.toFixed(3)} ms of ingestion per message, one node on one core at ` +
        `${PROJECTION_CORE_SHARE * 100} % holds ${Math.floor(perCore)} amps publishing every ${PROJECTION_INTERVAL_S} s; ` +
        `100,000 amps need ${Math.ceil(100_000 / perCore)} nodes` +
        (last.databaseCpuMsPerMessage !== undefined
          ? `, and PostgreSQL ${(((100_000 / PROJECTION_INTERVAL_S) * last.databaseCpuMsPerMessage) / 1000).toFixed(1)} cores ` +
            `(${(100_000 / PROJECTION_INTERVAL_S).toFixed(0)} shadow writes/s)`
          : ''),
    );
  }
  return out;
}

/**
 * A small pool for reading what the nodes wrote. `pool.end()` resolves once its clients are asked to end, not once
 * their connections are gone, so the database's `drop … with (force)` right after may still terminate one: its
 * FATAL 57P01 reaches the idle client's pool, which must not throw it as an uncaught error (a CI run failed so).
 */
function readerPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}
