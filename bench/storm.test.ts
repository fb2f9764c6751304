/**
 * Smoke test of the connect-storm benchmark (bench/cloud/storm.ts, issue 20): a handful of amps at once to the cloud's
 * embedded broker and to a bare Aedes; every amp connects, every first shadow is stored (the cloud) or received (the
 * baseline), none drops, and the table names both. No timing is checked (house rule).
 */
import { describe, expect, it } from 'vitest';
import { benchStorm, formatStorm } from './cloud/storm';

describe('connect storm benchmark (smoke, untimed)', () => {
  it('every amp connects and its first shadow arrives, through the cloud and through the bare broker', async () => {
    const r = await benchStorm({ amps: 20, driver: 'pglite', concurrency: 10, holdMs: 200 });
    expect(r.steps.map((s) => s.broker)).toEqual(['embedded']);
    for (const side of [r.steps[0]!.cloud, r.steps[0]!.bare]) {
      expect(side).toMatchObject({ connected: 20, failed: 0, shadows: 20, dropped: 0 });
      expect(Number.isFinite(side.firstShadowsMs)).toBe(true);
    }
    expect(formatStorm(r).join('\n')).toMatch(/\| embedded \| 20 \(0\) in /);
  }, 60_000);
});
