import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-path';

describe('returnPathOf (issue 18: sign in from the guest banner)', () => {
  it('returns to the amp page the banner was on', () => {
    expect(returnPathOf({ from: '/amps/10.0.0.1/channels/2/eq' })).toBe('/amps/10.0.0.1/channels/2/eq');
  });
  it('goes to the amp list for anything else', () => {
    for (const state of [undefined, null, 'x', {}, { from: 3 }, { from: 'https://evil.example/' }, { from: '//evil' }])
      expect(returnPathOf(state)).toBe('/amps');
    expect(returnPathOf({ from: '/amps//evil.example' })).toBe('/amps');
    expect(returnPathOf({ from: '/venues/1' })).toBe('/amps');
  });
});
