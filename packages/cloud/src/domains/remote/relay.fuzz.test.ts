/**
 * Fuzzing the remote relay (issue 13: "Fuzz the relay with random/mutated frames: the cloud and the amp stay up").
 * The cloud listens on a port with the embedded broker and the real database; an emulated amp registers with its
 * cloud agent; raw `ws` sockets play browsers. They send random text (NUL bytes, lone surrogates), random JSON,
 * mutated device API requests (wrong types, missing fields, odd ids, urls and methods, deep nesting, `__proto__` and
 * `constructor` keys), binary frames (invalid UTF-8 too), frames at and around the relay's 64 KiB frame limit up to
 * the 1 MiB socket limit, and frames shaped like the relay's own `api/req` messages (its envelope's header line and
 * newline, and the former JSON message): through one session that keeps within the relay's rate and in-flight
 * limits, and beside it one that floods far past them.
 *
 * After each batch: the cloud answers GET /api/health over HTTP; both sessions are open; every frame got exactly
 * one answer (a barrier request ends each batch: the amp answers in order, so when the barrier's answer is in, every
 * earlier frame's is too, or it never comes), with the frame's id whenever the frame carries a valid one (Busy
 * answers included); the relay only ever sent device API JSON text. At the end: a fresh session reads the amp's
 * real values, nothing reached Object.prototype, and neither the cloud nor its broker logged an error.
 *
 * RELAY_FUZZ_SEED and RELAY_FUZZ_RUNS override the fixed seed and the number of batches; fast-check prints the seed
 * and the failing batch (long frames shortened: the seed reproduces them).
 */
import type { Amp } from '@rackside/amp-sim';
import {
  DEVICE_METHODS,
  DeviceErrorCode,
  fillPath,
  RELAY_CLOSE,
  RELAY_MAX_FRAME_BYTES,
  RELAY_MAX_IN_FLIGHT,
  RELAY_RATE_BURST,
  RELAY_RATE_PER_S,
  RELAY_SUBPROTOCOL,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  REMOTE_PATHS as P,
  type RemoteSessionReply,
} from '@rackside/protocol';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket, type RawData } from 'ws';
import type { BrokerLogger } from '../../broker/index';
import type { Db } from '../../db/client';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { startOnlineAmp, type OnlineAmp } from '../../test/online-amp';

const SEED = Number(process.env.RELAY_FUZZ_SEED ?? 1_300_013);
const RUNS = Number(process.env.RELAY_FUZZ_RUNS ?? 80);

/** The socket's own limit (app.ts: 16 × RELAY_MAX_FRAME_BYTES): above it the socket closes with 1009. */
const SOCKET_MAX_BYTES = 16 * RELAY_MAX_FRAME_BYTES;
/** The amp's largest valid id. */
const MAX_ID = 2 ** 31 - 1;
/** Ids of the frames this file adds itself (fuzzed ids may collide with them: every count allows for that). */
const FILLER_IDS = 1_000_000_000;
const BARRIER_IDS = 2_000_000_000;

/** The polite session's own pace, inside the relay's: a bucket of this burst and rate, this many unanswered. */
const POLITE_BURST = Math.floor(RELAY_RATE_BURST * 0.6);
const POLITE_RATE_PER_S = Math.floor(RELAY_RATE_PER_S * 0.8);
const POLITE_WINDOW = Math.floor(RELAY_MAX_IN_FLIGHT / 4);

/**
 * Close codes a flooding session may get, and why: 4408 (RELAY_CLOSE.SlowConsumer) when more than 1 MiB of answers
 * wait to be written to it, which a flood of big answers can do to a reader in this very process. None is allowed to
 * the polite session.
 */
const FLOOD_CLOSES: readonly number[] = [RELAY_CLOSE.SlowConsumer];

const SERVICE = {
  MQTT_SERVICE_USERNAME: 'rackside-cloud',
  MQTT_SERVICE_PASSWORD: 'relay-fuzz-service-secret',
  MQTT_PORT: '0',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shorten = (text: string, max = 160): string =>
  text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)`;

async function until<T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`nothing after ${ms} ms: ${what}`);
    await sleep(5);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Frames

/** One frame a browser sends: text or binary, with a short description for fast-check's report. */
class Frame {
  constructor(
    readonly data: string | Buffer,
    readonly kind: string,
  ) {}

  /** The frame's size on the wire (a `ws` client sends a string as UTF-8, a lone surrogate as U+FFFD). */
  get bytes(): number {
    return typeof this.data === 'string' ? Buffer.byteLength(this.data, 'utf8') : this.data.byteLength;
  }

  /** The text the relay reads (binary frames as UTF-8, as the relay does) and forwards. */
  get text(): string {
    return (typeof this.data === 'string' ? Buffer.from(this.data, 'utf8') : this.data).toString('utf8');
  }

  [fc.toStringMethod](): string {
    const shown =
      typeof this.data === 'string'
        ? shorten(this.data)
        : `<${this.bytes} bytes ${shorten(this.data.toString('hex'))}>`;
    return `${this.kind}:${shown}`;
  }
}

/** A request of the device API, as text. */
const request = (id: unknown, method: string, url: string, params?: unknown) =>
  JSON.stringify({ leaApi: '1.0', url, method, ...(params === undefined ? {} : { params }), id });

/** The frame the tests use to read and to end a batch. */
const getFrame = (id: number, url = '/misc') => new Frame(request(id, 'get', url), 'get');

/** Valid requests, the seeds of the mutations. */
const BASES: readonly Record<string, unknown>[] = [
  { leaApi: '1.0', url: '/amp/deviceInfo', method: 'get' },
  { leaApi: '1.0', url: '/amp/channels/1/output', method: 'set', params: { mute: true } },
  { url: '/amp/channels/2/output', method: 'set', params: { fader: -12 } },
  { leaApi: '1.0', url: '/amp/deviceInfo', method: 'subscribe' },
  { leaApi: '1.0', url: '/amp/deviceInfo', method: 'unsubscribe' },
  { leaApi: '1.0', url: '/amp/channels/1', method: 'info' },
  { leaApi: '1.0', url: '/misc', method: 'get' },
  { url: '/amp/deviceInfo', method: 'set', params: { deviceName: 'Fuzzed name' } },
  { url: '/logs', method: 'clear' },
  { url: '/', method: 'get' },
];

const ODD_URLS = [
  '',
  '/',
  '//',
  'amp/deviceInfo',
  '/amp/../misc',
  '/amp/channels/99/output',
  '/amp/channels/0/output',
  '/amp/channels/-1/output',
  '/__proto__',
  '/constructor/prototype',
  '/amp/channels/1/output/__proto__',
  '/amp/deviceInfo/toString',
  '/amp%2FdeviceInfo',
  '/amp/deviceInfo?x=1',
  '/amp/deviceInfo#x',
  '/amp/\u0000',
  '/amp/\uD800',
  '/UAC',
  '/lockedProperties',
  'x'.repeat(1025),
];
const ODD_METHODS = ['GET', 'notify', '__proto__', 'constructor', 'hasOwnProperty', 'toString', '', 'x'.repeat(65)];
const ODD_IDS: readonly unknown[] = [
  -1,
  -0,
  0,
  1.5,
  0.1,
  MAX_ID,
  MAX_ID + 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e300,
  -1e300,
  -(2 ** 31),
  Number.MIN_VALUE,
  '1',
  '',
  null,
  true,
  [],
  [1],
  {},
  { id: 1 },
];
/** Params with own `__proto__`/`constructor` keys (JSON.parse makes them own keys, JSON.stringify keeps them). */
const POLLUTING_PARAMS: readonly unknown[] = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"mute":true,"__proto__":{"mute":false,"polluted":"yes"}}',
  '{"deviceName":{"__proto__":{"polluted":"yes"}}}',
  '{"__proto__":null}',
  '{"prototype":{"polluted":"yes"},"toString":1,"hasOwnProperty":"x","valueOf":[]}',
  '{"output":{"__proto__":{"mute":true}}}',
].map((t) => JSON.parse(t) as unknown);
const WEIRD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'auth', 'signature', 'sessionId', 'close'];

/** Sets an own property, even `__proto__`. */
function define(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * JSON nested `depth` levels deep, as a placeholder string that `mutated` swaps for the text (JSON.stringify would
 * run out of stack on the deepest).
 */
const DEEP = '\u0001deep:';
const nested = (depth: number, array: boolean) => `${DEEP}${array ? '[' : '{'}${depth}`;
const deepText = (placeholder: string): string => {
  const depth = Number(placeholder.slice(DEEP.length + 1));
  return placeholder[DEEP.length] === '['
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
};

const anyId = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: MAX_ID }) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
  { weight: 1, arbitrary: fc.double() },
);
const anyUrl = fc.oneof(
  fc.constantFrom(...ODD_URLS),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 20 }).map((s) => `/amp/channels/1/output/${s}`),
  fc.jsonValue({ maxDepth: 1 }),
);
const anyMethod = fc.oneof(fc.constantFrom(...DEVICE_METHODS, ...ODD_METHODS), fc.jsonValue({ maxDepth: 1 }));
const anyParams = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(...POLLUTING_PARAMS),
  fc.record({ mute: fc.jsonValue({ maxDepth: 1 }), fader: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }),
  fc.record({ depth: fc.integer({ min: 25, max: 40 }), array: fc.boolean() }).map((d) => nested(d.depth, d.array)),
  fc.integer({ min: 1000, max: 20_000 }).map((d) => nested(d, true)),
);

type Mutation =
  { op: 'set'; key: string; value: unknown } | { op: 'delete'; key: string } | { op: 'params'; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key: fc.constant('id'), value: anyId }),
  fc.record({ op: fc.constant('set' as const), key: fc.constant('url'), value: anyUrl }),
  fc.record({ op: fc.constant('set' as const), key: fc.constant('method'), value: anyMethod }),
  fc.record({ op: fc.constant('set' as const), key: fc.constant('leaApi'), value: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({
    op: fc.constant('set' as const),
    key: fc.oneof(fc.constantFrom(...WEIRD_KEYS), fc.string({ maxLength: 8 })),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom('id', 'url', 'method', 'params', 'leaApi') }),
  fc.record({ op: fc.constant('params' as const), value: anyParams }),
);
type Finish = { how: 'none' } | { how: 'cut'; at: number } | { how: 'wrap'; as: 'batch' | 'space' | 'bom' | 'twice' };
const finish: fc.Arbitrary<Finish> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ how: 'none' as const }) },
  { weight: 1, arbitrary: fc.record({ how: fc.constant('cut' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      how: fc.constant('wrap' as const),
      as: fc.constantFrom('batch' as const, 'space' as const, 'bom' as const, 'twice' as const),
    }),
  },
);

/** A valid request with a few mutations. */
const mutated = fc
  .record({
    base: fc.constantFrom(...BASES),
    id: fc.integer({ min: 0, max: MAX_ID }),
    mutations: fc.array(mutation, { maxLength: 4 }),
    finish,
  })
  .map(({ base, id, mutations, finish: f }) => {
    const o: Record<string, unknown> = { ...base, id };
    // sets that change something, so that subscriptions notify
    if (isObj(o.params) && 'deviceName' in o.params) o.params = { deviceName: `Fuzzed ${id % 97}` };
    if (isObj(o.params) && 'mute' in o.params) o.params = { mute: id % 2 === 0 };
    for (const m of mutations) {
      if (m.op === 'delete') delete o[m.key];
      else define(o, m.op === 'params' ? 'params' : m.key, m.value);
    }
    let text = JSON.stringify(o).replace(/"\\u0001deep:[[{]\d+"/g, (m) => deepText(JSON.parse(m) as string));
    if (f.how === 'cut') text = text.slice(0, f.at % (text.length + 1));
    if (f.how === 'wrap')
      text = { batch: `[${text}]`, space: ` \r\n\t${text}\n `, bom: `\uFEFF${text}`, twice: text + text }[f.as];
    return new Frame(text, mutations.length ? 'mutated' : 'valid');
  });

/** Text anything: NUL bytes, lone surrogates, JSON punctuation, any code point. */
const randomText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF', '\uFEFF', '\u2028', '\uFFFF', '{', '}', '"', '\\'),
      fc.constantFrom('[', ']', ':', ',', 'null', '"id":', '"id":7', '\r\n', '{"id":1,', '"method":"get"'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => new Frame(parts.join(''), 'text'));

const randomJson = fc.jsonValue({ maxDepth: 5 }).map((v) => new Frame(JSON.stringify(v), 'json'));

/** Bytes that are not UTF-8, alone or inside a valid request's string. */
const BAD_UTF8 = [[0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0]];
const binary = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => new Frame(Buffer.from(b), 'binary')),
  fc
    .tuple(fc.integer({ min: 0, max: MAX_ID }), fc.constantFrom(...BAD_UTF8))
    .map(
      ([id, bad]) =>
        new Frame(
          Buffer.concat([
            Buffer.from(`{"leaApi":"1.0","url":"/amp/deviceInfo","method":"get","id":${id},"x":"`),
            Buffer.from(bad),
            Buffer.from('"}'),
          ]),
          'binary-request',
        ),
    ),
  mutated.map((f) => new Frame(Buffer.from(f.text, 'utf8'), `binary-${f.kind}`)),
);

/**
 * Frames shaped like the relay's own MQTT messages (the envelope: a `{sessionId, close?}` header line, a newline,
 * a frame; and the former `{sessionId, frame, close}` JSON) and other control-ish text.
 */
const controlLike = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
      fc.constantFrom(undefined, true, 'true'),
      fc.option(
        fc.oneof(
          mutated.map((f) => f.text),
          fc.constantFrom('', '\n', '{"sessionId":"x","close":true}', '\n{"sessionId":"x"}\n{"id":1}'),
        ),
        { nil: undefined },
      ),
      fc.constantFrom('\n', '\r\n', '\n\n'),
    )
    .map(([sessionId, close, frame, newline]) => {
      const header = JSON.stringify(close === undefined ? { sessionId } : { sessionId, close });
      return new Frame(frame === undefined ? header : `${header}${newline}${frame}`, 'control');
    }),
  fc
    .record(
      {
        sessionId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
        frame: fc.oneof(
          mutated.map((f) => f.text),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        close: fc.constantFrom(true, false, 'true', 1, null),
        id: anyId,
      },
      { requiredKeys: ['sessionId'] },
    )
    .map((o) => new Frame(JSON.stringify(o), 'control')),
  fc
    .constantFrom('', ' ', 'ping', 'pong', 'close', '{"close":true}', '{"sessionId":null}', '{}', '[]', 'null', '0')
    .map((t) => new Frame(t, 'control')),
);

/** Deterministic bytes for big binary frames. */
function prngBytes(seed: number, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 0xff;
  }
  return out;
}

/** Text of exactly `bytes` UTF-8 bytes: `head`, then `fill` as often as fits, then ASCII `x`, then `tail`. */
function sized(bytes: number, head: string, fill: string, tail = ''): string {
  const room = bytes - Buffer.byteLength(head + tail);
  const each = Buffer.byteLength(fill);
  const n = Math.max(0, Math.floor(room / each));
  return head + fill.repeat(n) + 'x'.repeat(Math.max(0, room - n * each)) + tail;
}

/** Frames near and above RELAY_MAX_FRAME_BYTES, below the socket's limit. */
const huge = fc
  .record({
    size: fc.oneof(
      fc.constantFrom(RELAY_MAX_FRAME_BYTES, RELAY_MAX_FRAME_BYTES + 1, RELAY_MAX_FRAME_BYTES - 1),
      fc.integer({ min: RELAY_MAX_FRAME_BYTES - 64, max: RELAY_MAX_FRAME_BYTES + 64 }),
      fc.integer({ min: RELAY_MAX_FRAME_BYTES / 2, max: RELAY_MAX_FRAME_BYTES }),
      fc.integer({ min: RELAY_MAX_FRAME_BYTES + 65, max: SOCKET_MAX_BYTES - 1 }),
    ),
    shape: fc.constantFrom('request' as const, 'text' as const, 'binary' as const),
    fill: fc.constantFrom('x', 'é', '€', '😀', '\u0000', '\uD800', '\\n'),
    id: fc.integer({ min: 0, max: MAX_ID }),
    seed: fc.integer(),
  })
  .map(({ size, shape, fill, id, seed }) => {
    if (shape === 'binary') return new Frame(prngBytes(seed, size), `huge-binary-${size}`);
    if (shape === 'text') return new Frame(sized(size, '', fill), `huge-text-${size}`);
    const head = `{"leaApi":"1.0","url":"/amp/deviceInfo","method":"get","id":${id},"pad":"`;
    return new Frame(sized(size, head, fill, '"}'), `huge-request-${size}`);
  });

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 3, arbitrary: randomText },
  { weight: 2, arbitrary: randomJson },
  { weight: 7, arbitrary: mutated },
  { weight: 2, arbitrary: binary },
  { weight: 1, arbitrary: controlLike },
  { weight: 1, arbitrary: huge },
);

/** One batch: frames for the polite session, frames for the flood (topped up with gets past the burst). */
const batch = fc.record({
  polite: fc.array(frame, { minLength: 1, maxLength: 12 }),
  flood: fc.array(frame, { maxLength: 12 }),
  floodSize: fc.integer({ min: RELAY_RATE_BURST + 1, max: 2 * RELAY_RATE_BURST }),
  fuzzFirst: fc.boolean(),
});

// ---------------------------------------------------------------------------------------------------------------
// Sessions

/** The id the amp answers a frame with (device API: an integer 0 … 2³¹−1 of a JSON object), else null. */
function ampIdOf(text: string): number | null {
  try {
    const json: unknown = JSON.parse(text);
    const id = isObj(json) ? json.id : undefined;
    return typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= MAX_ID ? id : null;
  } catch {
    return null;
  }
}

/** The id the relay answers a refused frame with (any integer `id`), else null. */
function relayIdOf(text: string): number | null {
  try {
    const id: unknown = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

interface Sent {
  readonly frame: Frame;
  readonly oversize: boolean;
  readonly ampId: number | null;
  readonly relayId: number | null;
}
interface Answer {
  readonly id: number | null;
  readonly code: number | undefined;
  readonly message: string | undefined;
  readonly text: string;
}

const OVERSIZE = /^frame of \d+ bytes is larger than \d+$/;

/** A raw relay socket that records what it sent and every frame it got. */
class Peer {
  readonly sent: Sent[] = [];
  readonly answers: Answer[] = [];
  /** Frames from the relay that are no device API message. */
  readonly strange: string[] = [];
  notifications = 0;
  closedWith: { code: number; reason: string } | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(
    readonly name: string,
    readonly socket: WebSocket,
  ) {
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve((this.closedWith = { code, reason: reason.toString() }))),
    );
    socket.on('error', () => undefined);
    socket.on('message', (data: RawData, isBinary: boolean) => this.#receive(data, isBinary));
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  get unanswered(): number {
    return this.sent.length - this.answers.length;
  }

  send(frame: Frame): void {
    // the frame's bytes reach the amp as they are: it reads them as its local socket does (TextDecoder, which drops
    // a leading byte order mark), and so does the relay for the id of a refusal
    const text = frame.text.replace(/^\uFEFF/, '');
    const ampId = ampIdOf(text);
    const relayId = relayIdOf(text);
    this.sent.push({ frame, oversize: frame.bytes > RELAY_MAX_FRAME_BYTES, ampId, relayId });
    this.socket.send(frame.data);
  }

  /** Answers with the error code. */
  count(code: number): number {
    return this.answers.filter((a) => a.code === code).length;
  }

  #receive(data: RawData, isBinary: boolean): void {
    const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = buffer.toString('utf8');
    if (isBinary) this.strange.push(`${this.name}: a binary frame ${shorten(text)}`);
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.strange.push(`${this.name}: not JSON: ${shorten(text)}`);
      return;
    }
    if (!isObj(msg)) return void this.strange.push(`${this.name}: not an object: ${shorten(text)}`);
    if (msg.method === 'notify') {
      if (msg.leaApi !== '1.0' || !isObj(msg.params) || 'id' in msg)
        this.strange.push(`${this.name}: a malformed notify: ${shorten(text)}`);
      this.notifications++;
      return;
    }
    const { id, error } = msg;
    const wellFormed =
      msg.leaApi === '1.0' &&
      typeof msg.url === 'string' &&
      (id === null || (typeof id === 'number' && Number.isInteger(id))) &&
      'result' in msg !== 'error' in msg &&
      (!('error' in msg) || (isObj(error) && Number.isInteger(error.code) && typeof error.message === 'string'));
    if (!wellFormed) this.strange.push(`${this.name}: a malformed answer: ${shorten(text)}`);
    this.answers.push({
      id: typeof id === 'number' ? id : null,
      code: isObj(error) && typeof error.code === 'number' ? error.code : undefined,
      message: isObj(error) && typeof error.message === 'string' ? error.message : undefined,
      text,
    });
  }
}

/** A client-side token bucket, slower than the relay's, for the session that keeps within the limits. */
class Pacer {
  #tokens = POLITE_BURST;
  #at = Date.now();

  async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.#tokens = Math.min(POLITE_BURST, this.#tokens + ((now - this.#at) / 1000) * POLITE_RATE_PER_S);
      this.#at = now;
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - this.#tokens) / POLITE_RATE_PER_S) * 1000));
    }
  }
}

/**
 * What is wrong with a session's answers: a frame answered twice or never, an id answered that no frame carried,
 * an oversize frame not refused as such, a frame from the relay that is no device API message.
 */
function problemsOf(peer: Peer, openingBusyAllowed = false): string[] {
  const problems = [...peer.strange];
  const { name, sent, answers } = peer;
  const describe = (frames: readonly Sent[]) =>
    frames
      .slice(0, 3)
      .map((s) => s.frame[fc.toStringMethod]())
      .join(', ');
  if (answers.length !== sent.length)
    problems.push(`${name}: ${sent.length} frames sent, ${answers.length} answers (each frame gets exactly one)`);

  const withId = new Map<number, Sent[]>(); // the amp's valid ids: answered with them, by the amp or the relay
  const relayOnly = new Map<number, Sent[]>(); // other integer ids: a relay refusal (Busy) answers with them
  const oversize: Sent[] = [];
  for (const s of sent) {
    if (s.oversize) oversize.push(s);
    else if (s.ampId !== null) withId.set(s.ampId, [...(withId.get(s.ampId) ?? []), s]);
    else if (s.relayId !== null) relayOnly.set(s.relayId, [...(relayOnly.get(s.relayId) ?? []), s]);
  }
  const byId = new Map<number, Answer[]>();
  let refusedAsTooLarge = 0;
  let openingBusy = 0;
  for (const a of answers) {
    if (a.message !== undefined && OVERSIZE.test(a.message)) {
      refusedAsTooLarge++;
      if (a.id !== null || a.code !== DeviceErrorCode.InvalidRequest)
        problems.push(`${name}: a malformed size refusal: ${shorten(a.text)}`);
    } else if (a.id !== null) byId.set(a.id, [...(byId.get(a.id) ?? []), a]);
    else if (a.code === DeviceErrorCode.Busy && a.message === 'busy: the relay is opening') openingBusy++;
  }
  if (refusedAsTooLarge !== oversize.length)
    problems.push(`${name}: ${oversize.length} frames above the limit, ${refusedAsTooLarge} refused as too large`);
  if (openingBusy > 0 && !openingBusyAllowed) problems.push(`${name}: ${openingBusy} "relay is opening" answers`);
  let unmatched = 0;
  for (const [id, frames] of withId) {
    const n = byId.get(id)?.length ?? 0;
    if (n > frames.length || (n < frames.length && !openingBusyAllowed))
      problems.push(`${name}: id ${id}: ${frames.length} frame(s) (${describe(frames)}) but ${n} answer(s)`);
    unmatched += Math.max(0, frames.length - n);
  }
  if (openingBusyAllowed && unmatched !== openingBusy)
    problems.push(`${name}: ${unmatched} frames unanswered by id, ${openingBusy} "relay is opening" answers`);
  for (const [id, got] of byId) {
    if (withId.has(id)) continue;
    const may = relayOnly.get(id) ?? [];
    const notBusy = got.filter((a) => a.code !== DeviceErrorCode.Busy);
    if (got.length > may.length || notBusy.length > 0)
      problems.push(`${name}: ${got.length} answer(s) with id ${id} (${shorten(got[0]?.text ?? '')}), no such frame`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The cloud, the amp, and the fuzz

interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** Sends the app's log lines (pino, at the configured level) to `lines` instead of stdout. */
function captureLog(app: FastifyInstance, lines: LogLine[]): void {
  const log = app.log as unknown as Record<symbol, unknown>;
  const stream = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (stream === undefined) throw new Error('the pino stream of app.log was not found: cannot capture the log');
  log[stream] = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
}

const PINO_ERROR = 50;

function fuzzTests(db: () => Db) {
  let t: TestApp;
  let mqtt: MqttLink;
  let online: OnlineAmp | undefined;
  let amp: Amp;
  let base: string;
  let token: string;
  let deviceId: string;
  const clock = new TestClock();
  const log: LogLine[] = [];
  const brokerWarnings: string[] = [];
  const brokerLog: BrokerLogger = {
    warn: (details, message) => void brokerWarnings.push(`${message} ${JSON.stringify(details)}`),
    info: () => undefined,
  };
  const peers: Peer[] = [];
  let barrierId = BARRIER_IDS;
  let fillerId = FILLER_IDS;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  const relayUrl = () => `${base.replace(/^http/, 'ws')}/api${fillPath(P.relay, { deviceId })}`;

  async function openPeer(name: string): Promise<Peer> {
    const res = await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token);
    expect(res.statusCode).toBe(200);
    const { token: relayToken } = res.json<RemoteSessionReply>();
    const socket = new WebSocket(relayUrl(), [RELAY_SUBPROTOCOL, `${RELAY_TOKEN_PROTOCOL_PREFIX}${relayToken}`]);
    const peer = new Peer(name, socket);
    peers.push(peer);
    await new Promise((resolve) => socket.once('open', resolve).once('close', resolve));
    return peer;
  }

  /**
   * Ends a batch: a get that the amp answers after every frame before it (retried while the relay answers Busy: the
   * bucket refills). Throws, with the session's problems, when an answer never comes.
   */
  async function barrier(peer: Peer, pacer?: Pacer): Promise<void> {
    for (;;) {
      if (!peer.isOpen) return;
      const id = barrierId++;
      await pacer?.take();
      peer.send(getFrame(id));
      try {
        await until(`${peer.name}: the answer to the barrier ${id}`, () =>
          peer.answers.some((a) => a.id === id) || !peer.isOpen ? true : undefined,
        );
      } catch (error) {
        throw new Error([String(error), ...problemsOf(peer)].join('\n'), { cause: error });
      }
      if (peer.answers.find((a) => a.id === id)?.code !== DeviceErrorCode.Busy) return;
      await sleep(50);
    }
  }

  async function health(): Promise<void> {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  }

  const errors = () => [
    ...log.filter((l) => l.level >= PINO_ERROR).map((l) => JSON.stringify(l)),
    ...brokerWarnings.filter((w) => /dropped|failed/.test(w)),
  ];

  beforeAll(async () => {
    mqtt = await startMqtt({ config: testConfig(SERVICE), db: db(), clock, log: brokerLog });
    t = await buildTestApp(db(), {
      config: {
        ...SERVICE,
        LOG_LEVEL: 'warn',
        MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}`,
      },
      clock,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
    });
    captureLog(t.app, log);
    t.app.log.child({ probe: true }).warn('log capture probe');
    expect(log.map((l) => l.msg)).toEqual(['log capture probe']);
    log.length = 0;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token } = await createSignedInUser(t.app, t.mailer));
    const hall = await createVenue(t.app, token, 'Hall');
    online = await startOnlineAmp(t.app, { token, venueId: hall, apiBase: `${base}/api` });
    ({ amp, deviceId } = online);
  }, 20_000);

  afterAll(async () => {
    for (const p of peers) p.socket.terminate();
    await online?.stop();
    await t?.app.close();
    await mqtt?.close();
  });

  it('keeps the cloud, the sessions and the amp up under random and mutated frames, within and past the limits', async () => {
    const polite = await openPeer('polite');
    let flood = await openPeer('flood');
    const pacer = new Pacer();
    // both admitted before the fuzz: no frame of theirs waits for the relay to open
    await Promise.all([barrier(polite, pacer), barrier(flood)]);
    const floodCloses: { code: number; reason: string }[] = [];
    const started = Date.now();

    await fc.assert(
      fc.asyncProperty(batch, async (b) => {
        const flooding = (async () => {
          const filler = Array.from({ length: Math.max(0, b.floodSize - b.flood.length) }, () => getFrame(fillerId++));
          for (const f of b.fuzzFirst ? [...b.flood, ...filler] : [...filler, ...b.flood]) flood.send(f);
          await barrier(flood);
        })();
        for (const f of b.polite) {
          await pacer.take();
          await until('room in the polite window', () =>
            polite.unanswered < POLITE_WINDOW || !polite.isOpen ? true : undefined,
          );
          if (polite.isOpen) polite.send(f);
        }
        await barrier(polite, pacer);
        await flooding;

        expect(polite.closedWith, 'the polite session stays open').toBeUndefined();
        expect(problemsOf(polite)).toEqual([]);
        if (flood.isOpen) expect(problemsOf(flood)).toEqual([]);
        else {
          const closed = await flood.closed;
          expect(FLOOD_CLOSES, `the flood closed with ${JSON.stringify(closed)}`).toContain(closed.code);
          floodCloses.push(closed);
          flood = await openPeer('flood');
          await barrier(flood);
        }
        await health();
        expect(errors()).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    expect(polite.isOpen).toBe(true);
    const floods = peers.filter((p) => p.name === 'flood');
    const sum = (f: (p: Peer) => number, ps: readonly Peer[]) => ps.reduce((n, p) => n + f(p), 0);
    console.info(
      `relay fuzz (seed ${SEED}, ${RUNS} batches, ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
        `polite ${polite.sent.length} frames (${polite.count(DeviceErrorCode.Busy)} Busy, ` +
        `${polite.sent.filter((s) => s.oversize).length} above the limit, ${polite.notifications} notifications); ` +
        `flood ${sum((p) => p.sent.length, floods)} frames (${sum((p) => p.count(DeviceErrorCode.Busy), floods)} Busy), ` +
        `flood sessions closed: ${JSON.stringify(floodCloses)}`,
    );
    polite.socket.close();
    flood.socket.close();
    await Promise.all([polite.closed, flood.closed]);
  }, 120_000);

  it('answers each frame sent while the relay is still opening exactly once (Busy past the burst)', async () => {
    const { token: relayToken } = (
      await call(t.app, 'POST', fillPath(P.session, { deviceId }), undefined, token)
    ).json<RemoteSessionReply>();
    const socket = new WebSocket(relayUrl(), [RELAY_SUBPROTOCOL, `${RELAY_TOKEN_PROTOCOL_PREFIX}${relayToken}`]);
    const peer = new Peer('opening', socket);
    peers.push(peer);
    const count = RELAY_RATE_BURST + 30;
    // sent the moment the socket opens: the credential is still being checked
    socket.once('open', () => {
      for (let id = 1; id <= count; id++) peer.send(id % 10 === 0 ? getFrame(id, '/amp/deviceInfo') : getFrame(id));
    });
    await until('the socket open', () => (peer.isOpen || peer.closedWith ? true : undefined));
    await until('an answer to each frame', () => (peer.answers.length >= count || !peer.isOpen ? true : undefined));
    await barrier(peer);
    expect(peer.closedWith).toBeUndefined();
    expect(problemsOf(peer, true)).toEqual([]);
    peer.socket.close();
    await peer.closed;
  });

  it("afterwards, a fresh session reads the amp's real values; nothing polluted; nothing logged at error level", async () => {
    const fresh = await openPeer('fresh');
    fresh.send(getFrame(1, '/amp/deviceInfo'));
    fresh.send(getFrame(2, '/amp/channels/1/output'));
    await until('both answers', () => (fresh.answers.length >= 2 || !fresh.isOpen ? true : undefined));
    const result = (id: number) =>
      (JSON.parse(fresh.answers.find((a) => a.id === id)?.text ?? '{}') as { result?: unknown }).result;
    // what the amp holds now, as JSON (the relay's view must be the amp's, whatever the fuzz set)
    expect(result(1)).toEqual(JSON.parse(JSON.stringify(amp.read('/amp/deviceInfo'))));
    expect(result(2)).toEqual(JSON.parse(JSON.stringify(amp.read('/amp/channels/1/output'))));
    expect(amp.read('/amp/deviceInfo/serialNumber')).toBe(amp.identity.serialNumber);
    expect(problemsOf(fresh)).toEqual([]);
    fresh.socket.close();
    await fresh.closed;

    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await health();
    expect(errors()).toEqual([]);
    if (brokerWarnings.length > 0 || log.length > 0)
      console.info(`relay fuzz: warnings\n${[...brokerWarnings, ...log.map((l) => JSON.stringify(l))].join('\n')}`);
  });
  it('closes only the socket that breaks WebSocket itself: 1007 for text that is not UTF-8, 1009 above 1 MiB', async () => {
    const witness = await openPeer('witness');
    const notUtf8 = await openPeer('not-utf8');
    notUtf8.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    const tooBig = await openPeer('too-big');
    tooBig.socket.send(sized(SOCKET_MAX_BYTES + 1, '{"id":1,"method":"get","url":"/misc","pad":"', 'x', '"}'));
    expect((await notUtf8.closed).code).toBe(1007);
    expect((await tooBig.closed).code).toBe(1009);
    await barrier(witness);
    expect(witness.isOpen).toBe(true);
    expect(problemsOf(witness)).toEqual([]);
    await health();
    witness.socket.close();
    await witness.closed;
  });

  /**
   * A broken frame is the client's fault, not the cloud's: it may be logged, but not at error level (any client that
   * reaches the upgrade can send one). @fastify/websocket's default error handler logs the socket's error
   * (WS_ERR_INVALID_UTF8, WS_ERR_UNSUPPORTED_MESSAGE_LENGTH) with request.log.error, stack and all.
   */
  it("does not log a client's broken WebSocket frame at error level", async () => {
    const from = log.length;
    const notUtf8 = await openPeer('not-utf8-again');
    notUtf8.socket.send(Buffer.from([0xc0, 0x80]), { binary: false });
    const tooBig = await openPeer('too-big-again');
    tooBig.socket.send(Buffer.alloc(SOCKET_MAX_BYTES + 1, 0x20));
    expect((await notUtf8.closed).code).toBe(1007);
    expect((await tooBig.closed).code).toBe(1009);
    await health();
    const logged = log.slice(from).filter((l) => l.level >= PINO_ERROR);
    expect(
      logged.map((l) => `${String(l.msg)} ${JSON.stringify((l.err as { code?: unknown } | undefined)?.code)}`),
    ).toEqual([]);
  });
}

describeEachDatabase('remote relay under fuzzed frames', (db) => fuzzTests(db));
