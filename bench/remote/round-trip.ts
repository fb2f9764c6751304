/**
 * Round trip through the relay (issue 13): `get` and `set` from a DeviceClient through the cloud relay, the broker and
 * the amp's cloud agent, beside the same request from a DeviceClient to the same amp over its local WebSocket.
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { DeviceClient } from '@rackside/device-client';
import { getAt, RELAY_RATE_PER_S } from '@rackside/protocol';
import { collectGarbage, sleep, summarize, type Latency } from '../stats';
import { addAmp, directClient, faderValue, OUTPUT_URL, relayClient, startRemoteCloud } from './cloud';

/** Sizes of a remote round-trip run. */
export interface RemoteRoundTripOptions {
  /** Measured round trips per method and per path (remote, direct). */
  readonly iterations: number;
  /** Unmeasured round trips per method and path first (default max(20, iterations / 10)). */
  readonly warmup?: number;
  /** Relay sessions the remote requests rotate over (default 8), each kept under the relay's rate. */
  readonly sessions?: number;
  /** Loopback address of the amp's local device API (default 127.0.9.1). */
  readonly base?: string;
  /** An external broker instead of the embedded one (startRemoteCloud's `mqttUrl`). */
  readonly mqttUrl?: string;
}

/** One method's figures: through the relay, directly, and the ratios. */
export interface RemoteRoundTripCase {
  readonly method: 'get' | 'set';
  readonly remote: Latency;
  readonly direct: Latency;
  readonly ratioP50: number;
  readonly ratioP99: number;
}

/** What benchRemoteRoundTrip measured, and what the amp answered. */
export interface RemoteRoundTripResult {
  /** `embedded`, or the external broker's URL. */
  readonly broker: string;
  readonly iterations: number;
  readonly sessions: number;
  /** Requests per second each relay session was held to (under RELAY_RATE_PER_S). */
  readonly perSessionRate: number;
  readonly get: RemoteRoundTripCase;
  readonly set: RemoteRoundTripCase;
  /** A remote `get` equalled the amp's own state at that url, and so did a direct one. */
  readonly remoteGetMatchesAmp: boolean;
  readonly directGetMatchesAmp: boolean;
  /** The last fader value set through the relay; what the amp holds and what a direct `get` read back. */
  readonly lastSet: number;
  readonly ampFader: unknown;
  readonly directReadBack: unknown;
}

/** Target of the issue: through the relay at most 3 × the direct round trip, at p50. */
export const REMOTE_ROUND_TRIP_TARGET_RATIO = 3;

/**
 * `get` and `set` of `/amp/channels/1/output` through the relay (remote DeviceClients, each held under the relay's
 * rate: the relay answers Busy above RELAY_RATE_PER_S a session) and from a DeviceClient on the amp's local device
 * API, alternately (each path first on every other pair, right after the pacing pause), one request in flight at a
 * time, so that drift, background work and waking from the pause fall on both alike. The amp is one emulated 704D
 * without physics (only the requests change it), its cloud agent connected to the embedded broker of a cloud in this
 * process; client, cloud, broker and amp share one event loop, for both paths.
 */
export async function benchRemoteRoundTrip(opts: RemoteRoundTripOptions): Promise<RemoteRoundTripResult> {
  const iterations = opts.iterations;
  const warmup = opts.warmup ?? Math.max(20, Math.round(iterations / 10));
  const sessions = opts.sessions ?? 8;
  const cloud = await startRemoteCloud({
    sessionsPerUser: sessions + 8,
    sessionsPerAmp: sessions + 8,
    ...(opts.mqttUrl === undefined ? {} : { mqttUrl: opts.mqttUrl }),
  });
  const cleanup: (() => Promise<void> | void)[] = [() => cloud.close()];
  try {
    const amp = await addAmp(cloud, 0, opts.base ?? '127.0.9.1');
    cleanup.push(() => amp.close());
    const remotes: DeviceClient[] = [];
    for (let s = 0; s < sessions; s++) {
      const c = await relayClient(cloud, amp.deviceId);
      cleanup.push(() => c.close());
      remotes.push(c);
    }
    const direct = await directClient(amp.directUrl);
    cleanup.push(() => direct.close());

    // each relay session at most 80 % of the relay's rate: a Busy answer would be a failed request, not a figure
    const perSessionRate = RELAY_RATE_PER_S * 0.8;
    const gapMs = 1000 / perSessionRate;
    const lastSent = remotes.map(() => -Infinity);
    const paced = async (s: number) => {
      const wait = lastSent[s]! + gapMs - performance.now();
      if (wait > 0) await sleep(wait);
      lastSent[s] = performance.now();
    };

    const run = {
      get: (c: DeviceClient) => c.get(OUTPUT_URL),
      set: (c: DeviceClient, i: number) => c.set(OUTPUT_URL, { fader: faderValue(i) }),
    };
    let n = 0;
    const measure = async (method: 'get' | 'set'): Promise<RemoteRoundTripCase> => {
      const remote: number[] = [];
      const directSamples: number[] = [];
      for (let i = -warmup; i < iterations; i++) {
        if (i % 250 === 0) collectGarbage();
        const s = n++ % sessions;
        await paced(s);
        // the first request after the pause pays for waking the loop (about 3 × a request that follows another, on
        // both paths): the two paths take turns going first, so neither carries it alone
        const remoteFirst = i % 2 === 0;
        const t0 = performance.now();
        await (remoteFirst ? run[method](remotes[s]!, 2 * n) : run[method](direct, 2 * n + 1));
        const t1 = performance.now();
        await (remoteFirst ? run[method](direct, 2 * n + 1) : run[method](remotes[s]!, 2 * n));
        const t2 = performance.now();
        if (i < 0) continue;
        remote.push(remoteFirst ? t1 - t0 : t2 - t1);
        directSamples.push(remoteFirst ? t2 - t1 : t1 - t0);
      }
      const r = summarize(remote);
      const d = summarize(directSamples);
      return { method, remote: r, direct: d, ratioP50: r.p50 / d.p50, ratioP99: r.p99 / d.p99 };
    };

    const get = await measure('get');
    const set = await measure('set');

    const lastSet = faderValue(2 * n + 7);
    await paced(0);
    await remotes[0]!.set(OUTPUT_URL, { fader: lastSet });
    await paced(1 % sessions);
    const remoteOutput = await remotes[1 % sessions]!.get(OUTPUT_URL);
    const directOutput = await direct.get(OUTPUT_URL);
    return {
      broker: cloud.broker,
      iterations,
      sessions,
      perSessionRate,
      get,
      set,
      remoteGetMatchesAmp: isDeepStrictEqual(remoteOutput, amp.amp.read(OUTPUT_URL)),
      directGetMatchesAmp: isDeepStrictEqual(directOutput, amp.amp.read(OUTPUT_URL)),
      lastSet,
      ampFader: amp.amp.read(`${OUTPUT_URL}/fader`),
      directReadBack: getAt(directOutput, ['fader']),
    };
  } finally {
    for (const c of cleanup.reverse()) await c();
  }
}
