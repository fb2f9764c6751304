/**
 * Change → browser on several cloud nodes (issue 20, bench/cloud/nodes.ts): a signed-in user's live stream open on
 * every node (a ticket, then `GET /api/live?token=`, read as a browser's EventSource reads it), and an amp's status
 * changed through the broker (offline, then online again) while the fleet keeps publishing; one node ingests each
 * change (shared subscription) and every stream must show it. The time from the publish to each stream's `device`
 * event, so that on N nodes (N − 1) / N of the receipts crossed nodes (PostgreSQL NOTIFY between them).
 */
import { randomUUID } from 'node:crypto';
import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { TestSmtpServer } from '@rackside/cloud/testing';
import {
  CloudSessionSchema,
  IDENTITY_PATHS,
  LIVE_PATHS,
  LiveTicketReplySchema,
  VENUE_PATHS,
  VenueReplySchema,
  deviceTopic,
  parseLiveEvent,
  type LiveEvent,
} from '@rackside/protocol';
import { connect } from 'mqtt';

/** What the live measure found. */
export interface LiveLatency {
  /** Status changes published, streams open (one per node). */
  readonly changes: number;
  readonly streams: number;
  /** Receipts timed (changes × streams at most) and those that never came within the wait. */
  readonly receipts: number;
  readonly missing: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

const PASSWORD = 'Bench-Passw0rd!';

/** A user signed up through the API (the code from the test SMTP server), signed in, with a venue; its token. */
export async function signUpThroughApi(
  api: string,
  smtp: TestSmtpServer,
): Promise<{ email: string; token: string; venueId: string }> {
  const email = `bench-live-${randomUUID()}@example.com`;
  const post = async (path: string, body: unknown, token?: string): Promise<unknown> => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  await post(IDENTITY_PATHS.signUp, { email, password: PASSWORD, passwordConfirm: PASSWORD });
  const [mail] = await smtp.waitFor(1, (m) => m.to.some((t) => t.toLowerCase() === email));
  const code = /code is (\S+)/.exec(mail?.text ?? '')?.[1];
  await post(IDENTITY_PATHS.confirmSignUp, { email, code });
  const { idToken } = CloudSessionSchema.parse(await post(IDENTITY_PATHS.signIn, { email, password: PASSWORD }));
  const { venue } = VenueReplySchema.parse(await post(VENUE_PATHS.venues, { venue: { name: 'Bench' } }, idToken));
  return { email, token: idToken, venueId: venue.venueId };
}

/**
 * One live stream, read as text/event-stream; each valid event kept with its arrival time. The stream is a plain
 * `http.get` so that close() ends its connection for sure (a fetch body cancelled after events had come left its
 * connection open, and the node's shutdown waited on it).
 */
class LiveReader {
  readonly events: { readonly event: LiveEvent; readonly at: number }[] = [];
  #wake: (() => void)[] = [];
  private constructor(private readonly request: ClientRequest) {}

  static async open(api: string, token: string): Promise<LiveReader> {
    const t = await fetch(`${api}${LIVE_PATHS.ticket}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!t.ok) throw new Error(`live ticket: ${t.status} ${await t.text()}`);
    const { ticket } = LiveTicketReplySchema.parse(await t.json());
    return new Promise((resolve, reject) => {
      const request = get(`${api}${LIVE_PATHS.stream}?token=${ticket}`, { agent: false }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`live stream: ${res.statusCode}`));
        }
        const reader = new LiveReader(request);
        reader.#read(res);
        resolve(reader);
      });
      request.once('error', reject);
    });
  }

  #read(res: IncomingMessage): void {
    const decoder = new TextDecoder();
    let buffer = '';
    res.on('data', (chunk: Buffer) => {
      const at = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        const event = parseLiveEvent(name, data.join('\n'));
        if (event) this.events.push({ event, at });
      }
      for (const wake of this.#wake.splice(0)) wake();
    });
    res.on('error', () => undefined); // destroyed at the end
  }

  /** The arrival time of the first event from `since` on that matches, or undefined after `timeoutMs`. */
  async waitFor(match: (e: LiveEvent) => boolean, since: number, timeoutMs: number): Promise<number | undefined> {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const hit = this.events.find((e) => e.at >= since && match(e.event));
      if (hit) return hit.at;
      const left = end - performance.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Ends the stream and its connection, as EventSource.close() does. */
  close(): void {
    this.request.destroy();
  }
}

/** The percentile `p` (0–1) of sorted values. */
const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN);

/**
 * Opens a stream on every node (`apis`), then for `changes / 2` of the amps publishes `{online: false}` and then
 * `{online: true}` on its status topic (as its last will and its next connection would), one change at a time, and
 * times each stream's `device` event for it.
 */
export async function measureLiveLatency(opts: {
  readonly apis: readonly string[];
  readonly token: string;
  readonly mqttUrl: string;
  readonly deviceIds: readonly string[];
  readonly changes: number;
  readonly timeoutMs?: number;
}): Promise<LiveLatency> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const streams = await Promise.all(opts.apis.map((api) => LiveReader.open(api, opts.token)));
  const mqtt = connect(opts.mqttUrl, { clientId: `bench-live-${randomUUID()}`, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => mqtt.once('connect', () => resolve()).once('error', reject));
  const latencies: number[] = [];
  let missing = 0;
  let changes = 0;
  try {
    await new Promise((r) => setTimeout(r, 500)); // the streams' first resync
    for (let i = 0; changes < opts.changes; i++) {
      const deviceId = opts.deviceIds[i % opts.deviceIds.length] ?? '';
      for (const online of [false, true]) {
        const t0 = performance.now();
        await mqtt.publishAsync(deviceTopic(deviceId, 'status'), JSON.stringify({ online, ts: Date.now() }), {
          qos: 1,
        });
        changes++;
        const arrivals = await Promise.all(
          streams.map((s) =>
            s.waitFor(
              (e) => e.event === 'device' && e.data.deviceId === deviceId && e.data.online === online,
              t0,
              timeoutMs,
            ),
          ),
        );
        for (const at of arrivals) {
          if (at === undefined) missing++;
          else latencies.push(at - t0);
        }
      }
    }
  } finally {
    for (const s of streams) s.close();
    await mqtt.endAsync().catch(() => undefined);
  }
  latencies.sort((a, b) => a - b);
  return {
    changes,
    streams: streams.length,
    receipts: latencies.length,
    missing,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
  };
}
