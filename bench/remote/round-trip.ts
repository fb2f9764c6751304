/**
 * Round trip through the relay (issue 13): `get` and `set` from a DeviceClient through the cloud relay, the broker and
 * the amp's cloud agent, beside the same request from a DeviceClient to the same amp over its local WebSocket.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { DeviceClient } from '@rackside/device-client';
import { getAt, RELAY_RATE_PER_S } from '@rackside/protocol';
import { summarize, type Latency } from '../stats';
import type { ClientChildMessage, ClientChildOptions } from './client-child';
import { addAmp, addAmpProcess, directClient, OUTPUT_URL, relayClient, relayTarget, startRemoteCloud } from './cloud';
import { measureRoundTrips, type RoundTripSamples } from './round-trip-loop';

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
  /**
   * Where the parts run: `apart` (default) as they do in use, on three devices — the amp, its local device API and
   * its cloud agent in a process of their own (amp-child.ts), the clients (the browser's side) in another
   * (client-child.ts), the cloud and its broker in this one; `amp-apart`: the amp so, the clients in this process with
   * the cloud; `one-loop`: all in this process, on one event loop, every hop's work in one queue.
   */
  readonly placement?: Placement;
}

/** Where benchRemoteRoundTrip's parts run (`RemoteRoundTripOptions.placement`). */
export type Placement = 'apart' | 'amp-apart' | 'one-loop';

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
  readonly placement: Placement;
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
 * process; the clients (the browser's side) share this process's event loop with the cloud and the broker. The amp
 * runs in a process of its own by default (`amp`), so that on both paths the request crosses to the amp's process
 * and back once, as it crosses to a real amp.
 */
export async function benchRemoteRoundTrip(opts: RemoteRoundTripOptions): Promise<RemoteRoundTripResult> {
  const iterations = opts.iterations;
  const warmup = opts.warmup ?? Math.max(20, Math.round(iterations / 10));
  const sessions = opts.sessions ?? 8;
  const placement = opts.placement ?? 'apart';
  const cloud = await startRemoteCloud({
    sessionsPerUser: sessions + 8,
    sessionsPerAmp: sessions + 8,
    ...(opts.mqttUrl === undefined ? {} : { mqttUrl: opts.mqttUrl }),
  });
  const cleanup: (() => Promise<void> | void)[] = [() => cloud.close()];
  try {
    const base = opts.base ?? '127.0.9.1';
    const amp = placement === 'one-loop' ? await addAmp(cloud, 0, base) : await addAmpProcess(cloud, 0, base);
    cleanup.push(() => amp.close());
    // each relay session at most 80 % of the relay's rate: a Busy answer would be a failed request, not a figure
    const perSessionRate = RELAY_RATE_PER_S * 0.8;
    const loop = { iterations, warmup, gapMs: 1000 / perSessionRate };

    let samples: RoundTripSamples;
    if (placement === 'apart') {
      const relay = [];
      for (let s = 0; s < sessions; s++) relay.push(await relayTarget(cloud, amp.deviceId));
      samples = await inClientProcess({ ...loop, relay, directUrl: amp.directUrl });
    } else {
      const remotes: DeviceClient[] = [];
      for (let s = 0; s < sessions; s++) {
        const c = await relayClient(cloud, amp.deviceId);
        cleanup.push(() => c.close());
        remotes.push(c);
      }
      const direct = await directClient(amp.directUrl);
      cleanup.push(() => direct.close());
      samples = await measureRoundTrips({ ...loop, remotes, direct });
    }

    const one = (method: 'get' | 'set'): RemoteRoundTripCase => {
      const r = summarize(samples[method].remote);
      const d = summarize(samples[method].direct);
      return { method, remote: r, direct: d, ratioP50: r.p50 / d.p50, ratioP99: r.p99 / d.p99 };
    };
    const held = await amp.read(OUTPUT_URL);
    return {
      broker: cloud.broker,
      placement,
      iterations,
      sessions,
      perSessionRate,
      get: one('get'),
      set: one('set'),
      remoteGetMatchesAmp: isDeepStrictEqual(samples.remoteOutput, held),
      directGetMatchesAmp: isDeepStrictEqual(samples.directOutput, held),
      lastSet: samples.lastSet,
      ampFader: await amp.read(`${OUTPUT_URL}/fader`),
      directReadBack: getAt(samples.directOutput, ['fader']),
    };
  } finally {
    for (const c of cleanup.reverse()) await c();
  }
}

const CLIENT_CHILD = fileURLToPath(new URL('./client-child.ts', import.meta.url));

/** The measuring loop in client-child.ts, a process of its own, as a browser is. */
async function inClientProcess(opts: ClientChildOptions): Promise<RoundTripSamples> {
  const child = fork(CLIENT_CHILD, [JSON.stringify(opts)], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: 'inherit',
  });
  try {
    return await new Promise<RoundTripSamples>((resolve, reject) => {
      child.on('message', (m: ClientChildMessage) =>
        m.type === 'done' ? resolve(m.samples) : reject(new Error(`the client process failed: ${m.error}`)),
      );
      child.once('exit', (code) => reject(new Error(`the client process exited (${code}) before its samples`)));
    });
  } finally {
    child.kill();
  }
}
