/**
 * a. Request/reply round trip: DeviceClient → one emulated amp, beside a raw `ws` client to the same amp, a raw
 * `ws` client to a bare echo server (the baseline), and a JSON echo: the least any JSON-RPC peer pair does
 * over `ws` (the request stringified with a fresh id and parsed by the server, the reply's id spliced in and the reply
 * parsed by the client), for how much of the gap is the JSON work a conforming client and amp cannot skip (house
 * rule: performance is measured here, never in timed tests).
 */
import { isDeepStrictEqual } from 'node:util';
import { nthAddress } from '@rackside/amp-sim';
import { getAt } from '@rackside/protocol';
import { collectGarbage, summarize, timeSequential, type Latency } from '../stats';
import {
  bareServer,
  faderValue,
  jsonEchoServer,
  JsonPeer,
  newClient,
  oneAmp,
  OUTPUT_URL,
  RawPeer,
  replyAround,
  requestText,
} from './peers';

/** Sizes of a round trip. */
export interface RoundTripOptions {
  /** Measured round trips per method and per path (client, raw, bare). */
  readonly iterations: number;
  /** Unmeasured round trips per method and per path first (default max(50, iterations / 10)). */
  readonly warmup?: number;
  /** Loopback address of the amp; the bare echo listens on the next one, the JSON echo on the one after. Default 127.0.5.1. */
  readonly base?: string;
}

/** One method's figures: DeviceClient → amp, raw ws → amp, raw ws → bare echo, and the headline ratios. */
export interface RoundTripCase {
  readonly method: 'get' | 'set';
  /** Bytes of the request frame the client sends, and of the amp's reply (the bare echo uses the same sizes). */
  readonly requestBytes: number;
  readonly replyBytes: number;
  /** DeviceClient.get/set against the emulated amp: the figure under test. */
  readonly client: Latency;
  /** The same request text sent by a raw ws client to the amp: the emulator's share without the client's. */
  readonly rawToAmp: Latency;
  /** Raw ws client → bare ws echo server answering a canned reply of the same size: the baseline. */
  readonly bare: Latency;
  readonly ratioP50: number;
  readonly ratioP99: number;
  /**
   * The JSON echo (see jsonEcho): a request stringified with a fresh id, parsed by the server, answered with the
   * amp's reply text with that id, parsed by the client. Not the target's baseline: what the JSON work costs.
   */
  readonly jsonEcho: Latency;
  readonly ratioJsonP50: number;
  readonly ratioJsonP99: number;
}

/** What benchRoundTrip measured, and what the emulator answered. */
export interface RoundTripResult {
  readonly iterations: number;
  readonly get: RoundTripCase;
  readonly set: RoundTripCase;
  /** The `get` reply equalled the amp's own state at that url. */
  readonly getMatchesAmp: boolean;
  /** The last fader value set, and the value read back through the client afterwards. */
  readonly lastSet: number;
  readonly readBack: unknown;
}

/** Round-trip target of the brief: DeviceClient at most 1.5 × the bare ws echo. */
export const ROUND_TRIP_TARGET_RATIO = 1.5;

/**
 * `get` and `set` round trips through DeviceClient against one emulated amp (physics stopped, nobody subscribed),
 * beside a raw ws client against the same amp and a raw ws client against a bare echo server with the same frame
 * sizes and the same send-then-await pattern. The three are measured in interleaved blocks so drift and
 * background noise fall on all alike (under `node --expose-gc`, a full gc before each block).
 */
export async function benchRoundTrip(opts: RoundTripOptions): Promise<RoundTripResult> {
  const base = opts.base ?? '127.0.5.1';
  const iterations = opts.iterations;
  const warmup = opts.warmup ?? Math.max(50, Math.round(iterations / 10));
  const fleet = await oneAmp(base);
  const cleanup: (() => Promise<void> | void)[] = [() => fleet.close()];
  try {
    const { amp, physics, ports } = fleet.amps[0]!;
    physics.stop();
    const url = `ws://${amp.identity.ip}:${ports.ws}`;
    const client = newClient(url);
    cleanup.push(() => client.close());
    await client.connected();
    const raw = await RawPeer.connect(url);
    cleanup.push(() => raw.close());

    // the frames as they go over the wire, for the baseline's sizes
    const getRequest = requestText('get', OUTPUT_URL, undefined, 1000);
    const setRequest = requestText('set', OUTPUT_URL, { fader: faderValue(122) }, 1000);
    const getReply = await raw.request(getRequest);
    const setReply = await raw.request(setRequest);
    if (!getReply.includes('"result"') || !setReply.includes('"OK"'))
      throw new Error(`the amp did not answer as expected: ${getReply.slice(0, 200)} / ${setReply.slice(0, 200)}`);

    const echo = await bareServer(nthAddress(base, 1));
    cleanup.push(() => echo.close());
    let cannedReply = getReply;
    echo.wss.on('connection', (ws) => ws.on('message', () => ws.send(cannedReply)));
    const bare = await RawPeer.connect(echo.url);
    cleanup.push(() => bare.close());

    // the JSON echo: parses each request and answers the amp's reply text for that method with the request's id
    let jsonReply = replyAround(getReply);
    const jsonServer = await jsonEchoServer(nthAddress(base, 2), () => jsonReply);
    cleanup.push(() => jsonServer.close());
    const json = await JsonPeer.connect(jsonServer.url);
    cleanup.push(() => json.close());

    let n = 0;
    type Path = (i: number) => Promise<unknown>;
    const paths: Record<'get' | 'set', Record<'client' | 'raw' | 'bare' | 'json', Path>> = {
      get: {
        client: () => client.get(OUTPUT_URL),
        raw: () => raw.request(requestText('get', OUTPUT_URL, undefined, ++n)),
        bare: () => bare.request(getRequest),
        json: () => json.request('get', OUTPUT_URL, undefined),
      },
      set: {
        client: (i: number) => client.set(OUTPUT_URL, { fader: faderValue(i) }),
        raw: (i: number) => raw.request(requestText('set', OUTPUT_URL, { fader: faderValue(i) }, ++n)),
        bare: () => bare.request(setRequest),
        json: (i: number) => json.request('set', OUTPUT_URL, { fader: faderValue(i) }),
      },
    };

    const measure = async (method: 'get' | 'set', request: string, reply: string): Promise<RoundTripCase> => {
      cannedReply = reply;
      jsonReply = replyAround(reply);
      const p = paths[method];
      await timeSequential(warmup, p.bare);
      await timeSequential(warmup, p.json);
      await timeSequential(warmup, p.raw);
      await timeSequential(warmup, p.client);
      const samples = { client: [] as number[], raw: [] as number[], bare: [] as number[], json: [] as number[] };
      const block = Math.max(1, Math.min(250, Math.ceil(iterations / 4)));
      for (let done = 0; done < iterations; done += block) {
        const size = Math.min(block, iterations - done);
        collectGarbage();
        samples.bare.push(...(await timeSequential(size, (i) => p.bare(done + i))));
        samples.json.push(...(await timeSequential(size, (i) => p.json(done + i))));
        samples.raw.push(...(await timeSequential(size, (i) => p.raw(done + i))));
        samples.client.push(...(await timeSequential(size, (i) => p.client(done + i))));
      }
      const c = summarize(samples.client);
      const b = summarize(samples.bare);
      const j = summarize(samples.json);
      return {
        method,
        requestBytes: Buffer.byteLength(request),
        replyBytes: Buffer.byteLength(reply),
        client: c,
        rawToAmp: summarize(samples.raw),
        bare: b,
        ratioP50: c.p50 / b.p50,
        ratioP99: c.p99 / b.p99,
        jsonEcho: j,
        ratioJsonP50: c.p50 / j.p50,
        ratioJsonP99: c.p99 / j.p99,
      };
    };

    const get = await measure('get', getRequest, getReply);
    const set = await measure('set', setRequest, setReply);
    const lastSet = faderValue(iterations + 1);
    await client.set(OUTPUT_URL, { fader: lastSet });
    const output = await client.get(OUTPUT_URL);
    return {
      iterations,
      get,
      set,
      getMatchesAmp: isDeepStrictEqual(output, amp.read(OUTPUT_URL)),
      lastSet,
      readBack: getAt(output, ['fader']),
    };
  } finally {
    for (const c of cleanup.reverse()) await c();
  }
}
