/**
 * The baseline of the shadow-ingest bench: a bare Aedes (no authentication, no database) with one mqtt.js subscriber,
 * the same agents and payloads; publish → receipt latency at each N, then its throughput with the publishers
 * sending back to back.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Aedes } from 'aedes';
import { connect } from 'mqtt';
import type { Agents } from './children';
import { now } from './cloud-under-test';
import type { BareStep, IngestOptions, IngestResult } from './ingest';
import { Arrivals, measureWindow, waitFor } from './window';

/** A bare Aedes (no authentication, no database) on a free port, with one mqtt.js subscriber to every reported. */
async function startBareBroker(arrivals: Arrivals) {
  const broker = await Aedes.createBroker();
  const server: Server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const subscriber = connect(url, { clientId: 'bench-subscriber', clean: true }).on('error', () => undefined);
  await new Promise<void>((resolve) => subscriber.once('connect', () => resolve()));
  let bytes = 0;
  subscriber.on('message', (_topic, payload) => {
    bytes += payload.length;
    // the agents put `ts` first: {"ts":1234,...
    const end = payload.indexOf(44); // ','
    arrivals.add(Number(payload.subarray(6, end).toString('latin1')), now());
  });
  await subscriber.subscribeAsync('rackside/devices/+/reported', { qos: 1 });
  return {
    url,
    bytes: () => bytes,
    close: async () => {
      await subscriber.endAsync(true);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The baseline: a bare broker ramped to the same sizes as the cloud, then its back-to-back throughput. */
export async function rampBare(
  amps: readonly number[],
  agents: Agents,
  o: Required<IngestOptions>,
): Promise<IngestResult['bare']> {
  const arrivals = new Arrivals();
  const started = performance.now();
  const say = (message: string) =>
    o.progress(`[bare broker ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);
  const bare = await startBareBroker(arrivals);
  const steps: BareStep[] = [];
  let throughput: IngestResult['bare']['throughput'];
  try {
    let connected = 0;
    for (const n of amps) {
      const devices = Array.from({ length: n - connected }, (_, i) => ({
        deviceId: `bare-${connected + i}`,
        password: 'x',
      }));
      connected = n;
      arrivals.reset();
      const added = await agents.call({
        op: 'add',
        url: bare.url,
        devices,
        payload: o.payload,
        intervalMs: o.intervalMs,
        keepaliveS: o.keepaliveS,
        concurrency: o.connectConcurrency,
      });
      await waitFor(() => arrivals.count >= added.connected, 60_000);
      say(`${n} amps: ${added.connected} connected in ${(added.connectMs / 1000).toFixed(1)} s; measuring`);
      const w = await measureWindow(agents, arrivals, { ...o, measureMs: o.bareMeasureMs });
      steps.push({ amps: n, published: w.published, received: w.stored, latency: w.latency, brokerCpu: w.cpu });
    }
    const publishers = Math.min(connected, o.blastPublishers);
    say(`throughput: ${publishers} publishers back to back`);
    arrivals.reset();
    const bytes0 = bare.bytes();
    const t0 = performance.now();
    await agents.call({ op: 'blast', publishers, durationMs: o.blastMs });
    const wall = (performance.now() - t0) / 1000;
    throughput = {
      publishers,
      messagesPerS: arrivals.count / wall,
      mbPerS: (bare.bytes() - bytes0) / 2 ** 20 / wall,
    };
  } finally {
    await agents.closeAll();
    await bare.close();
  }
  return { steps, throughput };
}
