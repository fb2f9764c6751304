/**
 * Benchmarks of the device API (emulated amp + DeviceClient), each measured next to a bare baseline in the same run
 * (house rule: performance is measured here, never in timed tests). Every function returns its figures; run.ts
 * prints them. Client and server share one process and one event loop, for the amp and for the baseline alike.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { nthAddress, startFleet, type Fleet } from '@rackside/amp-sim';
import { DeviceClient } from '@rackside/device-client';
import { getAt, LEA_API_VERSION, notifyFrame } from '@rackside/protocol';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { collectGarbage, sleep, summarize, timeSequential, within, type Latency } from './stats';

export type { Latency } from './stats';

const OUTPUT_URL = '/amp/channels/1/output';
const FADER: readonly string[] = ['amp', 'channels', '1', 'output', 'fader'];

/** The i-th fader value of a run: -0.1 dB, -0.2 dB, ... -40 dB, then again; two in a row always differ. */
const faderValue = (i: number): number => -((i % 400) + 1) / 10;

/** The fleet every device bench starts: one amp, no injected fault, no cloud agent, no touch panel, free ports. */
async function oneAmp(base: string): Promise<Fleet> {
  return startFleet({
    amps: 1,
    base,
    port: 0,
    tcpPort: 0,
    httpPort: 0,
    faults: [],
    cloudAgent: false,
    touchPanels: 0,
  });
}

function newClient(url: string): DeviceClient {
  return new DeviceClient({ url, WebSocket, autoReconnect: false });
}

const rawText = (data: RawData): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');

/** A raw `ws` client with one request in flight at a time: the reply is the next frame. */
class RawPeer {
  #waiting: { resolve(text: string): void; reject(err: Error): void } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const w = this.#waiting;
      this.#waiting = undefined;
      w?.resolve(rawText(data));
    });
    ws.on('error', (err) => this.#waiting?.reject(err));
    ws.on('close', () => this.#waiting?.reject(new Error('raw peer: socket closed')));
  }

  static async connect(url: string): Promise<RawPeer> {
    const ws = new WebSocket(url);
    await once(ws, 'open');
    return new RawPeer(ws);
  }

  request(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.ws.send(text);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** A bare `ws` server on `host` (free port). */
async function bareServer(host: string): Promise<{ wss: WebSocketServer; url: string; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host, port: 0 });
  await once(wss, 'listening');
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    wss,
    url: `ws://${host}:${port}`,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The frame DeviceClient sends for a request (pending-requests.ts: leaApi, url, method, params, id). */
const requestText = (method: string, url: string, params: unknown, id: number): string =>
  JSON.stringify({ leaApi: LEA_API_VERSION, url, method, params, id });

// ---------------------------------------------------------------------------------------------------------------
// a. request/reply round trip

/** Sizes of a round trip. */
export interface RoundTripOptions {
  /** Measured round trips per method and per path (client, raw, bare). */
  readonly iterations: number;
  /** Unmeasured round trips per method and per path first (default max(50, iterations / 10)). */
  readonly warmup?: number;
  /** Loopback address of the amp; the bare echo server listens on the next one. Default 127.0.5.1. */
  readonly base?: string;
}

/** One method's figures: DeviceClient → amp, raw ws → amp, raw ws → bare echo, and the headline ratios. */
export interface RoundTripCase {
  readonly method: 'get' | 'set';
  /** Bytes of the request frame the client sends, and of the amp's reply (the bare echo uses the same sizes). */
  readonly requestBytes: number;
  readonly replyBytes: number;
  /** DeviceClient.get/set against the emulated amp: the figure under test. */
  readonly client: Latency;
  /** The same request text sent by a raw ws client to the amp: the emulator's share without the client's. */
  readonly rawToAmp: Latency;
  /** Raw ws client → bare ws echo server answering a canned reply of the same size: the baseline. */
  readonly bare: Latency;
  readonly ratioP50: number;
  readonly ratioP99: number;
}

/** What benchRoundTrip measured, and what the emulator answered. */
export interface RoundTripResult {
  readonly iterations: number;
  readonly get: RoundTripCase;
  readonly set: RoundTripCase;
  /** The `get` reply equalled the amp's own state at that url. */
  readonly getMatchesAmp: boolean;
  /** The last fader value set, and the value read back through the client afterwards. */
  readonly lastSet: number;
  readonly readBack: unknown;
}

/** Round-trip target of the brief: DeviceClient at most 1.5 × the bare ws echo. */
export const ROUND_TRIP_TARGET_RATIO = 1.5;

/**
 * `get` and `set` round trips through DeviceClient against one emulated amp (physics stopped, nobody subscribed),
 * beside a raw ws client against the same amp and a raw ws client against a bare echo server with the same frame
 * sizes and the same send-then-await pattern. The three are measured in interleaved blocks so drift and
 * background noise fall on all alike (under `node --expose-gc`, a full gc before each block).
 */
export async function benchRoundTrip(opts: RoundTripOptions): Promise<RoundTripResult> {
  const base = opts.base ?? '127.0.5.1';
  const iterations = opts.iterations;
  const warmup = opts.warmup ?? Math.max(50, Math.round(iterations / 10));
  const fleet = await oneAmp(base);
  const cleanup: (() => Promise<void> | void)[] = [() => fleet.close()];
  try {
    const { amp, physics, ports } = fleet.amps[0]!;
    physics.stop();
    const url = `ws://${amp.identity.ip}:${ports.ws}`;
    const client = newClient(url);
    cleanup.push(() => client.close());
    await client.connected();
    const raw = await RawPeer.connect(url);
    cleanup.push(() => raw.close());

    // the frames as they go over the wire, for the baseline's sizes
    const getRequest = requestText('get', OUTPUT_URL, undefined, 1000);
    const setRequest = requestText('set', OUTPUT_URL, { fader: faderValue(122) }, 1000);
    const getReply = await raw.request(getRequest);
    const setReply = await raw.request(setRequest);
    if (!getReply.includes('"result"') || !setReply.includes('"OK"'))
      throw new Error(`the amp did not answer as expected: ${getReply.slice(0, 200)} / ${setReply.slice(0, 200)}`);

    const echo = await bareServer(nthAddress(base, 1));
    cleanup.push(() => echo.close());
    let cannedReply = getReply;
    echo.wss.on('connection', (ws) => ws.on('message', () => ws.send(cannedReply)));
    const bare = await RawPeer.connect(echo.url);
    cleanup.push(() => bare.close());

    let n = 0;
    type Path = (i: number) => Promise<unknown>;
    const paths: Record<'get' | 'set', Record<'client' | 'raw' | 'bare', Path>> = {
      get: {
        client: () => client.get(OUTPUT_URL),
        raw: () => raw.request(requestText('get', OUTPUT_URL, undefined, ++n)),
        bare: () => bare.request(getRequest),
      },
      set: {
        client: (i: number) => client.set(OUTPUT_URL, { fader: faderValue(i) }),
        raw: (i: number) => raw.request(requestText('set', OUTPUT_URL, { fader: faderValue(i) }, ++n)),
        bare: () => bare.request(setRequest),
      },
    };

    const measure = async (method: 'get' | 'set', request: string, reply: string): Promise<RoundTripCase> => {
      cannedReply = reply;
      const p = paths[method];
      await timeSequential(warmup, p.bare);
      await timeSequential(warmup, p.raw);
      await timeSequential(warmup, p.client);
      const samples = { client: [] as number[], raw: [] as number[], bare: [] as number[] };
      const block = Math.max(1, Math.min(250, Math.ceil(iterations / 4)));
      for (let done = 0; done < iterations; done += block) {
        const size = Math.min(block, iterations - done);
        collectGarbage();
        samples.bare.push(...(await timeSequential(size, (i) => p.bare(done + i))));
        samples.raw.push(...(await timeSequential(size, (i) => p.raw(done + i))));
        samples.client.push(...(await timeSequential(size, (i) => p.client(done + i))));
      }
      const c = summarize(samples.client);
      const b = summarize(samples.bare);
      return {
        method,
        requestBytes: Buffer.byteLength(request),
        replyBytes: Buffer.byteLength(reply),
        client: c,
        rawToAmp: summarize(samples.raw),
        bare: b,
        ratioP50: c.p50 / b.p50,
        ratioP99: c.p99 / b.p99,
      };
    };

    const get = await measure('get', getRequest, getReply);
    const set = await measure('set', setRequest, setReply);
    const lastSet = faderValue(iterations + 1);
    await client.set(OUTPUT_URL, { fader: lastSet });
    const output = await client.get(OUTPUT_URL);
    return {
      iterations,
      get,
      set,
      getMatchesAmp: isDeepStrictEqual(output, amp.read(OUTPUT_URL)),
      lastSet,
      readBack: getAt(output, ['fader']),
    };
  } finally {
    for (const c of cleanup.reverse()) await c();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// b. notify fan-out

/** Sizes of a fan-out run. */
export interface FanoutOptions {
  /** Subscribed DeviceClients (default 100). */
  readonly clients?: number;
  /** Measured rounds (one set each). */
  readonly rounds: number;
  /** Unmeasured rounds first (default 3). */
  readonly warmupRounds?: number;
  /** 'stopped' (default): only the set changes the amp. 'running': meters and readings notify too. */
  readonly physics?: 'stopped' | 'running';
  /** Loopback address of the amp; the bare broadcast server listens on the next one. Default 127.0.5.11. */
  readonly base?: string;
}

/** What benchNotifyFanout measured. */
export interface FanoutResult {
  readonly clients: number;
  readonly rounds: number;
  readonly physics: 'stopped' | 'running';
  /** Bytes of the notify carrying the fader alone (what the amp sends with physics stopped; the bare size). */
  readonly notifyBytes: number;
  /** From just before `set` until every client's state holds the new value (includes the notify period). */
  readonly endToEnd: Latency;
  /** From just before `set` until the first client's state holds it. */
  readonly firstReceipt: Latency;
  /** From the first client to the last client having it. */
  readonly spread: Latency;
  /** The `set` reply ("OK") time in the same rounds. */
  readonly setReply: Latency;
  /** Bare ws server broadcasting one frame of notifyBytes to as many raw clients: first → last receipt. */
  readonly bareSpread: Latency;
  /** Bare: from the start of the broadcast loop until the last client has the frame. */
  readonly bareEndToEnd: Latency;
  readonly ratioSpreadP50: number;
  readonly ratioSpreadP99: number;
  /** Every client saw every round's value; the amp holds the last value set. */
  readonly allDelivered: boolean;
  readonly lastSet: number;
  readonly ampFader: unknown;
}

/** Fan-out target of the brief: the last of the subscribed clients within 5 ms of the first (p99). */
export const FANOUT_TARGET_MS = 5;

/** One round's receipts: the time each receiver got it (by index), and a callback when all have. */
interface Receipts {
  readonly times: number[];
  got: number;
  done(): void;
}

/** Receipts for n receivers, and the promise that resolves when all have received. */
function receipts(n: number): { round: Receipts; all: Promise<void> } {
  let done = (): void => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  return { round: { times: new Array<number>(n), got: 0, done: () => done() }, all };
}

/** Records receiver i's receipt at time t (its first only) and calls done() once every receiver has one. */
function receive(r: Receipts | undefined, i: number, t: number, n: number): void {
  if (!r || r.times[i] !== undefined) return;
  r.times[i] = t;
  if (++r.got === n) r.done();
}

/** The subscribed-clients part of the fan-out: the amp, its physics as asked, n DeviceClients and a writer. */
async function fanoutThroughAmp(
  n: number,
  total: number,
  warmupRounds: number,
  physicsMode: 'stopped' | 'running',
  base: string,
) {
  const fleet = await oneAmp(base);
  const cleanup: (() => Promise<void> | void)[] = [() => fleet.close()];
  try {
    const { amp, physics, ports } = fleet.amps[0]!;
    if (physicsMode === 'stopped') physics.stop();
    const url = `ws://${amp.identity.ip}:${ports.ws}`;

    const subscribers = Array.from({ length: n }, () => newClient(url));
    cleanup.push(() => subscribers.forEach((c) => c.close()));
    await Promise.all(subscribers.map((c) => c.connected()));
    await Promise.all(subscribers.map((c) => c.subscribe('/')));
    const writer = newClient(url);
    cleanup.push(() => writer.close());
    await writer.connected();

    let current: { value: number; receipts: Receipts } | undefined;
    subscribers.forEach((c, i) =>
      c.onChange((state) => {
        const t = performance.now();
        const f = getAt(state, FADER);
        if (current && typeof f === 'number' && Math.abs(f - current.value) < 1e-9) receive(current.receipts, i, t, n);
      }),
    );

    const out = { e2e: [] as number[], first: [] as number[], spread: [] as number[], setReply: [] as number[] };
    let allDelivered = true;
    let lastSet = Number.NaN;
    for (let r = 0; r < total; r++) {
      // a random point of the 100 ms notify period
      await sleep(Math.random() * 100);
      const value = faderValue(r);
      lastSet = value;
      const { round, all } = receipts(n);
      current = { value, receipts: round };
      const t0 = performance.now();
      const reply = writer.set(OUTPUT_URL, { fader: value }).then(() => performance.now() - t0);
      const [replyMs] = await within(Promise.all([reply, all]), 5000, `fan-out round ${r}`);
      current = undefined;
      if (round.times.filter((t) => t !== undefined).length !== n) allDelivered = false;
      if (r < warmupRounds) continue;
      const min = Math.min(...round.times);
      const max = Math.max(...round.times);
      out.e2e.push(max - t0);
      out.first.push(min - t0);
      out.spread.push(max - min);
      out.setReply.push(replyMs);
    }
    return { ...out, allDelivered, lastSet, ampFader: amp.read(`${OUTPUT_URL}/fader`) };
  } finally {
    for (const c of cleanup.reverse()) await c();
  }
}

/** The baseline of the fan-out: a bare ws server sending `frame` to n raw ws clients, round after round. */
async function fanoutBare(n: number, total: number, warmupRounds: number, frame: string, host: string) {
  const server = await bareServer(host);
  const peers: WebSocket[] = [];
  try {
    let current: Receipts | undefined;
    for (let i = 0; i < n; i++) {
      const ws = new WebSocket(server.url);
      ws.on('message', (data) => {
        const t = performance.now();
        rawText(data);
        receive(current, i, t, n);
      });
      // a failing peer shows as a round that times out, naming the round
      ws.on('error', () => undefined);
      peers.push(ws);
    }
    await Promise.all(peers.map((ws) => once(ws, 'open')));
    while (server.wss.clients.size < n) await sleep(5);
    const out = { e2e: [] as number[], spread: [] as number[] };
    for (let r = 0; r < total; r++) {
      await sleep(Math.random() * 10);
      const { round, all } = receipts(n);
      current = round;
      const t0 = performance.now();
      for (const ws of server.wss.clients) ws.send(frame);
      await within(all, 5000, `bare fan-out round ${r}`);
      current = undefined;
      if (r < warmupRounds) continue;
      const min = Math.min(...round.times);
      const max = Math.max(...round.times);
      out.e2e.push(max - t0);
      out.spread.push(max - min);
    }
    return out;
  } finally {
    for (const ws of peers) ws.terminate();
    await server.close();
  }
}

/**
 * N DeviceClients subscribed to `/` on one amp; one more client sets the fader; per round, the time until each
 * subscribed client's state holds the new value (timed in its onChange). Rounds are spaced by a random 0-100 ms
 * pause so the set lands at a random point of the 100 ms notify period. Baseline, once the amp and its clients are
 * closed: a bare ws server sending one frame the size of the fader notify to N raw ws clients.
 */
export async function benchNotifyFanout(opts: FanoutOptions): Promise<FanoutResult> {
  const n = opts.clients ?? 100;
  const rounds = opts.rounds;
  const warmupRounds = opts.warmupRounds ?? 3;
  const physics = opts.physics ?? 'stopped';
  const base = opts.base ?? '127.0.5.11';
  const amp = await fanoutThroughAmp(n, warmupRounds + rounds, warmupRounds, physics, base);
  // what the amp sends for the set alone (with physics stopped, byte for byte)
  const frame = notifyFrame({ amp: { channels: { '1': { output: { fader: faderValue(122) } } } } });
  const bare = await fanoutBare(n, warmupRounds + rounds, warmupRounds, frame, nthAddress(base, 1));
  const spread = summarize(amp.spread);
  const bareSpread = summarize(bare.spread);
  return {
    clients: n,
    rounds,
    physics,
    notifyBytes: Buffer.byteLength(frame),
    endToEnd: summarize(amp.e2e),
    firstReceipt: summarize(amp.first),
    spread,
    setReply: summarize(amp.setReply),
    bareSpread,
    bareEndToEnd: summarize(bare.e2e),
    ratioSpreadP50: spread.p50 / bareSpread.p50,
    ratioSpreadP99: spread.p99 / bareSpread.p99,
    allDelivered: amp.allDelivered,
    lastSet: amp.lastSet,
    ampFader: amp.ampFader,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// c. memory per amp

/** Sizes of a memory run. */
export interface MemoryOptions {
  /** Amps in the fleet, and bare server trios in the baseline (default 200). */
  readonly amps?: number;
  /** Wait after starting, for the physics to settle (default 3000 ms). */
  readonly settleMs?: number;
  /** First loopback address of the fleet (default 127.0.6.1) and of the bare servers (default 127.0.7.1). */
  readonly base?: string;
  readonly bareBase?: string;
}

/** The figures of process.memoryUsage() a measure keeps, in bytes. */
export type MemoryFigures = Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number>;

/** What one measuring child reports (memory-child.ts). */
export interface MemorySample {
  readonly mode: 'amps' | 'bare';
  readonly count: number;
  readonly before: MemoryFigures;
  readonly after: MemoryFigures;
  readonly startMs: number;
  /** amps: the modelID the last amp answered to a DeviceClient `get`, and the one it should be. */
  readonly answered?: unknown;
  readonly expected?: string;
}

/** What benchMemory measured. */
export interface MemoryResult {
  readonly amps: number;
  readonly settleMs: number;
  /** Per emulated amp (fleet delta / amps). */
  readonly perAmp: { readonly rss: number; readonly heapUsed: number; readonly external: number };
  /** Per bare trio (one ws server, one net server, one http server; delta / count). */
  readonly perBare: { readonly rss: number; readonly heapUsed: number; readonly external: number };
  readonly ratioRss: number;
  readonly ratioHeap: number;
  /** Whole deltas (after - before) of the fleet and of the bare servers, for judging RSS noise. */
  readonly fleetDelta: { readonly rss: number; readonly heapUsed: number };
  readonly bareDelta: { readonly rss: number; readonly heapUsed: number };
  /** Time to start the fleet, and the bare servers. */
  readonly fleetStartMs: number;
  readonly bareStartMs: number;
  readonly answered: unknown;
  readonly expected: string | undefined;
}

/** Memory target of the brief: under 10 MB per emulated amp. */
export const MEMORY_TARGET_BYTES = 10 * 2 ** 20;

const CHILD = fileURLToPath(new URL('./memory-child.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Runs memory-child.ts in a fresh `node --expose-gc --import tsx` and returns what it printed. */
async function measureInChild(args: string[]): Promise<MemorySample> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, ...args], {
    cwd: BENCH_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  const line = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{'))
    throw new Error(`memory child ${args.join(' ')} exited ${code}: ${err.slice(-2000) || out.slice(-2000)}`);
  return JSON.parse(line) as MemorySample;
}

const perUnit = (s: MemorySample) => ({
  rss: (s.after.rss - s.before.rss) / s.count,
  heapUsed: (s.after.heapUsed - s.before.heapUsed) / s.count,
  external: (s.after.external - s.before.external) / s.count,
});

/**
 * Memory per emulated amp in a fleet (physics running, no client), measured in a child process after gc,
 * beside the bare transport cost: as many trios of a `ws` WebSocketServer, a `net` server and an `http` server
 * on their own loopback addresses, in another child.
 */
export async function benchMemory(opts: MemoryOptions = {}): Promise<MemoryResult> {
  const amps = opts.amps ?? 200;
  const settleMs = opts.settleMs ?? 3000;
  const fleet = await measureInChild(['amps', String(amps), opts.base ?? '127.0.6.1', String(settleMs)]);
  const bare = await measureInChild(['bare', String(amps), opts.bareBase ?? '127.0.7.1', String(settleMs)]);
  const perAmp = perUnit(fleet);
  const perBare = perUnit(bare);
  return {
    amps,
    settleMs,
    perAmp,
    perBare,
    ratioRss: perAmp.rss / perBare.rss,
    ratioHeap: perAmp.heapUsed / perBare.heapUsed,
    fleetDelta: { rss: fleet.after.rss - fleet.before.rss, heapUsed: fleet.after.heapUsed - fleet.before.heapUsed },
    bareDelta: { rss: bare.after.rss - bare.before.rss, heapUsed: bare.after.heapUsed - bare.before.heapUsed },
    fleetStartMs: fleet.startMs,
    bareStartMs: bare.startMs,
    answered: fleet.answered,
    expected: fleet.expected,
  };
}
