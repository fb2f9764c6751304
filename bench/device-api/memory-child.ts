/**
 * One memory measure in a fresh process (run by benchMemory as `node --expose-gc --import tsx memory-child.ts
 * MODE COUNT BASE SETTLE_MS`): gc, memory before, start COUNT emulated amps (MODE amps) or COUNT bare server trios
 * (MODE bare: a ws WebSocketServer, a net server and an http server, each trio on its own loopback address), wait
 * SETTLE_MS, gc, memory after. Prints one JSON line (a MemorySample) on stdout.
 */
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { MemoryFigures, MemorySample } from './memory';

const [mode, countArg, base = '127.0.6.1', settleArg = '3000'] = process.argv.slice(2);
const count = Number(countArg);
const settleMs = Number(settleArg);
if ((mode !== 'amps' && mode !== 'bare') || !Number.isInteger(count) || count < 1 || !Number.isFinite(settleMs))
  throw new Error('usage: memory-child.ts amps|bare COUNT BASE SETTLE_MS');

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('memory-child.ts needs node --expose-gc');

/** The n-th IPv4 address after base (127.0.6.1 + 2 → 127.0.6.3). */
function nth(ip: string, n: number): string {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  const v = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d + n;
  return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
}

const FIELDS = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/**
 * Waits SETTLE_MS, then reads the memory five times 100 ms apart, each after a full gc, and keeps each field's
 * median: done alike before and after, so transients cancel and one odd reading does not count.
 */
const settle = async (): Promise<MemoryFigures> => {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const readings: MemoryFigures[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    gc();
    readings.push(process.memoryUsage());
  }
  const median = (k: (typeof FIELDS)[number]): number => readings.map((r) => r[k]).sort((a, b) => a - b)[2] ?? 0;
  return Object.fromEntries(FIELDS.map((k) => [k, median(k)])) as MemoryFigures;
};

async function measureAmps(): Promise<MemorySample> {
  // everything the fleet needs is loaded before the first measure: only instances are counted
  const { startFleet } = await import('@rackside/amp-sim');
  const { DeviceClient } = await import('@rackside/device-client');
  const { WebSocket } = await import('ws');
  const before = await settle();
  const t0 = performance.now();
  const fleet = await startFleet({ amps: count, base, faults: [], cloudAgent: false, touchPanels: 0 });
  const startMs = performance.now() - t0;
  const after = await settle();
  // then check that the last amp answers
  const last = fleet.amps[fleet.amps.length - 1]!;
  const client = new DeviceClient({
    url: `ws://${last.amp.identity.ip}:${last.ports.ws}`,
    WebSocket,
    autoReconnect: false,
  });
  await client.connected();
  const answered = await client.get('/amp/deviceInfo/modelID');
  client.close();
  await fleet.close();
  return { mode: 'amps', count, before, after, startMs, answered, expected: last.amp.model.modelID };
}

async function measureBare(): Promise<MemorySample> {
  const { WebSocketServer } = await import('ws');
  const before = await settle();
  const t0 = performance.now();
  const closers: (() => Promise<void>)[] = [];
  for (let i = 0; i < count; i++) {
    const host = nth(base, i);
    const wss = new WebSocketServer({ host, port: 0 });
    await once(wss, 'listening');
    wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
    const net = createNetServer((socket) => socket.pipe(socket));
    net.listen(0, host);
    await once(net, 'listening');
    const http = createHttpServer((_req, res) => res.end('ok'));
    http.listen(0, host);
    await once(http, 'listening');
    closers.push(
      () => new Promise<void>((resolve) => wss.close(() => resolve())),
      () => new Promise<void>((resolve) => net.close(() => resolve())),
      () => new Promise<void>((resolve) => http.close(() => resolve())),
    );
  }
  const startMs = performance.now() - t0;
  const after = await settle();
  for (const close of closers) await close();
  return { mode: 'bare', count, before, after, startMs };
}

const sample = mode === 'amps' ? await measureAmps() : await measureBare();
process.stdout.write(JSON.stringify(sample) + '\n');
