/**
 * The client's fast paths against the plain code they replaced (kept below as the reference, the store built on the
 * protocol's reference implementations): the hand check of incoming messages, the state store that clamps only what
 * differs, the request text, listener snapshots and the one time-out timer of the requests in flight. Same input,
 * same output.
 */
import {
  DeviceMessageSchema,
  LEA_API_VERSION,
  defaultState,
  findModel,
  getAt,
  getModel,
  replyFrame,
  urlSegments,
  walkFields,
  type DeviceDelta,
  type ModelInfo,
} from '@rackside/protocol';
import {
  editedCopy,
  isObj,
  refClampAt,
  refMergeClamped,
  refRootedAt,
  same,
  type Edit,
} from '@rackside/protocol/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceClient } from './device-client';
import { DeviceStateStore } from './device-state';
import { TimeoutError } from './errors';
import { quickDeviceMessage } from './incoming';
import { requestText } from './pending-requests';
import { MemoryTransport } from './testing/memory-transport';
import { Listeners } from './transport';

type Obj = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// incoming messages

const anyJson = fc.jsonValue({ maxDepth: 2 });
const message: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      leaApi: fc.oneof(fc.constant(LEA_API_VERSION), anyJson),
      url: fc.oneof(fc.constantFrom('/', '/amp/channels/1/output'), anyJson),
      method: fc.oneof(fc.constantFrom('notify', 'get'), anyJson),
      params: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(fc.constantFrom('amp', 'misc', '1', 'constructor', 'toString'), anyJson),
        fc.constant(JSON.parse('{"__proto__":{"x":1},"amp":{}}') as unknown),
      ),
      result: fc.jsonValue({ maxDepth: 3 }),
      error: fc.oneof(
        fc.record({ code: fc.integer(), message: fc.string(), nonce: fc.string() }, { requiredKeys: ['code'] }),
        anyJson,
      ),
      id: fc.oneof(
        fc.integer({ min: -5, max: 2 ** 31 }),
        fc.constantFrom(2 ** 53, 2 ** 53 - 1, 1.5, -0, null),
        anyJson,
      ),
      extra: anyJson,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('incoming messages', () => {
  it('are recognised by hand only when the schema gives the same message (property)', () => {
    let quick = 0;
    fc.assert(
      fc.property(message, (raw) => {
        const q = quickDeviceMessage(raw);
        if (!q) return;
        quick++;
        const parsed = DeviceMessageSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        same(q, parsed.data);
      }),
      { numRuns: 5000 },
    );
    expect(quick).toBeGreaterThan(100);
    // what the amp sends all the time is recognised
    expect(quickDeviceMessage(JSON.parse(replyFrame('/misc', { findMe: true }, 3)))).toEqual({
      leaApi: '1.0',
      url: '/misc',
      result: { findMe: true },
      id: 3,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// the reference store: clamping everything received, as it was (with the plain clamp and merge)

class ReferenceStore {
  tree: Obj = {};
  model: ModelInfo | undefined;
  readonly seen: [DeviceDelta, DeviceDelta][] = [];

  apply(url: string, value: unknown): DeviceDelta | undefined {
    const rooted = refRootedAt(urlSegments(url), value);
    if (!isObj(rooted)) return undefined;
    this.#learnModel(rooted);
    const clamped = this.model ? refClampAt(this.model, '/', rooted) : rooted;
    if (!isObj(clamped)) return undefined;
    const changed = refMergeClamped(this.tree, clamped);
    if (!changed) return undefined;
    this.seen.push([structuredClone(this.tree), changed]);
    return changed;
  }

  #learnModel(incoming: Obj): void {
    if (this.model) return;
    const path = ['amp', 'deviceInfo', 'modelID'];
    const modelID = getAt(incoming, path) ?? getAt(this.tree, path);
    const model = typeof modelID === 'string' ? findModel(modelID) : undefined;
    if (!model) return;
    this.model = model;
    const tree = refClampAt(model, '/', this.tree);
    this.tree = isObj(tree) ? tree : {};
  }
}

const MODELS = ['704D', 'CDS-508-ADSP', '352N_G'].map((id) => getModel(id));
const URLS = (() => {
  const urls = new Set<string>(['/', '/UAC', '/UAC/roles', '/lockedProperties', '/discovery', '/NSTProxy', '/nothing']);
  for (const m of MODELS)
    for (const { url } of walkFields(m)) {
      const segs = urlSegments(url);
      for (let i = 0; i <= segs.length; i++) urls.add('/' + segs.slice(0, i).join('/'));
    }
  return [...urls, '/amp/channels/9/output', '/amp/channels/1/bogus', 'amp/channels/1/output/'];
})();
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-0, 1e300, 'x'.repeat(80), true, false, null, 'HiZ', 'LoZ', -80, 0, 12, -200),
);
// never a `__proto__` key: see below
const key = fc.constantFrom('constructor', 'toString', 'bogus', '1', '9', '', 'fader', 'mute', 'modelID', 'roles');

/** What an amp sends a client: subtrees of its state (often unchanged, often edited), records, anything. */
const received = fc
  .tuple(
    fc.constantFrom(...MODELS),
    fc.constantFrom(...URLS),
    fc.nat({ max: 9 }),
    fc.array<Edit>(fc.tuple(fc.nat(), fc.nat(), leaf, key), { maxLength: 4 }),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .map(([m, url, kind, e, json]) => {
    const base = getAt(defaultState(m), urlSegments(url));
    if (kind === 0) return { url, value: json };
    if (kind === 1)
      return { url: '/', value: { lockedProperties: { groups: { g: { key: 'k', properties: [url] } } } } };
    if (kind === 2) return { url: '/UAC', value: { key: '', roles: json } };
    if (base === undefined) return { url, value: json };
    return { url, value: kind < 6 ? structuredClone(base) : editedCopy(base, e) };
  });

describe('the state store', () => {
  it('merges what the store that clamped everything merged (property)', () => {
    // An own `__proto__` key merged before the model is known reaches Object.prototype, in both versions alike
    // (reported separately): no such key here, so this process stays clean.
    fc.assert(
      fc.property(fc.array(received, { minLength: 1, maxLength: 12 }), fc.boolean(), (steps, teach) => {
        const fast = new DeviceStateStore();
        const seen: [DeviceDelta, DeviceDelta][] = [];
        fast.onChange((state, delta) => seen.push([structuredClone(state), delta]));
        const plain = new ReferenceStore();
        const all = teach ? [{ url: '/amp/deviceInfo/modelID', value: MODELS[0]!.modelID }, ...steps] : steps;
        for (const [i, { url, value }] of all.entries()) {
          if (teach && i === 1 + (steps.length >> 1)) {
            same(fast.apply('/', defaultState(MODELS[1]!)), plain.apply('/', defaultState(MODELS[1]!)));
          }
          same(fast.apply(url, structuredClone(value)), plain.apply(url, structuredClone(value)));
          same(fast.state, plain.tree);
          expect(fast.model).toBe(plain.model);
        }
        same(seen, plain.seen);
      }),
      // a raw -0 clamped to 0 was reported as -0 while the tree held 0 (found after 5,374 random runs): always tried
      {
        numRuns: 400,
        examples: [
          [
            [
              { url: '/amp/deviceInfo/numInputs', value: -0 },
              { url: '/', value: [] },
            ],
            true,
          ],
        ],
      },
    );
  });

  it('merges a subtree received again, as held or edited, as the reference store does (property)', () => {
    // a polled get: the store holds the same keys in the same order, read side by side in bulk; an edit changes a
    // leaf at any depth, drops a key or adds one (the order no longer the held one's)
    const objectUrls = URLS.filter((url) => isObj(getAt(defaultState(MODELS[0]!), urlSegments(url))));
    fc.assert(
      fc.property(
        fc.constantFrom(...MODELS),
        fc.constantFrom(...objectUrls),
        fc.boolean(),
        fc.array(fc.array<Edit>(fc.tuple(fc.nat(), fc.nat(), leaf, key), { maxLength: 3 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (m, url, teach, steps) => {
          const base = getAt(defaultState(m), urlSegments(url));
          const fast = new DeviceStateStore();
          const plain = new ReferenceStore();
          if (teach) same(fast.apply('/', defaultState(m)), plain.apply('/', defaultState(m)));
          same(fast.apply(url, structuredClone(base)), plain.apply(url, structuredClone(base)));
          let last = base;
          for (const edits of steps) {
            // half the time an edit of what was sent last (kept), else of the first value again
            const value = editedCopy(edits.length % 2 ? last : base, edits);
            if (edits.length % 2) last = value;
            same(fast.apply(url, structuredClone(value)), plain.apply(url, structuredClone(value)));
            same(fast.state, plain.tree);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('learns the model from a value below objects it holds already, and clamps then', () => {
    for (const [url, value] of [
      ['/amp/deviceInfo/modelID', 'Connect Series Model 704D'],
      ['/amp/deviceInfo', { modelID: 'Connect Series Model 704D', deviceName: 'x'.repeat(80) }],
    ] as const) {
      const fast = new DeviceStateStore();
      const plain = new ReferenceStore();
      for (const s of [fast, plain]) {
        s.apply('/amp/deviceInfo', { rackName: 'R' });
        s.apply('/amp/channels/1/output', { fader: -200, bogus: 1 });
      }
      same(fast.apply(url, value), plain.apply(url, value));
      expect(fast.model?.id).toBe('704D');
      same(fast.state, plain.tree);
      expect(getAt(fast.state, ['amp', 'channels', '1', 'output'])).toEqual({ fader: -80 });
    }
  });

  it('an unchanged get changes nothing and tells nobody, with or without a model', () => {
    for (const model of [undefined, getModel('704D')]) {
      const store = new DeviceStateStore();
      if (model) store.apply('/', defaultState(model));
      else store.apply('/amp/channels/1/output', { fader: -3, mute: true });
      const listener = vi.fn();
      store.onChange(listener);
      const output = structuredClone(getAt(store.state, ['amp', 'channels', '1', 'output']));
      expect(store.apply('/amp/channels/1/output', output)).toBeUndefined();
      expect(store.apply('/amp/channels/1/output', { ...(output as Obj), fader: -4 })).toEqual({
        amp: { channels: { '1': { output: { fader: -4 } } } },
      });
      expect(listener).toHaveBeenCalledTimes(1);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('the request text', () => {
  it('is JSON.stringify of the request object (property)', () => {
    class Stamp {
      toJSON(k: string) {
        return `stamp:${k}`;
      }
    }
    const params = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(undefined, -0, NaN, Infinity, () => 1, Symbol('s'), new Date(0), new Stamp(), [undefined]),
      fc.record({ a: fc.constantFrom(undefined, new Stamp(), 1) }),
    );
    const url = fc.oneof(fc.constantFrom('/', '/amp/channels/1/output'), fc.string({ maxLength: 20 }));
    const method = fc.constantFrom('get', 'set', 'subscribe', 'info');
    fc.assert(
      fc.property(url, method, params, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (u, m, p, id) => {
        expect(requestText(u, m, p, id)).toBe(
          JSON.stringify({ leaApi: LEA_API_VERSION, url: u, method: m, params: p, id }),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('listeners', () => {
  it('an emit calls those registered when it began; added or removed ones count from the next', () => {
    const calls: string[] = [];
    const l = new Listeners<[number]>();
    let offB = (): void => undefined;
    l.add((n) => {
      calls.push(`a${n}`);
      if (n === 1) {
        offB();
        l.add((m) => calls.push(`c${m}`));
      }
    });
    offB = l.add((n) => calls.push(`b${n}`));
    l.emit(1);
    l.emit(2);
    expect(calls).toEqual(['a1', 'b1', 'a2', 'c2']);
  });
});

describe('time-outs, one timer for all the requests in flight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each request times out at its own deadline, a settled one never does, close leaves no timer', async () => {
    vi.useFakeTimers();
    const transport = new MemoryTransport();
    const client = new DeviceClient({ transport, timeoutMs: 1000 });
    transport.accept();
    const answer = () => {
      const { id, url } = JSON.parse(transport.sent.at(-1)!) as { id: number; url: string };
      transport.receive(replyFrame(url, 'OK', id));
    };
    const failed = vi.fn();
    // answered within their time, 400 ms apart: none of them ever fails
    const answered = [];
    for (let i = 0; i < 3; i++) {
      const p = client.set('/misc', { findMe: true });
      p.catch(failed);
      answered.push(p);
      answer();
      vi.advanceTimersByTime(400);
    }
    await expect(Promise.all(answered)).resolves.toEqual(['OK', 'OK', 'OK']);
    // two silent requests 300 ms apart, one answered between them
    const first = client.get('/misc');
    const firstFailed = vi.fn();
    first.catch(firstFailed);
    vi.advanceTimersByTime(300);
    const second = client.get('/amp');
    const secondFailed = vi.fn();
    second.catch(secondFailed);
    const between = client.set('/misc', { findMe: false });
    answer();
    await expect(between).resolves.toBe('OK');
    vi.advanceTimersByTime(699); // 999 ms after the first
    await Promise.resolve();
    expect(firstFailed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // its deadline
    await expect(first).rejects.toBeInstanceOf(TimeoutError);
    expect(secondFailed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299); // 999 ms after the second
    await Promise.resolve();
    expect(secondFailed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(second).rejects.toBeInstanceOf(TimeoutError);
    vi.advanceTimersByTime(5000);
    expect(failed).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0); // nothing in flight, nothing armed
    const last = client.get('/misc');
    last.catch(() => undefined);
    expect(vi.getTimerCount()).toBe(1);
    client.close();
    expect(vi.getTimerCount()).toBe(0);
    await expect(last).rejects.toThrow('connection closed by the client');
  });
});
