/**
 * validateSet's fast paths (lazily spelled messages, cached collection keys, the resolveUrl cache) against the plain
 * code they replaced: the same patch, actions and messages for random valid and invalid input.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { urlAndValue } from './testing/arbitraries';
import { same } from './testing/identical';
import { refValidateSet } from './testing/reference';
import { validateSet } from './validate-set';

describe('fast paths of validate-set.ts give what the plain code gives', () => {
  it('validateSet (property)', () => {
    fc.assert(
      fc.property(urlAndValue, fc.jsonValue({ maxDepth: 2 }), ({ model: m, url, value }, stored) => {
        const current = (segments: string[]) => (segments[0] === 'UAC' ? stored : undefined);
        same(validateSet(m, url, value, current), refValidateSet(m, url, value, current));
      }),
      { numRuns: 1500 },
    );
  });
});
