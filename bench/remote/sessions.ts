/**
 * Concurrent remote sessions on one cloud process (issue 13): memory per relay session and the round trip with all of
 * them open, beside as many direct sessions on the amps' local WebSockets and one relay session alone. Measured in a
 * child process (sessions-child.ts, `node --expose-gc --import tsx`) so the memory is read after a full gc.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { MemoryFigures } from '../device-api';
import type { Latency } from '../stats';

/** Sizes of a sessions run. */
export interface RemoteSessionsOptions {
  /** Remote sessions open at once, and direct sessions of the baseline (default 200). */
  readonly sessions: number;
  /**
   * Amps the sessions are spread over (default 25: 8 a session each, the relay's default cap per amp). The amp's agent
   * keeps at most MAX_API_SESSIONS_PER_DEVICE (32) remote sessions and drops the least recently used beyond that.
   */
  readonly amps?: number;
  /** Each session's `get` period while all are open (default 1000 ms; random phase). */
  readonly intervalMs?: number;
  /** Load window with all open (default 16000 ms: it contains one of the relay's 15 s access re-checks). */
  readonly measureMs?: number;
  /** Window of the one session alone, paced at 80 % of the relay's rate (default 5000 ms). */
  readonly aloneMs?: number;
  /** Loopback address of the first amp's local device API (default 127.0.9.21). */
  readonly base?: string;
  /** Wait before each memory reading (default 1000 ms). */
  readonly settleMs?: number;
}

/** What the child reports (one JSON line). */
export interface RemoteSessionsSample {
  readonly sessions: number;
  readonly amps: number;
  readonly intervalMs: number;
  readonly measureMs: number;
  /** Median of five readings after gc: before and with the direct sessions, before and with the relay sessions. */
  readonly memory: {
    readonly directBefore: MemoryFigures;
    readonly directOpen: MemoryFigures;
    readonly remoteBefore: MemoryFigures;
    readonly remoteOpen: MemoryFigures;
  };
  /** Time to open every relay session (credential, WebSocket, subscribe `/`), 10 at a time; and the direct ones. */
  readonly openRemoteMs: number;
  readonly openDirectMs: number;
  /** Round trips of `get /amp/channels/1/output` with every relay session open, each at intervalMs. */
  readonly loaded: Latency;
  /** Round trips of one relay session alone (nothing else open), paced at aloneRate. */
  readonly alone: Latency;
  readonly aloneRate: number;
  /** Requests that failed (time-out, Busy, closed) during the load, and relay sessions still connected after it. */
  readonly failed: number;
  readonly stillOpen: number;
  /** Every session's last `get` equalled its amp's state. */
  readonly allMatchAmp: boolean;
}

/** What benchRemoteSessions measured. */
export interface RemoteSessionsResult extends RemoteSessionsSample {
  /** Per session: (open − before) / sessions, through the relay and directly. */
  readonly perRemote: { readonly rss: number; readonly heapUsed: number; readonly external: number };
  readonly perDirect: { readonly rss: number; readonly heapUsed: number; readonly external: number };
  readonly ratioHeap: number;
  readonly ratioRss: number;
  /** p99 with all open / p99 alone. */
  readonly ratioP99: number;
  readonly ratioP50: number;
}

const CHILD = fileURLToPath(new URL('./sessions-child.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

const per = (open: MemoryFigures, before: MemoryFigures, n: number) => ({
  rss: (open.rss - before.rss) / n,
  heapUsed: (open.heapUsed - before.heapUsed) / n,
  external: (open.external - before.external) / n,
});

/**
 * N relay sessions on one cloud (one user, the sessions spread over the amps, each subscribed to `/` as the console's
 * channel view is): memory per session after gc against N DeviceClients subscribed on the amps' local WebSockets
 * (same process: the figures hold client, sockets and the amp's session on both sides, so the difference is what the
 * relay path adds: cloud session, broker, service client, the agent's MQTT side), and the `get` round trip with all
 * open (each session once a intervalMs) against one relay session alone.
 */
export async function benchRemoteSessions(opts: RemoteSessionsOptions): Promise<RemoteSessionsResult> {
  const args = {
    sessions: opts.sessions,
    amps: opts.amps ?? 25,
    intervalMs: opts.intervalMs ?? 1000,
    measureMs: opts.measureMs ?? 16_000,
    aloneMs: opts.aloneMs ?? 5000,
    base: opts.base ?? '127.0.9.21',
    settleMs: opts.settleMs ?? 1000,
  };
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, JSON.stringify(args)], {
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
    throw new Error(`sessions child exited ${code}: ${err.slice(-2000) || out.slice(-2000)}`);
  const s = JSON.parse(line) as RemoteSessionsSample;
  const perRemote = per(s.memory.remoteOpen, s.memory.remoteBefore, s.sessions);
  const perDirect = per(s.memory.directOpen, s.memory.directBefore, s.sessions);
  return {
    ...s,
    perRemote,
    perDirect,
    ratioHeap: perRemote.heapUsed / perDirect.heapUsed,
    ratioRss: perRemote.rss / perDirect.rss,
    ratioP99: s.loaded.p99 / s.alone.p99,
    ratioP50: s.loaded.p50 / s.alone.p50,
  };
}
