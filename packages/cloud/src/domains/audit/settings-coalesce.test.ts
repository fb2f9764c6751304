import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsCoalescer } from './settings-coalesce';
import type { SettingWritten } from './settings-tap';

describe('the settings of a gesture, as one audit entry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes a slider drag one entry: the first value before, the last after, once the path is quiet', () => {
    const told: SettingWritten[] = [];
    const c = new SettingsCoalescer((s) => told.push(s), 1000);
    const path = '/amp/channels/1/output';
    for (let i = 0; i <= 30; i++) {
      c.add({ path, from: { fader: -10 + (i === 0 ? 0 : i - 1) / 10 }, to: { fader: -10 + i / 10 } });
      vi.advanceTimersByTime(40);
    }
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([{ path, from: { fader: -10 }, to: { fader: -7 } }]);
  });

  it('keeps writes of other fields, of other paths and after a pause apart, and tells the rest when flushed', () => {
    const told: SettingWritten[] = [];
    const c = new SettingsCoalescer((s) => told.push(s), 1000);
    const out = '/amp/channels/1/output';
    c.add({ path: out, from: { fader: -10 }, to: { fader: -6 } });
    c.add({ path: out, from: { mute: false }, to: { mute: true } }); // another field: the fader entry is told
    c.add({ path: '/amp/channels/2/output/fader', from: 0, to: -3 });
    expect(told).toEqual([{ path: out, from: { fader: -10 }, to: { fader: -6 } }]);
    vi.advanceTimersByTime(1500);
    c.add({ path: out, from: { mute: true }, to: { mute: false } });
    c.flush();
    expect(told).toEqual([
      { path: out, from: { fader: -10 }, to: { fader: -6 } },
      { path: out, from: { mute: false }, to: { mute: true } },
      { path: '/amp/channels/2/output/fader', from: 0, to: -3 },
      { path: out, from: { mute: true }, to: { mute: false } },
    ]);
  });
});
