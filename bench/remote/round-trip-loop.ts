/**
 * The measuring loop of the remote round trip (round-trip.ts), shared by the bench's own process and by
 * client-child.ts (the browser's side in a process of its own): `get` then `set` of `/amp/channels/1/output`, each
 * request through one of the relay sessions in turn (each held under the relay's rate) and the same request on the
 * amp's local WebSocket, the two paths taking turns going first, one request in flight.
 */
import { performance } from 'node:perf_hooks';
import type { DeviceClient } from '@rackside/device-client';
import { faderValue, OUTPUT_URL } from '../device-api/peers';
import { collectGarbage, sleep } from '../stats';

/** Round trips in ms, per method and path, and what the last requests read. */
export interface RoundTripSamples {
  readonly get: { readonly remote: number[]; readonly direct: number[] };
  readonly set: { readonly remote: number[]; readonly direct: number[] };
  /** The fader value the last `set` put through the relay, and a `get` after it through the relay and directly. */
  readonly lastSet: number;
  readonly remoteOutput: unknown;
  readonly directOutput: unknown;
}

export interface RoundTripLoopOptions {
  readonly remotes: readonly DeviceClient[];
  readonly direct: DeviceClient;
  readonly iterations: number;
  readonly warmup: number;
  /** Least time between two requests of one relay session. */
  readonly gapMs: number;
}

export async function measureRoundTrips(opts: RoundTripLoopOptions): Promise<RoundTripSamples> {
  const { remotes, direct, iterations, warmup, gapMs } = opts;
  const sessions = remotes.length;
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
  const measure = async (method: 'get' | 'set') => {
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
    return { remote, direct: directSamples };
  };

  const get = await measure('get');
  const set = await measure('set');
  const lastSet = faderValue(2 * n + 7);
  await paced(0);
  await remotes[0]!.set(OUTPUT_URL, { fader: lastSet });
  await paced(1 % sessions);
  const remoteOutput = await remotes[1 % sessions]!.get(OUTPUT_URL);
  const directOutput = await direct.get(OUTPUT_URL);
  return { get, set, lastSet, remoteOutput, directOutput };
}
