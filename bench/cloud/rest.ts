/**
 * benchRest: GET /api/venues and POST /api/venues/{id}/devices/attributes at a fixed rate, open loop (load.ts, a child
 * process), next to a bare Fastify route answering the same JSON at the same rate; and one request at a time.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { createVenue } from '@rackside/cloud/testing';
import { DEVICE_PATHS, fillPath, VENUE_PATHS, type DeviceAttributesReply } from '@rackside/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { sleep, summarize, type Latency } from '../stats';
import { Agents, Child } from './children';
import { registerDevices, signedInUser, startCloud, type CloudDriver } from './cloud-under-test';
import type { LoadRequest, LoadResult } from './load';
import { profileFor, type CpuProfileSummary } from './profile';
import { waitFor } from './window';

/** Options of benchRest. */
export interface RestOptions {
  /** Requests per second (default 200). */
  readonly rate?: number;
  /** Measured time per route and server (default 10 s), after a warm-up (default 1 s). */
  readonly durationMs?: number;
  readonly warmupMs?: number;
  /** Venues of the user (GET /venues lists them; default 10). */
  readonly venues?: number;
  /** Amps in the venue whose attributes are asked for, each with its real reported shadow (default 5). */
  readonly devices?: number;
  readonly driver?: CloudDriver;
  readonly postgresUrl?: string;
  /** Requests one after another (closed loop) before the open-loop run, per route and server (default 200). */
  readonly serial?: number;
  /** CPU-profile the cloud process during its open-loop run of each route for this long (0: no profile). */
  readonly profileMs?: number;
}

/** One route against its bare twin. */
export interface RestCase {
  readonly route: string;
  readonly replyBytes: number;
  readonly cloud: Latency;
  readonly bare: Latency;
  /** Sent → reply, without the generator's lateness (p50/p99). */
  readonly cloudService: Latency;
  readonly bareService: Latency;
  readonly ratioP50: number;
  readonly ratioP99: number;
  /** Requests that did not answer 200 (cloud, bare). */
  readonly failures: readonly [number, number];
  /** p99 of how late the generator sent (ms), for cloud and bare: large means the generator fell behind. */
  readonly sendLagP99: readonly [number, number];
  /** One request at a time (closed loop): cloud and bare, and the cloud's requests/s at that pace. */
  readonly serialCloud: Latency;
  readonly serialBare: Latency;
  readonly serialCloudPerS: number;
  readonly loadAverage: number;
  readonly profile?: CpuProfileSummary;
}

export interface RestResult {
  readonly rate: number;
  readonly durationMs: number;
  readonly driver: CloudDriver;
  readonly venues: RestCase;
  readonly attributes: RestCase;
  /** The attributes reply listed every amp with the shadow it published. */
  readonly check: { readonly venues: number; readonly devices: number; readonly shadowsMatch: boolean };
}

const failuresOf = (r: LoadResult): number =>
  Object.entries(r.statuses).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), r.errors);

/** Cloud routes and their bare Fastify twins at the same fixed rate, one after the other. */
export async function benchRest(options: RestOptions = {}): Promise<RestResult> {
  const rate = options.rate ?? 200;
  const durationMs = options.durationMs ?? 10_000;
  const warmupMs = options.warmupMs ?? 1000;
  const venueCount = options.venues ?? 10;
  const deviceCount = options.devices ?? 5;
  const driver = options.driver ?? 'pglite';
  const serialCount = options.serial ?? 200;
  const profileMs = options.profileMs ?? 0;
  const cloud = await startCloud(driver, options.postgresUrl);
  const agents = Agents.start();
  const load = Child.start('load.ts');
  let bare: FastifyInstance | undefined;
  try {
    const token = await signedInUser(cloud);
    const venueIds: string[] = [];
    for (let i = 0; i < venueCount; i++)
      venueIds.push(await createVenue(cloud.app, token, `Venue ${String(i + 1).padStart(2, '0')}`));
    const venueId = venueIds[0]!;
    const devices = await registerDevices(cloud, token, venueId, deviceCount, 0);
    let stored = 0;
    cloud.onStored = () => stored++;
    const added = await agents.call({
      op: 'add',
      url: cloud.deviceUrl,
      devices,
      payload: 'amp',
      intervalMs: 10_000,
      keepaliveS: 5,
      concurrency: 10,
      keepLast: true,
    });
    await waitFor(() => stored >= added.connected, 30_000);
    await sleep(200); // the online status may land after the shadow
    cloud.onStored = undefined;

    // what the cloud answers, and a bare Fastify answering the same JSON
    const auth = { authorization: `Bearer ${token}` };
    const venuesPath = VENUE_PATHS.venues;
    const attributesPath = fillPath(DEVICE_PATHS.attributes, { venueId });
    const venuesReply = await fetch(`${cloud.api}${venuesPath}`, { headers: auth }).then((r) => r.text());
    const attributesReply = await fetch(`${cloud.api}${attributesPath}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.text());
    const { payloads } = await agents.call({ op: 'last' });
    const attributes = JSON.parse(attributesReply) as DeviceAttributesReply;
    const shadowsMatch =
      attributes.devices.length === deviceCount &&
      attributes.devices.every(
        (d) =>
          d.deviceAttributes.connected &&
          isDeepStrictEqual(d.shadowAttributes.reported, JSON.parse(payloads[d.deviceId] ?? 'null')),
      );
    const venueList = JSON.parse(venuesReply) as { venues: unknown[] };

    bare = Fastify({ logger: false });
    const venuesBody = JSON.parse(venuesReply) as object;
    const attributesBody = JSON.parse(attributesReply) as object;
    bare.get(`/api${venuesPath}`, () => venuesBody);
    bare.post('/api/venues/:venueId/devices/attributes', () => attributesBody);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareApi = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/api`;

    const run = (base: string, method: 'GET' | 'POST', path: string, serial?: number) =>
      load.call<LoadResult>({
        url: `${base}${path}`,
        method,
        headers: auth,
        ...(method === 'POST' ? { body: '{}' } : {}),
        rate,
        durationMs,
        warmupMs,
        ...(serial !== undefined ? { serial } : {}),
      } satisfies LoadRequest);
    const measure = async (route: string, method: 'GET' | 'POST', path: string): Promise<RestCase> => {
      const sc = await run(cloud.api, method, path, serialCount);
      const sb = await run(bareApi, method, path, serialCount);
      const profiling =
        profileMs > 0 ? sleep(warmupMs).then(() => profileFor(Math.min(profileMs, durationMs))) : undefined;
      const c = await run(cloud.api, method, path);
      const profile = await profiling;
      const b = await run(bareApi, method, path);
      const cloudLatency = summarize(c.latencies);
      const bareLatency = summarize(b.latencies);
      return {
        route,
        replyBytes: c.replyBytes,
        cloud: cloudLatency,
        bare: bareLatency,
        cloudService: summarize(c.serviceTimes),
        bareService: summarize(b.serviceTimes),
        ratioP50: cloudLatency.p50 / bareLatency.p50,
        ratioP99: cloudLatency.p99 / bareLatency.p99,
        failures: [failuresOf(c), failuresOf(b)],
        sendLagP99: [c.sendLagP99, b.sendLagP99],
        serialCloud: summarize(sc.latencies),
        serialBare: summarize(sb.latencies),
        serialCloudPerS: sc.achievedRate,
        loadAverage: loadavg()[0] ?? 0,
        ...(profile ? { profile } : {}),
      };
    };
    const venues = await measure('GET /api/venues', 'GET', venuesPath);
    const attributesCase = await measure('POST /api/venues/{id}/devices/attributes', 'POST', attributesPath);
    return {
      rate,
      durationMs,
      driver,
      venues,
      attributes: attributesCase,
      check: { venues: venueList.venues.length, devices: attributes.devices.length, shadowsMatch },
    };
  } finally {
    await bare?.close();
    await load.stop();
    await agents.stop();
    await cloud.close();
  }
}
