import { getModel } from '@rackside/protocol';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completeAmpState } from '../../features/channels/channel-tab-props';
import { isLiveUrl, sameExceptLive, useLiveValue, type LiveSource } from './live';

describe('live values (issue 4)', () => {
  it('names the meters, signal flags and once-a-second readings, not the settings beside them', () => {
    for (const url of [
      '/amp/channels/1/levels/level_db',
      '/amp/channels/8/inputSelector/primaryLevel',
      '/amp/channels/2/inputSelector/signalDetect',
      '/amp/channels/2/output/clip',
      '/amp/channels/3/rmsLimiter/gainReduction',
      '/amp/channels/3/loadMonitor/measuredImpedance',
      '/amp/channels/3/pilotToneDetector/levels',
      '/amp/inputs/analog/1/level',
      '/amp/deviceInfo/upTime',
    ])
      expect(isLiveUrl(url), url).toBe(true);
    for (const url of [
      '/amp/channels/1/output/fader',
      '/amp/channels/1/output/status',
      '/amp/channels/1/inputSelector/primaryFader',
      '/amp/channels/3/loadMonitor/lowLimit',
      '/amp/inputs/analog/1/trim',
      '/amp/signalGenerator/level',
    ])
      expect(isLiveUrl(url), url).toBe(false);
  });

  it('sees two trees as the same when only live values differ', () => {
    const shared = { output: { fader: -3, mute: false } };
    const a = { channels: { '1': { ...shared, levels: { level_db: -20 } } }, deviceInfo: { upTime: 5 } };
    const b = { channels: { '1': { ...shared, levels: { level_db: -12 } } }, deviceInfo: { upTime: 6 } };
    expect(sameExceptLive(a, b)).toBe(true);
    const c = { ...b, channels: { '1': { ...b.channels['1'], output: { fader: -6, mute: false } } } };
    expect(sameExceptLive(a, c)).toBe(false);
    // a live leaf arriving is live; a setting, or a whole node arriving, is a change
    expect(sameExceptLive({ levels: {} }, { levels: { level_db: -1 } }, '/amp/channels/1')).toBe(true);
    expect(sameExceptLive({ output: {} }, { output: { fader: 0 } }, '/amp/channels/1')).toBe(false);
    expect(sameExceptLive({ channels: {} }, { channels: { '1': { levels: { level_db: -1 } } } })).toBe(false);
    expect(sameExceptLive(undefined, {})).toBe(false);
  });

  it('reads a live field from the source, falling back to the state, and follows its changes', () => {
    const state = completeAmpState(getModel('704D'), { channels: { '1': { levels: { level_db: -30 } } } });
    const url = '/amp/channels/1/levels/level_db';
    expect(renderHook(() => useLiveValue({ state }, url)).result.current).toBe(-30);

    let value: number | undefined;
    const listeners = new Set<() => void>();
    const live: LiveSource = {
      subscribe: (cb) => (listeners.add(cb), () => listeners.delete(cb)),
      get: (u) => (u === url ? value : undefined),
    };
    const { result } = renderHook(() => useLiveValue({ state, live }, url));
    expect(result.current).toBe(-30);
    act(() => {
      value = -6;
      listeners.forEach((cb) => cb());
    });
    expect(result.current).toBe(-6);
    // a setting is read from the state, which is fresh for settings
    expect(renderHook(() => useLiveValue({ state, live }, '/amp/channels/1/output/fader')).result.current).toBe(0);
  });
});
