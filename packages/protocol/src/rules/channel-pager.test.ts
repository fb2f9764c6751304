import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextChannel, pagerWindow, previousChannel, visibleChannelCount } from './channel-pager';

describe('visibleChannelCount (spec 2 §2)', () => {
  it('shows 1 below 1120 px, 2 from 1120 px', () => {
    expect(visibleChannelCount(1119, 8)).toBe(1);
    expect(visibleChannelCount(1120, 8)).toBe(2);
    expect(visibleChannelCount(1819, 8)).toBe(2);
  });

  it('shows 4 from 1820 px when there are at least 4 channels, else 2', () => {
    expect(visibleChannelCount(1820, 4)).toBe(4);
    expect(visibleChannelCount(2400, 8)).toBe(4);
    expect(visibleChannelCount(1820, 2)).toBe(2);
  });

  it('never shows more channels than exist', () => {
    expect(visibleChannelCount(1820, 1)).toBe(1);
    expect(visibleChannelCount(1820, 0)).toBe(0);
  });
});

describe('pagerWindow (spec 2 §2)', () => {
  const eight = [8, 7, 6, 5, 4, 3, 2, 1];

  it('starts at the selected channel', () => {
    expect(pagerWindow(eight, 3, 4)).toEqual([3, 4, 5, 6]);
    expect(pagerWindow(eight, 1, 2)).toEqual([1, 2]);
  });

  it('is clamped to the end', () => {
    expect(pagerWindow(eight, 7, 4)).toEqual([5, 6, 7, 8]);
    expect(pagerWindow([1, 2, 3, 4], 4, 2)).toEqual([3, 4]);
  });

  it('always holds the selected channel and the visible count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 4 }), fc.nat(7), (n, visible, pick) => {
        const channels = Array.from({ length: n }, (_, i) => i + 1);
        const selected = channels[pick % n]!;
        const window = pagerWindow(channels, selected, visible);
        expect(window).toHaveLength(Math.min(visible, n));
        expect(window).toContain(selected);
      }),
    );
  });
});

describe('previous/next channel (spec 2 §2)', () => {
  it('wraps between channels', () => {
    expect(nextChannel([1, 2, 3, 4], 2)).toBe(3);
    expect(nextChannel([1, 2, 3, 4], 4)).toBe(1);
    expect(previousChannel([1, 2, 3, 4], 1)).toBe(4);
    expect(previousChannel([1, 2, 3, 4], 3)).toBe(2);
    expect(nextChannel([], 1)).toBeUndefined();
  });
});
