/** Small helpers shared by the benchmarks: percentiles, timing loops, pauses and figure formatting. */
import { performance } from 'node:perf_hooks';

/** A latency distribution in milliseconds. */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly max: number;
  readonly samples: number;
}

/** Nearest-rank percentile of sorted samples (p in 0..100). */
function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** p50, p99, mean and max of samples in ms. */
export function summarize(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    samples: sorted.length,
  };
}

/** Runs `fn` n times one after the other, awaiting each, and returns each duration in ms. */
export async function timeSequential(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls the garbage collector when the process runs with --expose-gc; does nothing otherwise. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Rejects after `ms` with a message naming what was awaited; the timer is cleared when `p` settles first. */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Milliseconds: three decimals under 1 ms ("0.043 ms"), two under 100 ms, none above. */
export const ms = (v: number): string => `${v.toFixed(v >= 100 ? 0 : v >= 1 ? 2 : 3)} ms`;
/** Bytes as MB (2^20) with two decimals. */
export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(2)} MB`;
/** Bytes as KB (2^10) with one decimal. */
export const kb = (bytes: number): string => `${(bytes / 2 ** 10).toFixed(1)} KB`;
/** A ratio with two decimals. */
export const x = (v: number): string => v.toFixed(2);
/** PASS when the figure meets its target, ABOVE TARGET otherwise: printed, never a failure. */
export const verdict = (met: boolean): string => (met ? 'PASS' : 'ABOVE TARGET');
/** For a floor (frames per second): PASS when met, BELOW TARGET otherwise; printed, never a failure. */
export const verdictFloor = (met: boolean): string => (met ? 'PASS' : 'BELOW TARGET');
/** A share (0..1) as a percentage with one decimal, two under 1 %. */
export const pct = (v: number): string => `${(v * 100).toFixed(v < 0.01 ? 2 : 1)} %`;
