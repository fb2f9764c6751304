/**
 * Smoke test of the firmware download benchmark (issue 14): a few amps download a small image through their firmware
 * jobs' URLs from a real cloud, and from the bare file server, whole and with the image's sha256; the pure helpers
 * the figures come from. No timing is checked here (house rule: performance is measured in bench/ runs, never in
 * timed tests).
 */
import { describe, expect, it } from 'vitest';
import { benchFirmwareDownload, median, medianBy, mibPerS, sidesOf } from './firmware';

describe('firmware download bench helpers', () => {
  it('median: the middle value, the mean of the middle two for an even count, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('medianBy: the item holding the median value (the lower middle for an even count)', () => {
    const rounds = [{ v: 30 }, { v: 10 }, { v: 20 }];
    expect(medianBy(rounds, (r) => r.v)).toBe(rounds[2]);
    expect(medianBy([{ v: 2 }, { v: 1 }], (r) => r.v)).toEqual({ v: 1 });
    expect(() => medianBy([], () => 0)).toThrow();
  });

  it('rounds alternate which side goes first; MiB/s from bytes and ms', () => {
    expect([0, 1, 2].map(sidesOf)).toEqual([
      ['cloud', 'bare'],
      ['bare', 'cloud'],
      ['cloud', 'bare'],
    ]);
    expect(mibPerS(3 * 2 ** 20, 500)).toBe(6);
  });
});

// addresses apart from the other smoke tests (127.0.9.x, 127.0.15.x–127.0.18.x)
describe('firmware download benchmark (smoke, untimed)', () => {
  it('every amp gets the whole image from the cloud and from the bare server', async () => {
    const r = await benchFirmwareDownload({
      clients: 4,
      payloadBytes: 64 * 1024,
      rounds: 1,
      warmup: 1,
      host: '127.0.21.1',
    });
    expect(r.rounds.map((d) => d.side)).toEqual(['cloud', 'bare']);
    for (const d of r.rounds) {
      expect(d.allComplete).toBe(true);
      expect(d.shaMatches).toBe(true);
      expect(d.total.samples).toBe(4);
      expect(Number.isFinite(d.mbPerS)).toBe(true);
    }
    expect(r.imageBytes).toBeGreaterThan(64 * 1024);
    expect(Number.isFinite(r.ratio)).toBe(true);
  }, 60_000);
});
