import { CHOSEN, DEVICE_METHODS } from '@rackside/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestClient } from './test-helpers';

let h: Harness;
let c: TestClient;
beforeAll(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterAll(() => h.stop());

const urls = [
  '/',
  'amp',
  '/amp/channels/1/output',
  '/amp/channels/9',
  '/misc',
  '/users',
  '/NSTProxy',
  '/lockedProperties',
  '/logs',
  '//',
  '/amp/../misc',
  '',
  '/UAC',
  '/amp/channels/1/output/fader',
];
const methods = [...DEVICE_METHODS, 'notify', 'GET', '__proto__', 'constructor', ''];

const deep = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);

/** A frame to send: text or binary. */
const frame: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  // a request with some fields replaced by anything JSON can carry
  fc
    .record(
      {
        leaApi: fc.oneof(fc.constant('1.0'), fc.jsonValue({ maxDepth: 1 })),
        url: fc.oneof(fc.constantFrom(...urls), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
        method: fc.oneof(fc.constantFrom(...methods), fc.jsonValue({ maxDepth: 1 })),
        params: fc.jsonValue({ maxDepth: 5 }),
        id: fc.oneof(fc.integer({ min: -5, max: 2 ** 31 + 5 }), fc.jsonValue({ maxDepth: 1 })),
        auth: fc.jsonValue({ maxDepth: 2 }),
        signature: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['url', 'method', 'id'] },
    )
    .map((r) => JSON.stringify(r)),
  // a valid envelope, cut short somewhere
  fc.nat({ max: 60 }).map((n) => '{"leaApi":"1.0","url":"/misc","method":"get","id":1}'.slice(0, n)),
  fc.integer({ min: 33, max: 3000 }).map((d) => `{"url":"/","method":"set","id":1,"params":${deep(d, '1')}}`),
  fc.integer({ min: 1, max: 20000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
  fc.constant(JSON.stringify({ url: '/', method: 'get', id: 1, params: 'x'.repeat(CHOSEN.maxFrameBytes + 1) })),
);

describe('fuzzing the device API', () => {
  it('answers every frame exactly once, keeps the connection, and invalid frames change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const before = JSON.stringify(h.amp.state);
        c.sendRaw(f);
        const r = await c.reply();
        expect(r.text).toBe(true);
        expect(Object.keys(r.msg)[0]).toBe('leaApi');
        if (r.msg.error) {
          expect(typeof r.msg.error.code).toBe('number');
          expect(typeof r.msg.error.message).toBe('string');
          expect(JSON.stringify(h.amp.state)).toBe(before);
        }
        expect(c.closed).toBe(false);
      }),
      { numRuns: 400 },
    );
    const r = await c.call('get', '/amp/deviceInfo');
    expect(r.msg.result).toEqual(h.amp.read('/amp/deviceInfo'));
    expect(c.replies).toEqual([]);
  });
});
