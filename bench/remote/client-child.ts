/**
 * The browser's side of the remote round trip in a process of its own (run by benchRemoteRoundTrip with
 * `placement: 'apart'` as `node --expose-gc --import tsx client-child.ts '{json options}'` with an IPC channel):
 * DeviceClients through the relay, with the credentials the parent asked the cloud for, and one on the amp's local
 * WebSocket; the measuring loop of round-trip-loop.ts; the samples sent to the parent, then exit.
 */
import type { DeviceClient } from '@rackside/device-client';
import { openBenchClient } from './bench-client';
import { measureRoundTrips, type RoundTripSamples } from './round-trip-loop';

export interface ClientChildOptions {
  /** One relay session each: the relay's url and the WebSocket subprotocols carrying its credential. */
  readonly relay: readonly { readonly url: string; readonly protocols: readonly string[] }[];
  readonly directUrl: string;
  readonly iterations: number;
  readonly warmup: number;
  readonly gapMs: number;
}
export type ClientChildMessage = { type: 'done'; samples: RoundTripSamples } | { type: 'failed'; error: string };

const opts = JSON.parse(process.argv[2] ?? '{}') as ClientChildOptions;
const clients: DeviceClient[] = [];
const open = async (url: string, protocols?: readonly string[]) => {
  const c = await openBenchClient(url, protocols);
  clients.push(c);
  return c;
};
try {
  const remotes: DeviceClient[] = [];
  for (const r of opts.relay) remotes.push(await open(r.url, r.protocols));
  const direct = await open(opts.directUrl);
  const samples = await measureRoundTrips({ ...opts, remotes, direct });
  process.send?.({ type: 'done', samples } satisfies ClientChildMessage);
} catch (error) {
  process.send?.({ type: 'failed', error: String(error) } satisfies ClientChildMessage);
} finally {
  for (const c of clients) c.close();
  process.disconnect?.();
}
