/**
 * The emulator's fast paths against the plain code they replaced (kept below as the reference): reading a frame
 * (the hand check of the request envelope, the nesting walk), replies built from a cached result text, the shared
 * notify batches and frames, and the write guard skipped on an unprotected amp. Same input, same output.
 */
import {
  CHOSEN,
  DeviceErrorCode,
  DeviceRequestSchema,
  authHash,
  clampField,
  errorFrame,
  getModel,
  notifyFrame,
  replyFrame,
  resolveUrl,
  rootedAt,
  urlSegments,
  walkFields,
} from '@rackside/protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Amp, filterDelta, mergeInto } from '../amp';
import { guardWrite, isUnguarded, NonceBook } from '../security/guard';
import { MAX_NESTING, quickEnvelope, readFrame, replyFrameFromJson, resultJsonOf, type FrameData } from './frames';
import { mergeShared, startNotifier } from './notifier';
import { createSession } from './session';
import { testAmp } from './test-helpers';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Same values, same own keys in the same order, same -0 (prototypes of copies compared like the rest). */
function identical(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  const pa: unknown = Object.getPrototypeOf(a);
  const pb: unknown = Object.getPrototypeOf(b);
  if (pa !== pb && (pa === Object.prototype || pb === Object.prototype || !identical(pa, pb))) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => identical((a as Obj)[k as string], (b as Obj)[k as string]));
}
function same(a: unknown, b: unknown): void {
  if (!identical(a, b)) expect(a).toStrictEqual(b); // fails, and shows both
  expect(identical(a, b)).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------------
// the reference: readFrame as it was, with the schema checking every envelope

const utf8 = new TextDecoder('utf-8', { fatal: true });
const refNormalizeUrl = (url: string): string =>
  '/' +
  url
    .split('/')
    .filter((p) => p.length > 0)
    .join('/');

function refNestsDeeper(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (max <= 0) return true;
  const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
  return children.some((c) => refNestsDeeper(c, max - 1));
}

function refReadFrame(data: FrameData) {
  const refuse = (code: number, message: string, url: string, id: number | null) =>
    ({ ok: false, frame: errorFrame(url, { code, message }, id), url, id }) as const;
  const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;
  if (bytes > CHOSEN.maxFrameBytes)
    return refuse(
      DeviceErrorCode.InvalidRequest,
      `frame of ${bytes} bytes exceeds the limit of ${CHOSEN.maxFrameBytes} bytes`,
      '',
      null,
    );
  let text: string;
  try {
    text = typeof data === 'string' ? data : utf8.decode(data);
  } catch {
    return refuse(DeviceErrorCode.ParseError, 'frame is not valid UTF-8', '', null);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return refuse(
      DeviceErrorCode.ParseError,
      `invalid JSON: ${e instanceof Error ? e.message : 'parse error'}`,
      '',
      null,
    );
  }
  if (!isObj(json))
    return refuse(
      DeviceErrorCode.InvalidRequest,
      Array.isArray(json) ? 'batches are not supported: send one request object a frame' : 'a request is a JSON object',
      '',
      null,
    );
  const url = typeof json.url === 'string' ? json.url.slice(0, 1024) : '';
  const rawId = json.id;
  const id = typeof rawId === 'number' && Number.isInteger(rawId) && rawId >= 0 && rawId <= 2 ** 31 - 1 ? rawId : null;
  if (refNestsDeeper(json, MAX_NESTING))
    return refuse(DeviceErrorCode.InvalidRequest, `request nests deeper than ${MAX_NESTING} levels`, url, id);
  const parsed = DeviceRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'request';
    const message =
      issue?.path[0] === 'id'
        ? 'id must be an integer from 0 to 2147483647'
        : `invalid request: ${where}: ${issue?.message ?? 'invalid'}`;
    return refuse(DeviceErrorCode.InvalidRequest, message, url, id);
  }
  const r = parsed.data;
  return {
    ok: true,
    req: {
      url: r.url,
      path: refNormalizeUrl(r.url),
      method: r.method,
      params: r.params,
      id: r.id,
      ...(r.auth ? { auth: r.auth } : {}),
      ...(r.signature !== undefined ? { signature: r.signature } : {}),
    },
  } as const;
}

// ---------------------------------------------------------------------------------------------------------------
// frames: mostly well-formed requests, and everything else a client may send

const URLS = ['/', 'amp', '/amp/channels/1/output', '/amp/channels/1/output/', '//misc', '', 'x'.repeat(1030), '/UAC'];
const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
const anyJson = fc.jsonValue({ maxDepth: 2 });
const requestObject: fc.Arbitrary<Obj> = fc.record(
  {
    leaApi: fc.oneof(fc.constant('1.0'), fc.string({ maxLength: 20 }), anyJson),
    url: fc.oneof(fc.constantFrom(...URLS), fc.string({ maxLength: 40 }), anyJson),
    method: fc.oneof(
      fc.constantFrom('get', 'set', 'subscribe', 'x'.repeat(65), ''),
      fc.string({ maxLength: 10 }),
      anyJson,
    ),
    params: fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constant({ fader: -12 })),
    id: fc.oneof(fc.integer({ min: -3, max: 2 ** 31 + 3 }), fc.constantFrom(0, 2 ** 31 - 1, 1.5, -0, 1e300), anyJson),
    auth: fc.oneof(
      fc.record({ user: fc.constant('admin'), nonce: fc.string({ minLength: 1, maxLength: 8 }), hash: hex64 }),
      anyJson,
    ),
    signature: fc.oneof(hex64, anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);
const frame: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 6, arbitrary: requestObject.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: requestObject.map((o) => Buffer.from(JSON.stringify(o))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 28, max: 40 })
      .map((d) => `{"url":"/","method":"set","id":1,"params":${'['.repeat(d)}${']'.repeat(d)}}`),
  },
  { weight: 1, arbitrary: fc.constant(`{"__proto__":{"auth":5},"url":"/","method":"get","id":1}`) },
);

describe('reading a frame', () => {
  it('gives what the schema-only reading gave, for any frame (property)', () => {
    let quick = 0;
    fc.assert(
      fc.property(frame, (f) => {
        const text = typeof f === 'string' ? f : f.toString('utf8');
        try {
          const json: unknown = JSON.parse(text);
          if (isObj(json) && quickEnvelope(json)) quick++;
        } catch {
          // not JSON: neither reading gets that far
        }
        same(readFrame(f), refReadFrame(f));
      }),
      { numRuns: 4000 },
    );
    expect(quick).toBeGreaterThan(50); // the hand check did answer, often
  });

  it('checks the envelope by hand only when the schema would give the same request (property)', () => {
    fc.assert(
      fc.property(requestObject, (o) => {
        const quick = quickEnvelope(o);
        if (!quick) return;
        const parsed = DeviceRequestSchema.safeParse(o);
        expect(parsed.success).toBe(true);
        same(quick, parsed.data);
      }),
      { numRuns: 4000 },
    );
    expect(quickEnvelope({ leaApi: '1.0', url: '/misc', method: 'get', id: 3 })).toEqual({
      leaApi: '1.0',
      url: '/misc',
      method: 'get',
      id: 3,
    });
  });
});

describe('replies built from a cached result text', () => {
  it('replyFrameFromJson(url, resultJsonOf(v), id) is replyFrame(url, v, id) (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (v, url, id) => replyFrameFromJson(url, resultJsonOf(v), id) === replyFrame(url, v, id),
      ),
      { numRuns: 3000 },
    );
    expect(replyFrameFromJson('/misc', resultJsonOf('OK'), 7)).toBe(replyFrame('/misc', 'OK', 7));
    expect(resultJsonOf('OK')).toBe('"OK"');
  });

  const opened = () => {
    const amp = testAmp();
    const out: string[] = [];
    const session = createSession(amp, { send: (f) => out.push(f) });
    let id = 0;
    const call = (method: string, url: string, params?: unknown): unknown => {
      session.receive(JSON.stringify({ leaApi: '1.0', url, method, params, id: ++id }));
      const reply = out.pop()!;
      return (JSON.parse(reply) as { result?: unknown; error?: unknown }).result;
    };
    return { amp, session, call };
  };

  it('a get answers what is there now: after a set, a change of the amp, a removed locked group', () => {
    const { amp, session, call } = opened();
    expect(call('get', '/amp/channels/1/output/fader')).toBe(0);
    expect(call('set', '/amp/channels/1/output', { fader: -12 })).toBe('OK');
    expect(call('get', '/amp/channels/1/output/fader')).toBe(-12);
    amp.apply({ amp: { channels: { '1': { output: { fader: -20 } } } } });
    expect(call('get', '/amp/channels/1/output/fader')).toBe(-20);
    expect(call('get', '/amp/channels/1/output')).toMatchObject({ fader: -20 });

    const lock = call('lock', '/lockedProperties', {
      mac: amp.identity.mac,
      key: 'k',
      properties: ['/amp/channels/1/output/fader'],
    }) as { groupId: string };
    const groups = () => (call('get', '/lockedProperties') as { groups: Obj }).groups;
    expect(Object.keys(groups())).toEqual([lock.groupId]);
    expect(call('reset', '/lockedProperties', { groupId: lock.groupId })).toBe('OK');
    expect(groups()).toEqual({}); // the group was deleted in place: the cached reply went with it

    // a change made in place is seen once it is marked
    (amp.state.misc as { findMe: boolean }).findMe = true;
    amp.markChanged();
    expect(call('get', '/misc/findMe')).toBe(true);
    session.close();
  });

  it('every reply is the pretty frame of what the amp holds (property)', () => {
    const { amp, session, call } = opened();
    const urls = ['/', '/amp/channels/1/output', '/misc', '/lockedProperties', '/amp/channels/2', '/misc/findMe'];
    fc.assert(
      fc.property(fc.constantFrom(...urls), fc.boolean(), fc.integer({ min: -80, max: 0 }), (url, change, v) => {
        if (change) amp.apply({ amp: { channels: { '1': { output: { fader: v } } } }, misc: { findMe: v % 2 === 0 } });
        expect(call('get', url)).toEqual(amp.read(url));
      }),
    );
    session.close();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// the reference notifier: each connection filtering, copying and merging for itself (as it was)

function refWholeRecords(amp: Amp, batch: Obj, subscriptions: ReadonlySet<string>): Obj | undefined {
  let expanded = false;
  for (const key of Object.keys(batch)) {
    const r = resolveUrl(amp.model, '/' + key);
    if (r.ok && r.kind === 'node' && r.node.kind === 'record') {
      batch[key] = structuredClone(amp.read('/' + key));
      expanded = true;
    }
  }
  return expanded ? filterDelta(batch, subscriptions) : batch;
}

function refStartNotifier(
  amp: Amp,
  subscriptions: ReadonlySet<string>,
  opts: { periodMs: number; send(frame: string): void; backpressured(): boolean },
): () => void {
  let batch: Obj | undefined;
  const stop = amp.onChange((delta) => {
    if (subscriptions.size === 0) return;
    const part = filterDelta(delta, subscriptions);
    if (part) batch = mergeInto(batch ?? {}, part);
  });
  const timer = setInterval(() => {
    if (!batch || opts.backpressured()) return;
    const params = refWholeRecords(amp, batch, subscriptions);
    batch = undefined;
    if (params) opts.send(notifyFrame(params));
  }, opts.periodMs);
  return () => {
    clearInterval(timer);
    stop();
  };
}

const SUBSCRIBABLE = [
  '/',
  '/amp',
  '/amp/channels',
  '/amp/channels/1',
  '/amp/channels/1/output',
  '/amp/channels/2/levels',
  '/misc',
  '/lockedProperties',
  '/lockedProperties/groups',
  '/UAC',
  '/UAC/roles',
];
const FIELDS = [...walkFields(getModel('704D'))].filter((f) => !f.field.action);

type Op =
  | { kind: 'set'; fields: [number, unknown][] }
  | { kind: 'lock'; id: number }
  | { kind: 'unlock'; id: number }
  | { kind: 'uac'; role: string; level: number }
  | { kind: 'subscribe' | 'unsubscribe'; who: number; url: number }
  | { kind: 'backpressure'; who: number; on: boolean }
  | { kind: 'tick' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(fc.nat(), fc.jsonValue({ maxDepth: 1 })), { minLength: 1, maxLength: 4 })
      .map((fields) => ({ kind: 'set' as const, fields })),
  },
  { weight: 1, arbitrary: fc.nat({ max: 3 }).map((id) => ({ kind: 'lock' as const, id })) },
  { weight: 1, arbitrary: fc.nat({ max: 3 }).map((id) => ({ kind: 'unlock' as const, id })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('installer', 'guest'), fc.constantFrom(0, 1, 2))
      .map(([role, level]) => ({ kind: 'uac' as const, role, level })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('subscribe' as const, 'unsubscribe' as const), fc.nat({ max: 5 }), fc.nat())
      .map(([kind, who, url]) => ({ kind, who, url })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat({ max: 5 }), fc.boolean())
      .map(([who, on]) => ({ kind: 'backpressure' as const, who, on })),
  },
  { weight: 4, arbitrary: fc.constant({ kind: 'tick' as const }) },
);

describe('shared notify batches', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mergeShared(batch, part) is mergeInto(a copy of batch, part), neither touched (property)', () => {
    const tree = fc
      .dictionary(
        fc.constantFrom('a', 'b', 'c', '1', '2'),
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.dictionary(fc.constantFrom('a', 'x', '3'), fc.jsonValue({ maxDepth: 2 })),
        ),
        { maxKeys: 4 },
      )
      .map((t) => JSON.parse(JSON.stringify(t)) as Obj); // plain objects, as deltas are
    fc.assert(
      fc.property(tree, tree, (batch, part) => {
        const b = structuredClone(batch);
        const p = structuredClone(part);
        same(mergeShared(batch, part), mergeInto(structuredClone(batch), part));
        same(batch, b);
        same(part, p);
      }),
      { numRuns: 2000 },
    );
  });

  it('every connection is sent what its own filter-and-merge sent, tick by tick (property)', () => {
    vi.useFakeTimers();
    let frames = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 6, maxLength: 6 }),
        fc.array(op, { maxLength: 40 }),
        (initial, ops) => {
          const amp = testAmp();
          const subs = initial.map((urls) => new Set(urls.map((u) => SUBSCRIBABLE[u % SUBSCRIBABLE.length]!)));
          const pressed = subs.map(() => false);
          const sent = subs.map(() => ({ fast: [] as string[], plain: [] as string[] }));
          const stops = subs.flatMap((s, i) => {
            const fast = () =>
              startNotifier(amp, s, {
                periodMs: 100,
                send: (f) => sent[i]!.fast.push(f),
                backpressured: () => pressed[i]!,
              });
            const plain = () =>
              refStartNotifier(amp, s, {
                periodMs: 100,
                send: (f) => sent[i]!.plain.push(f),
                backpressured: () => pressed[i]!,
              });
            // listeners in both orders: neither may change what the other is handed
            return i % 2 ? [fast(), plain()] : [plain(), fast()];
          });
          for (const o of ops) {
            switch (o.kind) {
              case 'set': {
                let delta: Obj = {};
                for (const [at, v] of o.fields) {
                  const { url, field, ctx } = FIELDS[at % FIELDS.length]!;
                  delta = mergeInto(delta, rootedAt(urlSegments(url), clampField(field, ctx, v)) as Obj);
                }
                amp.apply(delta);
                break;
              }
              case 'lock':
                amp.apply({
                  lockedProperties: {
                    groups: { [`g${o.id}`]: { key: 'k', properties: ['/amp/channels/1/output/fader'] } },
                  },
                });
                break;
              case 'unlock':
                if (Object.hasOwn(amp.state.lockedProperties.groups, `g${o.id}`)) {
                  amp.apply({ lockedProperties: { groups: { [`g${o.id}`]: null } } });
                  delete amp.state.lockedProperties.groups[`g${o.id}`];
                  amp.markChanged();
                }
                break;
              case 'uac':
                amp.apply({ UAC: { roles: { [o.role]: { eq: o.level } } } });
                break;
              case 'subscribe':
                subs[o.who]!.add(SUBSCRIBABLE[o.url % SUBSCRIBABLE.length]!);
                break;
              case 'unsubscribe':
                subs[o.who]!.delete(SUBSCRIBABLE[o.url % SUBSCRIBABLE.length]!);
                break;
              case 'backpressure':
                pressed[o.who] = o.on;
                break;
              case 'tick':
                vi.advanceTimersByTime(100);
                break;
            }
          }
          pressed.fill(false);
          vi.advanceTimersByTime(100);
          for (const stop of stops) stop();
          for (const s of sent) expect(s.fast).toEqual(s.plain);
          frames += sent.reduce((n, s) => n + s.fast.length, 0);
        },
      ),
      { numRuns: 300 },
    );
    expect(frames).toBeGreaterThan(300); // most runs did notify
  });

  it('connections with the same subscriptions get the very same frame string', () => {
    vi.useFakeTimers();
    const amp = testAmp();
    const frames: string[] = [];
    const stops = [0, 1, 2].map(() =>
      startNotifier(amp, new Set(['/amp']), { periodMs: 100, send: (f) => frames.push(f) }),
    );
    amp.apply({ amp: { channels: { '1': { output: { fader: -3 } } } } });
    amp.apply({ amp: { channels: { '2': { output: { mute: true } } } } });
    vi.advanceTimersByTime(100);
    stops.forEach((stop) => stop());
    expect(frames).toHaveLength(3);
    expect(JSON.parse(frames[0]!)).toMatchObject({
      params: { amp: { channels: { '1': { output: { fader: -3 } }, '2': { output: { mute: true } } } } },
    });
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
  });

  it("a shared batch still goes out filtered by each connection's subscriptions at the tick", () => {
    vi.useFakeTimers();
    const amp = testAmp();
    const a = new Set(['/']);
    const b = new Set(['/']);
    const fast: string[][] = [[], []];
    const plain: string[][] = [[], []];
    const stops = [a, b].flatMap((s, i) => [
      startNotifier(amp, s, { periodMs: 100, send: (f) => fast[i]!.push(f) }),
      refStartNotifier(amp, s, { periodMs: 100, send: (f) => plain[i]!.push(f), backpressured: () => false }),
    ]);
    amp.apply({ lockedProperties: { groups: { g: { key: 'k', properties: ['/misc/findMe'] } } } });
    amp.apply({ amp: { channels: { '1': { output: { fader: -3 } } } } });
    b.clear();
    b.add('/lockedProperties');
    vi.advanceTimersByTime(100);
    stops.forEach((stop) => stop());
    expect(fast).toEqual(plain);
    expect(Object.keys((JSON.parse(fast[0]![0]!) as { params: Obj }).params)).toEqual(['lockedProperties', 'amp']);
    expect(Object.keys((JSON.parse(fast[1]![0]!) as { params: Obj }).params)).toEqual(['lockedProperties']);
  });
});

describe('the write guard on an unprotected amp', () => {
  it('is skipped only when guardWrite would let the write through (property)', async () => {
    const amp = testAmp();
    const nonces = new NonceBook();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(null, 'pw'),
        fc.constantFrom('', 'uac-key'),
        fc.record({ url: fc.constantFrom('/misc', '/amp/channels/1/output'), params: fc.jsonValue({ maxDepth: 2 }) }),
        async (password, key, r) => {
          amp.password = password;
          amp.state.UAC.key = key;
          const req = { ...r, method: 'set', id: 1 };
          const error = await guardWrite(amp, nonces, req);
          expect(isUnguarded(amp)).toBe(password === null && key === '');
          if (isUnguarded(amp)) expect(error).toBeUndefined();
          else expect(error).toBeDefined();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers a write at once when unguarded, and still after the hashing when protected, in order', async () => {
    const amp = testAmp();
    const out: { id: number; result?: unknown; error?: { code: number; nonce?: string } }[] = [];
    const session = createSession(amp, { send: (f) => out.push(JSON.parse(f) as (typeof out)[number]) });
    const send = (id: number, method: string, url: string, params?: unknown, extra: Obj = {}) =>
      session.receive(JSON.stringify({ leaApi: '1.0', url, method, params, id, ...extra }));
    send(1, 'set', '/misc', { findMe: true });
    expect(out).toEqual([{ leaApi: '1.0', url: '/misc', result: 'OK', id: 1 }]);

    amp.password = 'pw';
    send(2, 'set', '/misc', { findMe: false });
    send(3, 'get', '/misc/findMe');
    expect(out).toHaveLength(1); // the challenge is async; the get waits behind it
    await vi.waitFor(() => expect(out).toHaveLength(3));
    expect(out[1]).toMatchObject({ id: 2, error: { code: DeviceErrorCode.AuthChallenge } });
    expect(out[2]).toMatchObject({ id: 3, result: true });
    const nonce = out[1]!.error!.nonce!;
    const hash = await authHash('pw', nonce, { method: 'set', url: '/misc', params: { findMe: false }, id: 4 });
    send(4, 'set', '/misc', { findMe: false }, { auth: { user: 'admin', nonce, hash } });
    await vi.waitFor(() => expect(out).toHaveLength(4));
    expect(out[3]).toMatchObject({ id: 4, result: 'OK' });
    expect(amp.state.misc.findMe).toBe(false);
    session.close();
  });
});
