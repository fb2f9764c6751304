/**
 * c. Memory per amp: a fleet measured in a child process after gc (memory-child.ts), beside as many bare transport
 * server trios in another child.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

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
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

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
