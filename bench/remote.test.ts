/**
 * Smoke test of the remote relay benchmarks (issue 13): each runs with tiny sizes against a real cloud, broker and
 * emulated amp; the round trips return the amp's real values and every figure is a finite number. No timing is
 * checked here (house rule: performance is measured in bench/ runs, never in timed tests).
 */
import { describe, expect, it } from 'vitest';
import { benchRemoteNotify, benchRemoteRoundTrip, benchRemoteSessions, type Latency } from './remote';

const expectFigures = (l: Latency, samples: number) => {
  for (const v of [l.p50, l.p99, l.mean, l.max]) {
    expect(Number.isFinite(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
  }
  expect(l.samples).toBe(samples);
};
const expectFinite = (...values: number[]) => {
  for (const v of values) expect(Number.isFinite(v)).toBe(true);
};

// addresses apart from `npm run bench` (127.0.9.x) and the device API smoke test (127.0.15.x–127.0.17.x)
describe('remote relay benchmarks (smoke, untimed)', () => {
  it('round trip: get and set through the relay and directly answer with the amp’s values', async () => {
    const r = await benchRemoteRoundTrip({ iterations: 10, warmup: 2, sessions: 2, base: '127.0.18.1' });
    for (const c of [r.get, r.set]) {
      expectFigures(c.remote, 10);
      expectFigures(c.direct, 10);
      expectFinite(c.ratioP50, c.ratioP99);
    }
    expect(r.remoteGetMatchesAmp).toBe(true);
    expect(r.directGetMatchesAmp).toBe(true);
    expect(r.ampFader).toBe(r.lastSet);
    expect(r.directReadBack).toBe(r.lastSet);
  }, 60_000);

  it('notify: every change on the amp reaches the remote and the local client', async () => {
    const r = await benchRemoteNotify({ rounds: 2, warmupRounds: 1, base: '127.0.18.11' });
    for (const l of [r.remoteEndToEnd, r.directEndToEnd, r.batching, r.remoteAbove, r.directAbove]) expectFigures(l, 2);
    expectFinite(r.ratioAboveP50, r.ratioAboveP99);
    expect(r.allDelivered).toBe(true);
    expect(r.ampFader).toBe(r.lastSet);
  }, 60_000);

  it('sessions: relay sessions in a child process stay open and answer with their amp’s state', async () => {
    const r = await benchRemoteSessions({
      sessions: 4,
      amps: 2,
      intervalMs: 200,
      measureMs: 600,
      aloneMs: 200,
      base: '127.0.18.21',
      settleMs: 50,
    });
    expect(r.loaded.samples).toBeGreaterThan(0);
    expect(r.alone.samples).toBeGreaterThan(0);
    for (const l of [r.loaded, r.alone]) expectFigures(l, l.samples);
    // four sessions are within the noise of RSS and heap: only finite is asserted
    expectFinite(r.perRemote.heapUsed, r.perRemote.rss, r.perDirect.heapUsed, r.perDirect.rss, r.ratioP50, r.ratioP99);
    expect(r.failed).toBe(0);
    expect(r.stillOpen).toBe(4);
    expect(r.allMatchAmp).toBe(true);
  }, 60_000);
});
