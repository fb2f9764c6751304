/**
 * `benchFirmwareDownload` (issue 14): an image downloaded by N amps at once from one cloud process, through the
 * download URLs of their firmware jobs (GET /api/firmware/{id}/download?token=, each amp its own token), beside a
 * bare Node `http` + `fs.createReadStream` server sending the same bytes to N clients at once, in the same process
 * and the same run. Both servers run in this process; the N clients in a child (clients.ts). Rounds alternate the
 * order (cloud first, then bare first, …); the median round of each side is reported. This process's memory is
 * sampled during every round (gc, then every 20 ms): its peak increase is what serving N downloads at once costs.
 */
import { performance } from 'node:perf_hooks';
import { summarize, type Latency } from '../stats';
import { startBareFileServer } from './bare-server';
import { Clients } from './child';
import type { DownloadRun } from './clients';
import { startFirmwareCloud } from './cloud';
import { sampleMemory, type MemoryFigures } from './memory';

/** Target: the cloud's throughput at least this share of the bare server's. */
export const DOWNLOAD_TARGET_RATIO = 0.8;

/**
 * Target of the cloud's memory while serving: its peak increase (RSS, heap or external, the largest) under this share
 * of clients × image size, which is what buffering each image whole would take.
 */
export const MEMORY_TARGET_SHARE = 0.1;

export type Side = 'cloud' | 'bare';

export interface FirmwareDownloadOptions {
  /** Amps downloading at once (default 200). */
  readonly clients?: number;
  /** Image payload in bytes (default 16 MiB). */
  readonly payloadBytes?: number;
  /** Measured rounds per side (default 3). */
  readonly rounds?: number;
  /** Downloads of the warm-up round per side, not measured (default 10; 0 for none). */
  readonly warmup?: number;
  /** Address both servers listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Told what the bench is doing (stderr in run.ts). */
  readonly progress?: (message: string) => void;
}

/** One measured round of one side. */
export interface DownloadRound {
  readonly side: Side;
  readonly wallMs: number;
  /** All bodies' bytes / wall time, MiB/s. */
  readonly mbPerS: number;
  readonly firstByte: Latency;
  readonly total: Latency;
  /** CPU of this process (the server side) and of the clients' process during the round, ms. */
  readonly serverCpuMs: number;
  readonly clientCpuMs: number;
  readonly memoryBefore: MemoryFigures;
  readonly memoryIncrease: MemoryFigures;
  /** Every download complete with 200 and the image's size; the first one's sha256 the image's. */
  readonly allComplete: boolean;
  readonly shaMatches: boolean;
}

export interface FirmwareDownloadResult {
  readonly clients: number;
  readonly imageBytes: number;
  readonly uploadMs: number;
  readonly rounds: readonly DownloadRound[];
  /** The median round of each side by throughput. */
  readonly cloud: DownloadRound;
  readonly bare: DownloadRound;
  /** cloud / bare throughput of the median rounds. */
  readonly ratio: number;
  /** The largest increase of each memory figure over the rounds of each side. */
  readonly cloudMemoryPeak: MemoryFigures;
  readonly bareMemoryPeak: MemoryFigures;
}

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The round whose value is the median (the lower middle for an even count). */
export function medianBy<T>(items: readonly T[], value: (t: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  const item = sorted[(sorted.length - 1) >> 1];
  if (item === undefined) throw new Error('no rounds');
  return item;
}

/** Round i's order: cloud first on even rounds, bare first on odd ones. */
export const sidesOf = (round: number): readonly [Side, Side] =>
  round % 2 === 0 ? ['cloud', 'bare'] : ['bare', 'cloud'];

/** MiB per second of `bytes` in `ms`. */
export const mibPerS = (bytes: number, ms: number): number => bytes / 2 ** 20 / (ms / 1000);

/** The largest of each memory figure over `figures`. */
export const maxFigures = (figures: readonly MemoryFigures[]): MemoryFigures => ({
  rss: Math.max(...figures.map((f) => f.rss)),
  heapUsed: Math.max(...figures.map((f) => f.heapUsed)),
  external: Math.max(...figures.map((f) => f.external)),
  arrayBuffers: Math.max(...figures.map((f) => f.arrayBuffers)),
});

export async function benchFirmwareDownload(opts: FirmwareDownloadOptions = {}): Promise<FirmwareDownloadResult> {
  const clients = opts.clients ?? 200;
  const rounds = opts.rounds ?? 3;
  const warmup = Math.min(opts.warmup ?? 10, clients);
  const host = opts.host ?? '127.0.0.1';
  const progress = opts.progress ?? (() => undefined);

  progress(`firmware download: starting the cloud, ${clients} amps, uploading the image`);
  const t0 = performance.now();
  const cloud = await startFirmwareCloud({ host, amps: clients, payloadBytes: opts.payloadBytes ?? 16 * 2 ** 20 });
  progress(`firmware download: cloud ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const bare = await startBareFileServer(host, cloud.imagePath);
  const child = Clients.start();
  try {
    const urlsOf = (side: Side, n: number): string[] =>
      side === 'cloud' ? cloud.urls.slice(0, n) : Array.from({ length: n }, () => bare.url);
    const measure = async (side: Side): Promise<DownloadRound> => {
      const memory = sampleMemory();
      const cpu0 = process.cpuUsage();
      const run: DownloadRun = await child.download({ urls: urlsOf(side, clients) });
      const cpu = process.cpuUsage(cpu0);
      const mem = memory.stop();
      const bytes = run.bytes.reduce((s, b) => s + b, 0);
      return {
        side,
        wallMs: run.wallMs,
        mbPerS: mibPerS(bytes, run.wallMs),
        firstByte: summarize(run.firstByteMs),
        total: summarize(run.totalMs),
        serverCpuMs: (cpu.user + cpu.system) / 1000,
        clientCpuMs: run.cpuMs,
        memoryBefore: mem.before,
        memoryIncrease: mem.increase,
        allComplete: run.failed === 0 && run.bytes.every((b) => b === cloud.size),
        shaMatches: run.firstSha256 === cloud.sha256,
      };
    };
    if (warmup > 0) for (const side of ['cloud', 'bare'] as const) await child.download({ urls: urlsOf(side, warmup) });
    const measured: DownloadRound[] = [];
    for (let i = 0; i < rounds; i++) {
      for (const side of sidesOf(i)) {
        const round = await measure(side);
        progress(
          `firmware download: round ${i + 1} ${side} ${round.mbPerS.toFixed(0)} MiB/s in ${round.wallMs.toFixed(0)} ms`,
        );
        measured.push(round);
      }
    }
    const of = (side: Side) => measured.filter((r) => r.side === side);
    const cloudMedian = medianBy(of('cloud'), (r) => r.mbPerS);
    const bareMedian = medianBy(of('bare'), (r) => r.mbPerS);
    return {
      clients,
      imageBytes: cloud.size,
      uploadMs: cloud.uploadMs,
      rounds: measured,
      cloud: cloudMedian,
      bare: bareMedian,
      ratio: median(of('cloud').map((r) => r.mbPerS)) / median(of('bare').map((r) => r.mbPerS)),
      cloudMemoryPeak: maxFigures(of('cloud').map((r) => r.memoryIncrease)),
      bareMemoryPeak: maxFigures(of('bare').map((r) => r.memoryIncrease)),
    };
  } finally {
    await child.stop();
    await bare.close();
    await cloud.close();
  }
}
