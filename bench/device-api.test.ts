/**
 * Smoke test of the device API benchmarks: each runs with tiny sizes, gives finite positive figures, and the
 * emulator answered correctly. No timing is checked here (house rule: performance is measured in bench/ runs,
 * never in timed tests); this only keeps the benchmarks from rotting.
 */
import { describe, expect, it } from 'vitest';
import {
  benchInstructions,
  benchMemory,
  benchNotifyFanout,
  formatFanout,
  benchRoundTrip,
  dryRunInstructionChild,
  type Latency,
} from './device-api';

const expectFigures = (l: Latency, samples: number) => {
  for (const v of [l.p50, l.p99, l.mean, l.max]) {
    expect(Number.isFinite(v)).toBe(true);
    expect(v).toBeGreaterThan(0);
  }
  expect(l.samples).toBe(samples);
};

const expectPositive = (...values: number[]) => {
  for (const v of values) {
    expect(Number.isFinite(v)).toBe(true);
    expect(v).toBeGreaterThan(0);
  }
};

// addresses apart from `npm run bench` (127.0.5.x to 127.0.7.x), so both can run at once
describe('device API benchmarks (smoke, untimed)', () => {
  it('round trip: get and set through DeviceClient, raw ws, a bare echo and a JSON echo; the set value reads back', async () => {
    const r = await benchRoundTrip({ iterations: 20, warmup: 5, base: '127.0.15.1' });
    for (const c of [r.get, r.set]) {
      expectFigures(c.client, 20);
      expectFigures(c.rawToAmp, 20);
      expectFigures(c.bare, 20);
      expectFigures(c.jsonEcho, 20);
      expectPositive(c.ratioP50, c.ratioP99, c.ratioJsonP50, c.ratioJsonP99, c.requestBytes, c.replyBytes);
    }
    expect(r.getMatchesAmp).toBe(true);
    expect(r.readBack).toBe(r.lastSet);
  });

  it('fan-out: every subscribed client gets every set; the amp holds the last value', async () => {
    const r = await benchNotifyFanout({ clients: 5, rounds: 3, warmupRounds: 1, base: '127.0.15.11' });
    for (const l of [r.endToEnd, r.firstReceipt, r.setReply, r.bareEndToEnd]) expectFigures(l, 3);
    // with few clients, the first and the last may receive in the same millisecond: spreads may be 0
    for (const l of [r.spread, r.bareSpread, r.jsonSpread, r.rawSpread])
      for (const v of [l.p50, l.p99]) expect(v).toBeGreaterThanOrEqual(0);
    expect(r.allDelivered).toBe(true);
    expect(r.ampFader).toBe(r.lastSet);
    expectPositive(r.notifyBytes);
    const printed = formatFanout(r).join('\n');
    // the target on the amp's share; with 5 clients a spread may be 0 ms, so a ratio may read Infinity or NaN
    expect(printed).toMatch(
      /amp → 5 raw ws subscribers, p99 [\d.]+ ms \(bare ws broadcast [\d.]+ ms, ratio \S+, target ≤ 2\) /,
    );
    expect(printed).toMatch(/5 DeviceClients in one process, p99 [\d.]+ ms, target < 5 ms (PASS|ABOVE TARGET)/);
  });

  it('instructions: the counting child runs every phase (without valgrind); no valgrind is reported as such', async () => {
    // a counted run takes minutes under valgrind, which CI machines may not have: the child runs bare here
    const phases = await dryRunInstructionChild({
      iterations: 3,
      rounds: 1,
      clients: 3,
      reps: 1,
      warmupReps: 1,
      base: '127.0.19.1',
    });
    expect(phases).toEqual([
      'warm-up',
      'client get',
      'raw get',
      'bare get',
      'json get',
      'client set',
      'raw set',
      'bare set',
      'json set',
      'client fanout',
      'raw fanout',
      'bare fanout',
      'json fanout',
    ]);
    const missing = await benchInstructions({ valgrind: '/nonexistent/valgrind' });
    expect(missing).toEqual({ available: false, reason: 'valgrind not installed' });
  });

  it('memory: a fleet and the bare servers are measured in child processes; the last amp answers', async () => {
    const r = await benchMemory({ amps: 5, settleMs: 200, base: '127.0.16.1', bareBase: '127.0.17.1' });
    expectPositive(r.perAmp.rss, r.perAmp.heapUsed, r.fleetStartMs, r.bareStartMs);
    // five bare server trios (~10 KB each) are within the noise of RSS and heap: only finite is asserted
    for (const v of [r.perBare.rss, r.perBare.heapUsed, r.ratioRss, r.ratioHeap]) expect(Number.isFinite(v)).toBe(true);
    expect(r.answered).toBe(r.expected);
    expect(r.expected).toMatch(/^Connect Series/);
  });
});
