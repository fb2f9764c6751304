/**
 * b. Notify fan-out: DeviceClients subscribed to `/` on one amp, one set per round, beside a bare `ws` server
 * broadcasting a frame of the same size to as many raw clients.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { nthAddress } from '@rackside/amp-sim';
import { getAt, notifyFrame } from '@rackside/protocol';
import { WebSocket } from 'ws';
import { sleep, summarize, within, type Latency } from '../stats';
import { bareServer, FADER, faderValue, newClient, oneAmp, OUTPUT_URL, rawText, readsFader } from './peers';

/** Sizes of a fan-out run. */
export interface FanoutOptions {
  /** Subscribed DeviceClients (default 100). */
  readonly clients?: number;
  /** Measured rounds (one set each). */
  readonly rounds: number;
  /**
   * Unmeasured rounds first (default 50): the 100 clients' code (ws, the parse, the merge walk) is still tiering up
   * in V8 for the first ~60 rounds, which then take 2–6 × a settled round; 3 rounds measured that warm-up as the p99.
   */
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
  /** The JSON broadcast (the bare one, each client parsing the frame and reading the fader): first → last. */
  readonly jsonSpread: Latency;
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

/**
 * The baseline of the fan-out: a bare ws server sending `frame` to n raw ws clients, round after round. With `parse`,
 * each client also parses the frame and reads the fader from it before it counts as received (the JSON broadcast:
 * what any client that reads the notify must do, not the target's baseline).
 */
async function fanoutBare(n: number, total: number, warmupRounds: number, frame: string, host: string, parse = false) {
  const server = await bareServer(host);
  const peers: WebSocket[] = [];
  try {
    let current: Receipts | undefined;
    for (let i = 0; i < n; i++) {
      const ws = new WebSocket(server.url);
      ws.on('message', (data) => {
        const text = rawText(data);
        // a frame without the fader is not counted: its round times out, naming it
        if (parse && !readsFader(text)) return;
        receive(current, i, performance.now(), n);
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
  const warmupRounds = opts.warmupRounds ?? 50;
  const physics = opts.physics ?? 'stopped';
  const base = opts.base ?? '127.0.5.11';
  const amp = await fanoutThroughAmp(n, warmupRounds + rounds, warmupRounds, physics, base);
  // what the amp sends for the set alone (with physics stopped, byte for byte)
  const frame = notifyFrame({ amp: { channels: { '1': { output: { fader: faderValue(122) } } } } });
  const bare = await fanoutBare(n, warmupRounds + rounds, warmupRounds, frame, nthAddress(base, 1));
  const json = await fanoutBare(n, warmupRounds + rounds, warmupRounds, frame, nthAddress(base, 2), true);
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
    jsonSpread: summarize(json.spread),
    ratioSpreadP50: spread.p50 / bareSpread.p50,
    ratioSpreadP99: spread.p99 / bareSpread.p99,
    allDelivered: amp.allDelivered,
    lastSet: amp.lastSet,
    ampFader: amp.ampFader,
  };
}
