/**
 * Smoke test of the cloud benchmarks (bench/cloud/): both run with tiny sizes, give finite figures, and what the
 * agents published is what the cloud stored and answers. No timing is checked here (house rule: performance is
 * measured in bench/ runs, never in timed tests); this only keeps the benchmarks from rotting.
 */
import { describe, expect, it } from 'vitest';
import { benchRest, benchShadowIngest, formatIngest, formatRest, type Latency } from './cloud';

const expectFigures = (l: Latency, samples: number) => {
  expect(l.samples).toBe(samples);
  for (const v of [l.p50, l.p99, l.mean, l.max]) {
    expect(Number.isFinite(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
  }
};

describe('cloud benchmarks (smoke, untimed)', () => {
  it('shadow ingest and REST: tiny sizes, finite figures, the stored shadows are the published ones', async () => {
    // the two run side by side (each with its own cloud, PGlite and broker on free ports) to keep the test short
    const [ingest, rest] = await Promise.all([
      benchShadowIngest({
        steps: [4],
        intervalMs: 400,
        warmupMs: 200,
        measureMs: 800,
        drainMs: 5000,
        bareMeasureMs: 500,
        blastMs: 200,
        profileMs: 200,
        check: true,
      }),
      benchRest({ rate: 40, durationMs: 800, warmupMs: 100, serial: 5, venues: 3, devices: 2 }),
    ]);

    const [run] = ingest.runs;
    const [step] = run?.steps ?? [];
    expect(step?.amps).toBe(4);
    expect(step?.published).toBeGreaterThan(0);
    expect(step?.stored).toBe(step?.published);
    expectFigures(step!.latency, step!.published);
    expect(step?.connectFailed).toBe(0);
    expect(run?.check).toEqual({ devices: 4, equal: 4 }); // read back through POST /venues/{id}/devices/attributes
    expect(run?.profile?.byCategory.length).toBeGreaterThan(0);
    const [bare] = ingest.bare.steps;
    expect(bare?.received).toBe(bare?.published);
    expectFigures(bare!.latency, bare!.published);
    expect(ingest.bare.throughput.messagesPerS).toBeGreaterThan(0);
    expect(ingest.payloadBytes).toBeGreaterThan(5000); // the real 704D shadow

    for (const c of [rest.venues, rest.attributes]) {
      expect(c.failures).toEqual([0, 0]);
      expect(c.replyBytes).toBeGreaterThan(0);
      expect(c.cloud.samples).toBeGreaterThan(0);
      expectFigures(c.cloud, c.cloud.samples);
      expectFigures(c.bare, c.bare.samples);
      expectFigures(c.serialCloud, 5);
      expect(Number.isFinite(c.ratioP50)).toBe(true);
    }
    expect(rest.check).toEqual({ venues: 3, devices: 2, shadowsMatch: true });

    expect(formatIngest(ingest).join('\n')).toContain('largest N held');
    expect(formatRest(rest).join('\n')).toContain('GET /api/venues');
  }, 120_000);
});
