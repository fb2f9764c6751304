/**
 * Smoke test of the notification benchmark (bench/notifications/): five amps fault, and every one of the ten messages
 * (an e-mail and an SMS per amp) arrives at the test servers exactly once; the baselines deliver theirs. No timing is
 * checked here (house rule: performance is measured in bench/ runs, never in timed tests).
 */
import { describe, expect, it } from 'vitest';
import { benchNotifications, formatNotifications } from './notifications';

describe('notification benchmark (smoke, untimed)', () => {
  it('5 amps faulting: one e-mail and one SMS per amp, exactly once; the baselines deliver as many', async () => {
    const r = await benchNotifications({ amps: 5, windowMs: 200, quietMs: 1500, deliverTimeoutMs: 60_000 });

    expect(r.published).toBe(5);
    expect(r.publishFailed).toBe(0);
    for (const c of [r.email, r.sms]) {
      expect(c.expected).toBe(5);
      expect(c.delivered).toBe(5);
      expect(c.duplicates).toBe(0);
      expect(c.latency.samples).toBe(5);
      expect(Number.isFinite(c.latency.max)).toBe(true);
      expect(c.bare?.arrived).toBe(5);
      expect(c.bare?.failed).toBe(0);
    }
    expect(r.strays).toBe(0);
    expect(r.rows).toMatchObject({ sent: 10, retried: 0 });
    expect(r.stages.every((s) => s.latency.samples > 0)).toBe(true);
    expect(formatNotifications(r).join('\n')).toContain('fault → handed over');
  }, 120_000);
});
