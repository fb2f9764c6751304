/**
 * The emulator's frame fast paths against the plain code they replaced (kept below as the reference): reading a frame
 * (the hand check of the request envelope, the nesting walk) and replies built from a cached result text. Same
 * input, same output.
 */
import { CHOSEN, DeviceErrorCode, DeviceRequestSchema, errorFrame, replyFrame } from '@rackside/protocol';
import { isObj, refNormalizeUrl, same } from '@rackside/protocol/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, quickEnvelope, readFrame, replyFrameFromJson, resultJsonOf, type FrameData } from './frames';
import { createSession } from './session';
import { testAmp } from './test-helpers';

type Obj = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// the reference: readFrame as it was, with the schema checking every envelope

const utf8 = new TextDecoder('utf-8', { fatal: true });

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
