/**
 * benchStorm (issue 20, "Connect storms"): N amps connecting at once to one cloud node, timed from the first CONNECT
 * to the last amp connected and to the last amp's first reported state stored (every amp sends its whole shadow and
 * its status on connecting: a storm is N connections and 2N messages to store), with the connections that failed.
 *
 * Brokers: `embedded` (the cloud's own Aedes, the default of `npm run cloud`) and/or an external broker by URL (the
 * machine's Mosquitto: docs/deploy.md's production set-up, where the node only ingests and the broker holds the
 * connections). Baseline in the same run, per broker: the same number of fresh agents to a broker with no cloud — a
 * bare Aedes, or the same external broker — and one mqtt.js subscriber to every `reported`, timed the same way (the
 * subscriber having every first shadow). The agents (agents.ts) open `concurrency` connections at a time.
 *
 * On the external broker the agents' retained shadows and statuses are cleared afterwards (Mosquitto keeps them across
 * runs, as bench/cloud/nodes.ts does).
 */
import { performance } from 'node:perf_hooks';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { createVenue } from '@rackside/cloud/testing';
import { Aedes } from 'aedes';
import { connect, type MqttClient } from 'mqtt';
import type { AgentDevice } from './agents';
import { Agents } from './children';
import {
  DEFAULT_POSTGRES_URL,
  insertDevices,
  signedInUser,
  startCloud,
  userIdOf,
  type CloudDriver,
} from './cloud-under-test';
import type { ShadowPayload } from './payload';
import { sleep } from '../stats';
import { waitFor } from './window';

/** Options of benchStorm. */
export interface StormOptions {
  readonly amps: number;
  /** `embedded` and/or external broker URLs (default embedded). */
  readonly brokers?: readonly string[];
  readonly driver?: CloudDriver;
  readonly postgresUrl?: string;
  readonly payload?: ShadowPayload;
  /** Connections the agents open at once (default 200). */
  readonly concurrency?: number;
  /** How long to wait for the last first shadow (default 5 min). */
  readonly timeoutMs?: number;
  /** How long the connected amps are then held, keepalives going, before their dropped connections are counted (default 15 s). */
  readonly holdMs?: number;
  readonly progress?: (line: string) => void;
}

/** One side of one broker's storm. */
export interface StormSide {
  readonly connected: number;
  readonly failed: number;
  /** From the first CONNECT to the last amp connected (ms). */
  readonly connectMs: number;
  /** From the first CONNECT to the last first shadow stored (the cloud) or received (the baseline); NaN: not all. */
  readonly firstShadowsMs: number;
  /** First shadows stored / received. */
  readonly shadows: number;
  /** Connections that ended after connecting, by the end of the hold. */
  readonly dropped: number;
  readonly firstError?: string;
}

/** One broker: the cloud's storm and the baseline's. */
export interface StormStep {
  readonly broker: string;
  readonly cloud: StormSide;
  readonly bare: StormSide;
}

export interface StormResult {
  readonly amps: number;
  readonly concurrency: number;
  readonly driver: CloudDriver;
  readonly steps: readonly StormStep[];
}

/** An agent's never-again interval: the storm's amps publish on connecting only. */
const NO_PERIODIC_MS = 24 * 3_600_000;

export async function benchStorm(options: StormOptions): Promise<StormResult> {
  const o = {
    brokers: ['embedded'],
    driver: 'postgres' as CloudDriver,
    postgresUrl: DEFAULT_POSTGRES_URL,
    payload: 'amp' as ShadowPayload,
    concurrency: 200,
    timeoutMs: 5 * 60_000,
    holdMs: 15_000,
    progress: () => undefined,
    ...options,
  };
  const steps: StormStep[] = [];
  for (const broker of o.brokers) {
    const cloud = await stormCloud(broker, o);
    const bare = await stormBare(broker, o);
    steps.push({ broker, cloud, bare });
  }
  return { amps: o.amps, concurrency: o.concurrency, driver: o.driver, steps };
}

type Resolved = Required<StormOptions>;

/** Starts the agents for the devices at `url` and waits for `shadows()` to reach N. */
async function storm(
  url: string,
  devices: readonly AgentDevice[],
  shadows: () => number,
  o: Resolved,
  label: string,
): Promise<StormSide> {
  const agents = Agents.start();
  try {
    const started = performance.now();
    let doneAt = Number.NaN;
    const watching = waitFor(() => shadows() >= devices.length, o.timeoutMs).then((all) => {
      if (all) doneAt = performance.now();
    });
    const added = await agents.call({
      op: 'add',
      url,
      devices,
      payload: o.payload,
      intervalMs: NO_PERIODIC_MS,
      keepaliveS: 5,
      concurrency: o.concurrency,
    });
    o.progress(
      `${label}: ${added.connected} connected in ${(added.connectMs / 1000).toFixed(1)} s, ${added.failed} failed`,
    );
    await watching;
    await sleep(o.holdMs);
    const { closed } = await agents.call({ op: 'count', from: 0, to: 0 });
    const side: StormSide = {
      connected: added.connected,
      failed: added.failed,
      connectMs: added.connectMs,
      firstShadowsMs: doneAt - started,
      shadows: shadows(),
      dropped: closed,
      ...(added.firstError === undefined ? {} : { firstError: added.firstError }),
    };
    o.progress(
      `${label}: ${side.shadows} first shadows in ${(side.firstShadowsMs / 1000).toFixed(1)} s; ` +
        `${closed} dropped within ${o.holdMs / 1000} s after`,
    );
    return side;
  } finally {
    await agents.stop();
  }
}

/** The cloud's storm: a cloud on the broker (its own, or the external one), N amps inserted, then the storm. */
async function stormCloud(broker: string, o: Resolved): Promise<StormSide> {
  const env: Record<string, string> = broker === 'embedded' ? {} : { MQTT_URL: broker };
  const cloud = await startCloud(o.driver, o.postgresUrl, env);
  try {
    const token = await signedInUser(cloud);
    const venueId = await createVenue(cloud.app, token, 'Storm fleet');
    const devices = await insertDevices(cloud.db, userIdOf(token), venueId, o.amps, 0);
    const wanted = new Set(devices.map((d) => d.deviceId));
    const stored = new Set<string>();
    cloud.onStored = (deviceId) => {
      if (wanted.has(deviceId)) stored.add(deviceId);
    };
    const side = await storm(cloud.deviceUrl, devices, () => stored.size, o, `[storm cloud ${broker}]`);
    if (broker !== 'embedded') await clearRetained(broker, devices);
    return side;
  } finally {
    await cloud.close();
  }
}

/** The baseline: a broker with no cloud (a bare Aedes, or the external one) and one subscriber to every reported. */
async function stormBare(broker: string, o: Resolved): Promise<StormSide> {
  let server: Server | undefined;
  let aedes: Aedes | undefined;
  let url = broker;
  if (broker === 'embedded') {
    aedes = await Aedes.createBroker();
    const a = aedes;
    server = createServer((socket) => a.handle(socket));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const devices: AgentDevice[] = Array.from({ length: o.amps }, () => ({
    deviceId: randomUUID(),
    password: randomBytes(16).toString('base64url'),
  }));
  const wanted = new Set(devices.map((d) => d.deviceId));
  const seen = new Set<string>();
  const subscriber: MqttClient = connect(url, { clientId: `storm-bare-${randomUUID()}`, clean: true });
  subscriber.on('error', () => undefined);
  try {
    await new Promise<void>((resolve) => subscriber.once('connect', () => resolve()));
    subscriber.on('message', (topic) => {
      const id = topic.split('/')[2];
      if (id !== undefined && wanted.has(id)) seen.add(id);
    });
    await subscriber.subscribeAsync('rackside/devices/+/reported', { qos: 1 });
    const side = await storm(url, devices, () => seen.size, o, `[storm bare ${broker}]`);
    if (broker !== 'embedded') await clearRetained(broker, devices);
    return side;
  } finally {
    await subscriber.endAsync().catch(() => undefined);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (aedes ? aedes.close(() => resolve()) : resolve()));
  }
}

/** Clears the retained shadows and statuses the agents left on an external broker. */
async function clearRetained(url: string, devices: readonly AgentDevice[]): Promise<void> {
  const c = connect(url, { clientId: `storm-clean-${randomUUID()}`, clean: true });
  c.on('error', () => undefined);
  await new Promise<void>((resolve) => c.once('connect', () => resolve()));
  for (let i = 0; i < devices.length; i += 500)
    await Promise.all(
      devices
        .slice(i, i + 500)
        .flatMap((d) =>
          (['reported', 'status'] as const).map((kind) =>
            c.publishAsync(`rackside/devices/${d.deviceId}/${kind}`, '', { qos: 1, retain: true }),
          ),
        ),
    );
  await c.endAsync();
}

/** The lines run.ts prints. */
export function formatStorm(r: StormResult): string[] {
  const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'not all');
  const lines = [
    `Connect storm: ${r.amps.toLocaleString('en')} amps at once (${r.concurrency} connections opening at a time), ` +
      `cloud on ${r.driver}; each sends its status and whole shadow on connecting, then is held (keepalive 5 s)`,
    '| broker | cloud: connected (failed) in | cloud: every first shadow stored | cloud: dropped | bare: connected in | bare: every first shadow received | bare: dropped | ratio (first shadows) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { broker, cloud, bare } of r.steps) {
    const ratio = cloud.firstShadowsMs / bare.firstShadowsMs;
    lines.push(
      `| ${broker} | ${cloud.connected} (${cloud.failed}) in ${s(cloud.connectMs)} | ${s(cloud.firstShadowsMs)} ` +
        `(${cloud.shadows}) | ${cloud.dropped} | ${bare.connected} (${bare.failed}) in ${s(bare.connectMs)} | ` +
        `${s(bare.firstShadowsMs)} (${bare.shadows}) | ${bare.dropped} | ` +
        `${Number.isFinite(ratio) ? `×${ratio.toFixed(2)}` : '—'} |`,
    );
  }
  return lines;
}
