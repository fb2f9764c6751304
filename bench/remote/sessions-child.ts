/**
 * The concurrent-sessions measure in a fresh process (run by benchRemoteSessions as `node --expose-gc --import tsx
 * sessions-child.ts '{json options}'`): the cloud, the amps and every client in this one process. Prints one JSON line
 * (a RemoteSessionsSample) on stdout.
 *
 * Order: the cloud and the amps; one relay session and one direct session opened and closed (everything loaded and
 * warmed, the amp-side topic subscribed once); one relay session alone, timed; memory; N direct sessions; memory;
 * closed; memory; N relay sessions; memory; the load with all N open, timed; a final `get` on every session.
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { ConnectionState, type DeviceClient } from '@rackside/device-client';
import { RELAY_RATE_PER_S } from '@rackside/protocol';
import type { MemoryFigures } from '../device-api';
import { sleep, summarize } from '../stats';
import { addAmps, directClient, OUTPUT_URL, relayClient, startRemoteCloud, type RemoteAmp } from './cloud';
import type { RemoteSessionsSample } from './sessions';

const opts = JSON.parse(process.argv[2] ?? '{}') as {
  sessions: number;
  amps: number;
  intervalMs: number;
  measureMs: number;
  aloneMs: number;
  base: string;
  settleMs: number;
};
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('sessions-child.ts needs node --expose-gc');

const FIELDS = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/** Waits settleMs, then five readings 100 ms apart, each after a full gc; the median of each field. */
async function settle(): Promise<MemoryFigures> {
  await sleep(opts.settleMs);
  const readings: MemoryFigures[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await sleep(100);
    gc!();
    gc!();
    readings.push(process.memoryUsage());
  }
  const median = (k: (typeof FIELDS)[number]) => readings.map((r) => r[k]).sort((a, b) => a - b)[2] ?? 0;
  return Object.fromEntries(FIELDS.map((k) => [k, median(k)])) as MemoryFigures;
}

/** Opens `n` clients, `parallel` at a time; session i on amp i % amps. */
async function openAll(
  n: number,
  amps: readonly RemoteAmp[],
  open: (amp: RemoteAmp) => Promise<DeviceClient>,
  parallel = 10,
): Promise<{ clients: DeviceClient[]; ms: number }> {
  const clients: DeviceClient[] = new Array<DeviceClient>(n);
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const c = await open(amps[i % amps.length]!);
      await c.subscribe('/');
      clients[i] = c;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, n) }, worker));
  return { clients, ms: performance.now() - t0 };
}

const cloud = await startRemoteCloud({
  sessionsPerUser: opts.sessions + 8,
  sessionsPerAmp: Math.ceil(opts.sessions / opts.amps) + 2,
});
const amps = await addAmps(cloud, opts.amps, opts.base);
try {
  // warm: code loaded, the first relay session of an amp subscribes the cloud to its responses
  for (const open of [() => relayClient(cloud, amps[0]!.deviceId), () => directClient(amps[0]!.directUrl)]) {
    const c = await open();
    await c.subscribe('/');
    await c.get(OUTPUT_URL);
    c.close();
  }

  // one relay session alone, at 80 % of the relay's rate
  const aloneRate = RELAY_RATE_PER_S * 0.8;
  const alone: number[] = [];
  {
    const c = await relayClient(cloud, amps[0]!.deviceId);
    await c.subscribe('/');
    const end = performance.now() + opts.aloneMs;
    while (performance.now() < end) {
      const t0 = performance.now();
      await c.get(OUTPUT_URL);
      const t1 = performance.now();
      alone.push(t1 - t0);
      await sleep(Math.max(0, 1000 / aloneRate - (t1 - t0)));
    }
    c.close();
  }

  const directBefore = await settle();
  const direct = await openAll(opts.sessions, amps, (a) => directClient(a.directUrl));
  const directOpen = await settle();
  for (const c of direct.clients) c.close();
  direct.clients.length = 0;
  const remoteBefore = await settle();
  const remote = await openAll(opts.sessions, amps, (a) => relayClient(cloud, a.deviceId));
  const remoteOpen = await settle();

  // every session once an interval, each at a random phase, for the window
  const loaded: number[] = [];
  let failed = 0;
  const end = performance.now() + opts.measureMs;
  await Promise.all(
    remote.clients.map(async (c) => {
      await sleep(Math.random() * opts.intervalMs);
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await c.get(OUTPUT_URL);
          loaded.push(performance.now() - t0);
        } catch {
          failed++;
        }
        await sleep(Math.max(0, opts.intervalMs - (performance.now() - t0)));
      }
    }),
  );
  const stillOpen = remote.clients.filter((c) => c.connectionState === ConnectionState.CONNECTED).length;
  let allMatchAmp = true;
  await Promise.all(
    remote.clients.map(async (c, i) => {
      const got = await c.get(OUTPUT_URL).catch(() => undefined);
      if (!isDeepStrictEqual(got, amps[i % amps.length]!.amp.read(OUTPUT_URL))) allMatchAmp = false;
    }),
  );
  for (const c of remote.clients) c.close();

  const sample: RemoteSessionsSample = {
    sessions: opts.sessions,
    amps: opts.amps,
    intervalMs: opts.intervalMs,
    measureMs: opts.measureMs,
    memory: { directBefore, directOpen, remoteBefore, remoteOpen },
    openRemoteMs: remote.ms,
    openDirectMs: direct.ms,
    loaded: summarize(loaded),
    alone: summarize(alone),
    aloneRate,
    failed,
    stillOpen,
    allMatchAmp,
  };
  console.log(JSON.stringify(sample));
} finally {
  for (const a of amps) await a.close();
  await cloud.close();
}
process.exit(0);
