/**
 * clampAt (a fold over the tree) and mergeReceived (clamping and merging in one walk) against the plain code they
 * replaced: the same values in the same key order, and the same tree left behind.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { clampAt, mergeReceived } from './clamp';
import { defaultState } from './defaults';
import { isObj } from './json';
import { edits, urlAndValue } from './testing/arbitraries';
import { editedCopy } from './testing/edited';
import { same } from './testing/identical';
import { refClampAt, refMergeReceived, refRootedAt } from './testing/reference';
import { urlSegments } from './url';

describe('fast paths of clamp.ts give what the plain code gives', () => {
  it('clampAt (property)', () => {
    fc.assert(
      fc.property(urlAndValue, ({ model: m, url, value }) => same(clampAt(m, url, value), refClampAt(m, url, value))),
      { numRuns: 1500 },
    );
  });

  it('mergeReceived is clamping, replacing changed records, then mergeDelta (property)', () => {
    const record = fc.oneof(
      fc.constant({ lockedProperties: { groups: { g: { key: 'k', properties: ['/misc/findMe'] } } } }),
      fc.constant({ lockedProperties: { groups: {} } }),
      fc.jsonValue({ maxDepth: 2 }).map((roles) => ({ UAC: { key: '', roles } })),
      fc.constant({ NSTProxy: { enable: true, devices: {} } }),
    );
    fc.assert(
      fc.property(urlAndValue, edits, fc.option(record), (received, e, rec) => {
        const m = received.model;
        // a tree as a client holds it: clamped, partly there, with a record or two
        const held = refClampAt(m, '/', editedCopy(defaultState(m), e));
        if (!isObj(held)) return;
        const incoming = refRootedAt(urlSegments(received.url), received.value);
        const withRecord = rec && isObj(incoming) ? { ...rec, ...incoming } : incoming;
        const a = structuredClone(held);
        const b = structuredClone(held);
        same(mergeReceived(m, a, withRecord), refMergeReceived(m, b, withRecord));
        same(a, b);
      }),
      { numRuns: 800 },
    );
  });
});
