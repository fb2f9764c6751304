/**
 * The fast paths of json.ts against the plain code they replaced: mergeDelta, deepEqual and rootedAt give exactly
 * what the plain versions give (same values, same key order, same prototypes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultState } from './defaults';
import { deepEqual, isObj, mergeDelta, rootedAt, type Obj } from './json';
import { edits, hasProtoKey, leaf, urlAndValue, weirdKey } from './testing/arbitraries';
import { editedCopy } from './testing/edited';
import { same } from './testing/identical';
import { refDeepEqual, refMergeDelta, refRootedAt } from './testing/reference';
import { urlSegments } from './url';

describe('fast paths of json.ts give what the plain code gives', () => {
  it('mergeDelta and deepEqual (property)', () => {
    fc.assert(
      fc.property(urlAndValue, edits, ({ model: m, url, value }, e) => {
        const state = defaultState(m) as unknown as Obj;
        const delta = refRootedAt(urlSegments(url), value);
        if (!isObj(delta)) return;
        const again = editedCopy(delta, e);
        // Merging an own `__proto__` key reaches Object.prototype (both versions do it alike): not in this process.
        fc.pre(!hasProtoKey(delta) && !hasProtoKey(again));
        const a = structuredClone(state);
        const b = structuredClone(state);
        same(mergeDelta(a, delta), refMergeDelta(b, delta));
        same(a, b);
        if (isObj(again)) {
          same(mergeDelta(a, again), refMergeDelta(b, again));
          same(a, b);
        }
        expect(deepEqual(delta, again)).toBe(refDeepEqual(delta, again));
        expect(deepEqual(a, state)).toBe(refDeepEqual(a, state));
        expect(deepEqual(delta, structuredClone(delta))).toBe(true);
      }),
      { numRuns: 600 },
    );
    const pair = fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(fc.property(pair, ([x, y]) => deepEqual(x, y) === refDeepEqual(x, y)));
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    expect(deepEqual(sparse, [1, 2, 3])).toBe(refDeepEqual(sparse, [1, 2, 3]));
  });

  it('rootedAt builds what a {[k]: v} literal builds, own __proto__ keys included (property)', () => {
    const segs = fc.array(fc.oneof(weirdKey, fc.string({ maxLength: 4 })), { maxLength: 6 });
    fc.assert(
      fc.property(segs, leaf, (s, v) => {
        const a = rootedAt(s, v);
        const b = refRootedAt(s, v);
        same(a, b);
        let x: unknown = a;
        for (const k of s) {
          expect(Object.getPrototypeOf(x)).toBe(Object.prototype);
          expect(Object.hasOwn(x as object, k)).toBe(true);
          x = (x as Obj)[k];
        }
      }),
    );
  });
});
