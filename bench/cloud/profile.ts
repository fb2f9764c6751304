/**
 * A CPU profile of this process (the cloud under test) while a load runs: V8's sampling profiler, its samples summed
 * by package (PGlite, Aedes, Fastify, …) and by function, as shares of the busy samples.
 */
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { sleep } from '../stats';

/** Where the sampled CPU time of this process went, as shares of the busy (non-idle) samples. */
export interface CpuProfileSummary {
  readonly wallMs: number;
  /** Share of samples in which the thread was busy (not idle). */
  readonly busyShare: number;
  readonly byCategory: readonly { readonly what: string; readonly share: number }[];
  readonly topFunctions: readonly { readonly what: string; readonly share: number }[];
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly hitCount?: number;
}

const CATEGORIES: readonly [RegExp, string][] = [
  [/^wasm:|@electric-sql\/pglite/, 'PGlite (WASM and its JS)'],
  [
    /node_modules\/(aedes[^/]*|mqtt-packet|bl|fastq|hyperid|retimer|reusify|end-of-stream|readable-stream)\//,
    'Aedes broker (+ mqtt-packet)',
  ],
  [/node_modules\/mqtt\//, 'mqtt.js (the service client)'],
  [/node_modules\/zod\//, 'zod'],
  [/node_modules\/drizzle-orm\//, 'drizzle-orm'],
  [/node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//, 'node-postgres'],
  [/node_modules\/(fastify|@fastify|avvio|find-my-way|light-my-request|pino[^/]*|fast-json-stringify)\//, 'Fastify'],
  [/node_modules\/jose\//, 'jose (JWT)'],
  [/packages\/(cloud|protocol)\//, 'Rackside cloud + protocol code'],
  [/\/bench\//, 'the bench itself (hook, subscriber)'],
  [/^node:/, 'Node.js core (net, streams, timers)'],
];

function categoryOf(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') {
    if (frame.functionName.startsWith('(')) return frame.functionName; // (garbage collector), (program), (idle)
    return 'V8 built-ins (JSON.parse, Buffer, …)';
  }
  for (const [pattern, name] of CATEGORIES) if (pattern.test(frame.url)) return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url)?.[1];
  return pkg ?? 'other';
}

const shortUrl = (url: string): string => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]?.split('/').pop() ?? ''}`;
  return url.split('/').slice(-2).join('/');
};

/** Profiles this process (V8 sampling profiler, 1 ms) for `ms` while the load runs. */
export async function profileFor(ms: number): Promise<CpuProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const started = performance.now();
    await sleep(ms);
    const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
    const wallMs = performance.now() - started;
    const categories = new Map<string, number>();
    const functions = new Map<string, number>();
    let total = 0;
    let idle = 0;
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (hits === 0) continue;
      total += hits;
      const category = categoryOf(node.callFrame);
      if (category === '(idle)') {
        idle += hits;
        continue;
      }
      categories.set(category, (categories.get(category) ?? 0) + hits);
      const fn = `${node.callFrame.functionName || '(anonymous)'}${node.callFrame.url ? ` ${shortUrl(node.callFrame.url)}` : ''}`;
      functions.set(fn, (functions.get(fn) ?? 0) + hits);
    }
    const busy = Math.max(1, total - idle);
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([what, hits]) => ({ what, share: hits / busy }));
    return {
      wallMs,
      busyShare: busy / Math.max(1, total),
      byCategory: top(categories, 10),
      topFunctions: top(functions, 12),
    };
  } finally {
    session.disconnect();
  }
}
