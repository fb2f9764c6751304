import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from './random';
import { testAmp, type TestAmp } from './testing';

let t: TestAmp;
afterEach(() => t.dispose());

describe('signal and meters', () => {
  it('meters follow the signal generator and go silent when the channel is muted', () => {
    t = testAmp();
    t.amp.apply({ amp: { signalGenerator: { type: 'Tone' } } }, 'client');
    t.generator(1, -20);
    t.physics.tick(1000);
    // 704: 700 W into 8 Ω → rated 74.8 V; a tone 20 dB down gives a tenth of it.
    expect(t.level(1, 'level_db')).toBe(-20);
    expect(t.level(1, 'level_volts')).toBeCloseTo(7.5, 1);
    expect(t.level(1, 'level_watts')).toBeCloseTo(7, 0);
    expect(t.out(1, 'signalDetect')).toBe(true);
    expect(t.at('/amp/channels/1/inputSelector/signalDetect')).toBe(true);

    t.setChannel(1, { output: { mute: true } });
    t.physics.tick(1000);
    expect(t.level(1, 'level_db')).toBe(-120);
    expect(t.level(1, 'level_volts')).toBe(0);
    expect(t.out(1, 'signalDetect')).toBe(false);
  });

  it('programme meters wander like music and are rounded to the field step', () => {
    t = testAmp();
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) {
      t.physics.tick(200);
      seen.add(t.at('/amp/inputs/analog/1/level') as number);
    }
    expect(seen.size).toBeGreaterThan(5);
    for (const v of seen) {
      expect(v).toBeLessThan(0);
      expect(v).toBeGreaterThan(-60);
      expect(Math.round(v * 10) / 10).toBe(v);
    }
  });

  it('the same seed replays the same amp', () => {
    t = testAmp('704', { random: seededRandom(3) });
    t.physics.tick(5000);
    const first = structuredClone(t.amp.state);
    t.dispose();
    t = testAmp('704', { random: seededRandom(3) });
    t.physics.tick(5000);
    expect(t.amp.state).toEqual(first);
  });

  it('limits a driven channel: gain reduction is 20·log10(Vwould/threshold)', () => {
    t = testAmp();
    t.amp.apply({ amp: { signalGenerator: { type: 'Tone' } } }, 'client');
    t.generator(1, 0);
    t.setChannel(1, { rmsLimiter: { enable: true, threshold: 10 } });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/1/rmsLimiter/gainReduction')).toBeCloseTo(20 * Math.log10(Math.sqrt(700 * 8) / 10), 1);
    expect(t.at('/amp/channels/1/rmsLimiter/totalGainReduction')).toBeCloseTo(17.5, 1);
    expect(t.out(1, 'limiting')).toBe(true);
    expect(t.level(1, 'level_volts')).toBe(10);

    t.setChannel(1, { rmsLimiter: { enable: false } });
    t.physics.tick(1000);
    expect(t.out(1, 'limiting')).toBe(false);
    expect(t.out(1, 'clip')).toBe(true); // a full-scale tone hits the rail without the limiter
  });

  it('Backup mode switches to the secondary input when the primary goes silent', () => {
    t = testAmp();
    t.setChannel(1, { inputSelector: { secondary: 'Analog 2', mode: 'Backup' } });
    t.physics.inject({ type: 'dropInput', input: 'analog', n: 1 });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/1/inputSelector/primarySignalDetect')).toBe(false);
    expect(t.at('/amp/channels/1/inputSelector/secondarySignalDetect')).toBe(true);
    expect(t.at('/amp/channels/1/inputSelector/signalDetect')).toBe(true);
    expect(t.out(1, 'signalDetect')).toBe(true);
  });

  it('power readings and board temperatures rise with output power', () => {
    t = testAmp();
    t.physics.tick(2000);
    const idleWatts = t.at('/amp/powerSupply/acLineWatts') as number;
    const idleAmps = t.at('/amp/powerSupply/acLineCurrent') as number;
    const idleTemp = t.at('/tech/temperatureAmp12') as number;
    for (const n of [1, 2, 3, 4]) t.generator(n, 0);
    t.physics.tick(60_000);
    expect(t.at('/amp/powerSupply/acLineWatts')).toBeGreaterThan(idleWatts + 500);
    expect(t.at('/amp/powerSupply/acLineCurrent')).toBeGreaterThan(idleAmps);
    expect(t.at('/amp/powerSupply/acLineVoltage')).toBeCloseTo(230, -1);
    expect(t.at('/tech/temperatureAmp12')).toBeGreaterThan(idleTemp + 5);
    expect(t.level(1, 'level_watts')).toBeGreaterThan(100);
  });
});

describe('auto-standby, find me, up time', () => {
  it('enters standby after timeToWait without signal (sped up) and wakes on signal', () => {
    t = testAmp('704', { speed: 60 }); // a simulated minute per real second
    t.amp.apply({ amp: { autoStandby: { enable: true, timeToWait: 1, threshold: -60 } } }, 'client');
    t.physics.inject({ type: 'dropInput', input: 'analog' });
    t.physics.tick(900);
    expect(t.out(1, 'status')).toBe('Ok');
    t.physics.tick(200);
    for (const n of [1, 2, 3, 4]) {
      expect(t.out(n, 'status')).toBe('Standby');
      expect(t.out(n, 'autoStandbyActive')).toBe(true);
    }
    expect(t.at('/amp/autoStandby/active')).toBe(true);
    expect(t.at('/amp/powerSupply/acLineWatts')).toBe(14);
    expect(t.eventsLog()).toContain('Auto-standby: entered after 1 min without input signal');

    t.physics.clear();
    t.physics.tick(100);
    expect(t.out(1, 'status')).toBe('Ok');
    expect(t.at('/amp/autoStandby/active')).toBe(false);
    expect(t.eventsLog()).toContain('Auto-standby: left, input signal detected');
  });

  it('a disabled channel is Offline and not ready', () => {
    t = testAmp();
    t.setChannel(4, { output: { enable: false } });
    t.physics.tick(1000);
    expect(t.out(4, 'status')).toBe('Offline');
    expect(t.out(4, 'ready')).toBe(false);
    expect(t.level(4, 'level_volts')).toBe(0);
  });

  it('find me stops by itself after 5 minutes; up time counts', () => {
    t = testAmp('704', { speed: 10 });
    t.amp.apply({ misc: { findMe: true } }, 'client');
    t.physics.tick(29_000);
    expect(t.at('/misc/findMe')).toBe(true);
    t.physics.tick(1_100);
    expect(t.at('/misc/findMe')).toBe(false);
    expect(t.eventsLog()).toContain('Find me: stopped after 5 minutes');
    expect(t.at('/amp/deviceInfo/upTime')).toBe(301);
  });
});

describe('timing', () => {
  it('runs on its own timer, meters 5 times a second and slow readings once, until stopped', () => {
    vi.useFakeTimers();
    try {
      t = testAmp('704', { manual: false });
      const batches: Record<string, unknown>[] = [];
      t.amp.onChange((delta) => batches.push(delta));
      vi.advanceTimersByTime(1000);
      const has = (url: string) => batches.filter((d) => hasPath(d, url)).length;
      expect(has('/amp/inputs/analog/1/level')).toBe(5);
      expect(has('/amp/powerSupply/acLineVoltage')).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(t.at('/amp/deviceInfo/upTime')).toBe(1); // published at 1.1 s
      t.physics.stop();
      vi.advanceTimersByTime(5000);
      expect(t.at('/amp/deviceInfo/upTime')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

function hasPath(delta: unknown, url: string): boolean {
  let cur = delta;
  for (const seg of url.split('/').filter(Boolean)) {
    if (typeof cur !== 'object' || cur === null || !(seg in cur)) return false;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return true;
}
