/**
 * Memory of this process (the server side) while it serves: process.memoryUsage() sampled on a timer, the peak of
 * each figure over a settled reading taken before. gc is reached through V8's flag when the process has none
 * (`--expose-gc` is not on the bench's command line), so that the before reading is after a collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The figures sampled, in bytes. */
export interface MemoryFigures {
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

const KEYS = ['rss', 'heapUsed', 'external', 'arrayBuffers'] as const;

let gcFn: (() => void) | undefined;
/** A full collection (V8's gc, exposed on first use). */
export function fullGc(): void {
  if (gcFn === undefined) {
    const existing = (globalThis as { gc?: () => void }).gc;
    if (existing) gcFn = existing;
    else {
      setFlagsFromString('--expose-gc');
      gcFn = runInNewContext('gc') as () => void;
    }
  }
  gcFn();
}

const read = (): MemoryFigures => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

/** Peak of each figure per sample, element-wise. */
export const peakOf = (a: MemoryFigures, b: MemoryFigures): MemoryFigures => ({
  rss: Math.max(a.rss, b.rss),
  heapUsed: Math.max(a.heapUsed, b.heapUsed),
  external: Math.max(a.external, b.external),
  arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
});

/** Element-wise a − b. */
export const minus = (a: MemoryFigures, b: MemoryFigures): MemoryFigures =>
  Object.fromEntries(KEYS.map((k) => [k, a[k] - b[k]])) as unknown as MemoryFigures;

/** A running sample: stop() gives the before reading, the peak and the peak increase. */
export interface MemorySampling {
  stop(): { before: MemoryFigures; peak: MemoryFigures; increase: MemoryFigures; samples: number };
}

/** gc, a before reading, then a sample every `everyMs` until stopped. */
export function sampleMemory(everyMs = 20): MemorySampling {
  fullGc();
  const before = read();
  let peak = before;
  let samples = 0;
  const timer = setInterval(() => {
    peak = peakOf(peak, read());
    samples++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = peakOf(peak, read());
      return { before, peak, increase: minus(peak, before), samples: samples + 1 };
    },
  };
}
