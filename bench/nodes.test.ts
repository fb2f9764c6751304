/**
 * Smoke test of the cloud-nodes benchmark (bench/cloud/nodes.ts, issue 20): one node, then two on the machine's
 * PostgreSQL and Mosquitto, with a handful of amps; every amp's newest shadow ends up stored whichever node took it,
 * and the figures are finite. No timing is checked (house rule). Needs PostgreSQL and Mosquitto: in CI (.ci/run starts
 * them) it fails without them; elsewhere it says what is missing.
 */
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { benchNodes, formatNodes } from './cloud/nodes';

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (up: boolean) => (socket.destroy(), resolve(up));
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
const servicesUp = (await reachable(5432)) && (await reachable(1883));

describe.runIf(servicesUp || process.env.CI)('cloud nodes benchmark (smoke, untimed)', () => {
  it('one node then two: every amp’s newest shadow is stored, the figures are finite', async () => {
    const r = await benchNodes({
      amps: 12,
      intervalMs: 400,
      measureMs: 1500,
      warmupMs: 1000,
      idleMs: 500,
      nodeCounts: [1, 2],
      liveChanges: 6,
    });
    expect(r.steps.map((s) => s.nodes)).toEqual([1, 2]);
    for (const s of r.steps) {
      expect(s.ampsCurrent).toBe(12 * s.nodes);
      expect(s.rowsWritten).toBeGreaterThan(0);
      expect(s.nodeCpu).toHaveLength(s.nodes);
      // every status change reached the live stream on every node
      expect(s.live).toMatchObject({ changes: 6, streams: s.nodes, receipts: 6 * s.nodes, missing: 0 });
      for (const v of [s.publishedPerS, s.cloudCpuMsPerMessage, s.storeP50Ms, s.storeP99Ms, s.live.p99Ms]) {
        expect(Number.isFinite(v)).toBe(true);
      }
    }
    expect(r.bare.messagesPerS).toBeGreaterThan(0);
    expect(formatNodes(r).join('\n')).toMatch(/100,000 amps need \d+ nodes/);
  }, 120_000);
});
