/**
 * benchShadowIngest: N emulated amps (agents.ts, a child process of plain mqtt.js clients, each registered through
 * the real cloud: a registration token, then POST /api/devices/register) publish a reported-state change every 10 s
 * plus keepalive pings, against the cloud as `npm run cloud` starts it (embedded Aedes broker, PGlite in a data
 * folder, or PostgreSQL). State → database latency: the payload's `ts` (publish time) to the moment the upsert of
 * that message has committed (startMqtt's `onReportedStored` hook). N ramps up until the p99 reaches 1 s or the
 * time budget ends. Baseline (bare-broker.ts): a bare Aedes, the same agents and payloads, one mqtt.js subscriber.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { call, createVenue } from '@rackside/cloud/testing';
import { DEVICE_PATHS, fillPath, type DeviceAttributesReply } from '@rackside/protocol';
import { sleep, type Latency } from '../stats';
import { rampBare } from './bare-broker';
import { Agents } from './children';
import {
  DEFAULT_POSTGRES_URL,
  insertDevices,
  registerDevices,
  signedInUser,
  startCloud,
  userIdOf,
  type CloudDriver,
  type CloudUnderTest,
} from './cloud-under-test';
import { fillShadow, shadowTemplate, type ShadowPayload } from './payload';
import { profileFor, type CpuProfileSummary } from './profile';
import { Arrivals, measureWindow, waitFor } from './window';

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

/** New amps of a step registered through the REST API; the rest of a large step are inserted (insertDevices). */
export const REGISTERED_THROUGH_API = 100;

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
    const venueId = await createVenue(cloud.app, token, 'Bench fleet');
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
        url: cloud.deviceUrl,
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
  const res = await call(cloud.app, 'POST', fillPath(DEVICE_PATHS.attributes, { venueId }), {}, token);
  if (res.statusCode !== 200) throw new Error(`device attributes: ${res.statusCode} ${res.body}`);
  const reply = res.json<DeviceAttributesReply>();
  let equal = 0;
  for (const d of reply.devices) {
    const sent = expected.get(d.deviceId);
    if (sent && isDeepStrictEqual(d.shadowAttributes.reported, JSON.parse(sent))) equal++;
  }
  return { devices: reply.devices.length, equal };
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
