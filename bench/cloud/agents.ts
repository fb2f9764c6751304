/**
 * Child process of the shadow-ingest benchmark (bench/cloud/ingest.ts): N lightweight emulated amps as plain mqtt.js
 * clients — not amp-sim amps, no state tree, no device API — each connecting as its own device the way the amp's
 * cloud agent does (docs/cloud-mqtt.md "Connection rules": client id = username = device id, clean session off,
 * 5 s keepalive, retained last will `{online: false}`, `status {online: true}` and the whole `reported` shadow,
 * retained, on every connection, subscribed to its `jobs` and `api/req`), then publishing a reported-state change
 * every interval at a random phase. MQTT keepalive pings go out on their own.
 *
 * The payload (bench/cloud/payload.ts) is a real amp's shadow or a small one, with `ts` (the publish time, ms since
 * the epoch) first and one fader value changing every publish. The notification bench (bench/notifications) has them
 * publish one faulted state each instead (op `fault`).
 *
 * Run by the parent with an IPC channel: `node --import tsx bench/cloud/agents.ts`. Requests carry an `id`; each is
 * answered once with `{id, ok: true, ...}` or `{id, ok: false, error}`.
 */
import { performance } from 'node:perf_hooks';
import { deviceTopic } from '@rackside/protocol';
import { connect, type MqttClient } from 'mqtt';
import { faultedShadow } from '../notifications/fault-payload';
import { fillShadow, shadowTemplate, type ShadowPayload, type ShadowTemplate } from './payload';

/** A device's broker credentials (the registration reply's `mqtt`, with its id). */
export interface AgentDevice {
  readonly deviceId: string;
  readonly password: string;
}

/** Requests of the parent. */
export type AgentRequest =
  | {
      readonly op: 'add';
      /** Broker URL. */
      readonly url: string;
      readonly devices: readonly AgentDevice[];
      readonly payload: ShadowPayload;
      readonly intervalMs: number;
      readonly keepaliveS: number;
      /** Connections opened at once (each needs a database look-up on the cloud's broker). */
      readonly concurrency: number;
      /** Keep each device's last published payload (the smoke test compares it with the database). */
      readonly keepLast?: boolean;
    }
  | { readonly op: 'publishing'; readonly on: boolean }
  | { readonly op: 'count'; readonly from: number; readonly to: number }
  | { readonly op: 'blast'; readonly publishers: number; readonly durationMs: number }
  | { readonly op: 'last' }
  /**
   * Every agent publishes one reported state with `channel`'s output Faulted (bench/notifications/fault-payload.ts),
   * each at a random moment within `windowMs` (QoS 1, retained); answered once every publish is acknowledged (or
   * failed), with each device's publish time (the payload's `ts`).
   */
  | { readonly op: 'fault'; readonly windowMs: number; readonly channel: number }
  /** Disconnects every agent (no will: a clean close) and forgets them; the process stays for the next broker. */
  | { readonly op: 'close' };

/** Answers, by request. */
export interface AgentReplies {
  add: { connected: number; failed: number; connectMs: number; firstError?: string };
  publishing: { clients: number };
  count: { published: number; acked: number; closed: number; cpuMs: number };
  blast: { acked: number; durationMs: number };
  last: { payloads: Record<string, string> };
  fault: { published: number; acked: number; failed: number; at: Record<string, number> };
  close: { closed: number };
}

// ---- the agents ----

interface Agent {
  readonly deviceId: string;
  readonly client: MqttClient;
  readonly topic: string;
  timer?: ReturnType<typeof setTimeout>;
  seq: number;
  last?: string;
}

const agents: Agent[] = [];
let shadow: ShadowTemplate | undefined;
let intervalMs = 10_000;
let publishing = false;
let keepLast = false;
let closedCount = 0;
let acked = 0;
/** Publish times (ms since the epoch) of every periodic publish, in order (the parent counts a window of them). */
const publishedAt: number[] = [];

function payload(agent: Agent, ts: number): string {
  agent.seq++;
  shadow ??= shadowTemplate('amp');
  const text = fillShadow(shadow, ts, -((agent.seq % 400) + 1) / 10);
  if (keepLast) agent.last = text;
  return text;
}

function publishReported(agent: Agent, record: boolean): void {
  if (!agent.client.connected) return;
  const ts = Date.now();
  if (record) publishedAt.push(ts);
  agent.client.publish(agent.topic, payload(agent, ts), { qos: 1, retain: true }, (error) => {
    if (!error) acked++;
  });
}

function schedule(agent: Agent): void {
  clearTimeout(agent.timer);
  const tick = () => {
    agent.timer = setTimeout(tick, intervalMs);
    publishReported(agent, true);
  };
  agent.timer = setTimeout(tick, Math.random() * intervalMs);
}

function connectAgent(url: string, device: AgentDevice, keepaliveS: number): Promise<Agent> {
  const { deviceId } = device;
  const client = connect(url, {
    clientId: deviceId,
    username: deviceId,
    password: device.password,
    clean: false,
    keepalive: keepaliveS,
    reconnectPeriod: 0, // a dropped agent stays dropped: the parent counts it
    connectTimeout: 60_000,
    resubscribe: false,
    will: {
      topic: deviceTopic(deviceId, 'status'),
      payload: Buffer.from(JSON.stringify({ online: false })),
      qos: 1,
      retain: true,
    },
  });
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      client.off('error', fail).off('close', closedEarly);
      client.end(true);
      reject(error);
    };
    const closedEarly = () => fail(new Error(`${deviceId}: connection closed before CONNACK`));
    client.once('error', fail);
    client.once('close', closedEarly);
    client.once('connect', () => {
      client.off('error', fail).off('close', closedEarly);
      const agent: Agent = { deviceId, client, topic: deviceTopic(deviceId, 'reported'), seq: 0 };
      client.on('error', () => undefined);
      client.once('close', () => {
        if (agents.includes(agent)) closedCount++; // closeAll takes them out first
      });
      client.publish(
        deviceTopic(deviceId, 'status'),
        JSON.stringify({ online: true, ts: Date.now() }),
        { qos: 1, retain: true },
        () => undefined,
      );
      publishReported(agent, false);
      client.subscribe(
        { [deviceTopic(deviceId, 'jobs')]: { qos: 1 }, [deviceTopic(deviceId, 'apiReq')]: { qos: 0 } },
        () => undefined,
      );
      resolve(agent);
    });
  });
}

async function add(request: Extract<AgentRequest, { op: 'add' }>): Promise<AgentReplies['add']> {
  shadow ??= shadowTemplate(request.payload);
  intervalMs = request.intervalMs;
  keepLast = request.keepLast ?? false;
  const started = performance.now();
  let connected = 0;
  let failed = 0;
  let firstError: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < request.devices.length) {
      const device = request.devices[next++]!;
      try {
        const agent = await connectAgent(request.url, device, request.keepaliveS);
        agents.push(agent);
        if (publishing) schedule(agent);
        connected++;
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, request.concurrency) }, worker));
  return { connected, failed, connectMs: performance.now() - started, ...(firstError ? { firstError } : {}) };
}

function setPublishing(on: boolean): AgentReplies['publishing'] {
  publishing = on;
  for (const agent of agents) {
    if (on) schedule(agent);
    else clearTimeout(agent.timer);
  }
  return { clients: agents.length };
}

let cpuAtCount = process.cpuUsage();
function count(from: number, to: number): AgentReplies['count'] {
  // publishedAt is in order: binary search the window
  const lowerBound = (t: number) => {
    let lo = 0;
    let hi = publishedAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (publishedAt[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const cpu = process.cpuUsage(cpuAtCount);
  cpuAtCount = process.cpuUsage();
  return {
    published: lowerBound(to) - lowerBound(from),
    acked,
    closed: closedCount,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** The first `publishers` agents publish back to back (QoS 1, one in flight each) for durationMs. */
async function blast(publishers: number, durationMs: number): Promise<AgentReplies['blast']> {
  const wasPublishing = publishing;
  setPublishing(false);
  const before = acked;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    agents.slice(0, publishers).map(async (agent) => {
      while (performance.now() < until && agent.client.connected) {
        await agent.client.publishAsync(agent.topic, payload(agent, Date.now()), { qos: 1, retain: true });
        acked++;
      }
    }),
  );
  const result = { acked: acked - before, durationMs: performance.now() - started };
  if (wasPublishing) setPublishing(true);
  return result;
}

/** One faulted reported state from every agent, spread at random over `windowMs` (see the request). */
async function fault(windowMs: number, channel: number): Promise<AgentReplies['fault']> {
  const text = faultedShadow(channel);
  const at: Record<string, number> = {};
  let ackedFaults = 0;
  let failed = 0;
  await Promise.all(
    agents.map(
      (agent) =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            if (!agent.client.connected) {
              failed++;
              resolve();
              return;
            }
            const ts = Date.now();
            at[agent.deviceId] = ts;
            agent.client.publish(agent.topic, text(ts), { qos: 1, retain: true }, (error) => {
              if (error) failed++;
              else ackedFaults++;
              resolve();
            });
          }, Math.random() * windowMs);
        }),
    ),
  );
  return { published: Object.keys(at).length, acked: ackedFaults, failed, at };
}

async function closeAll(): Promise<AgentReplies['close']> {
  setPublishing(false);
  const closing = agents.splice(0);
  await Promise.all(closing.map((a) => a.client.endAsync(true).catch(() => undefined)));
  publishedAt.length = 0;
  closedCount = 0;
  acked = 0;
  shadow = undefined;
  return { closed: closing.length };
}

async function handle(request: AgentRequest): Promise<AgentReplies[keyof AgentReplies]> {
  switch (request.op) {
    case 'add':
      return add(request);
    case 'publishing':
      return setPublishing(request.on);
    case 'count':
      return count(request.from, request.to);
    case 'blast':
      return blast(request.publishers, request.durationMs);
    case 'last':
      return { payloads: Object.fromEntries(agents.map((a) => [a.deviceId, a.last ?? ''])) };
    case 'fault':
      return fault(request.windowMs, request.channel);
    case 'close':
      return closeAll();
  }
}

process.on('message', (message: AgentRequest & { id: number }) => {
  handle(message).then(
    (reply) => process.send?.({ id: message.id, ok: true, ...reply }),
    (error: unknown) =>
      process.send?.({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0)); // the parent went away
