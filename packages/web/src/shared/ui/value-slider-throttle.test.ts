import { SLIDER_THROTTLE_MS } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './value-slider-throttle';

describe('slider write throttle (spec 2 §9: 50 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the protocol constant', () => {
    expect(SLIDER_THROTTLE_MS).toBe(50);
  });

  it('sends the first value at once, then at most one per 50 ms, always the latest', () => {
    const send = vi.fn<(v: number) => void>();
    const t = createThrottle(send);
    t.call(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(1);
    vi.advanceTimersByTime(10);
    t.call(2);
    vi.advanceTimersByTime(10);
    t.call(3);
    vi.advanceTimersByTime(10);
    t.call(4);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(19);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(4);
    vi.advanceTimersByTime(200);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a drag of 1 s at 60 events per second sends about 20 writes, not 60', () => {
    const send = vi.fn<(v: number) => void>();
    const t = createThrottle(send);
    for (let i = 0; i < 60; i++) {
      t.call(i);
      vi.advanceTimersByTime(1000 / 60);
    }
    expect(send.mock.calls.length).toBeGreaterThanOrEqual(19);
    expect(send.mock.calls.length).toBeLessThanOrEqual(21);
  });

  it('flush sends the final value now and drops the pending one', () => {
    const send = vi.fn<(v: number) => void>();
    const t = createThrottle(send);
    t.call(1);
    t.call(2);
    t.flush(3);
    expect(send.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(100);
    expect(send.mock.calls).toEqual([[1], [3]]);
  });

  it('flush does not repeat the value last sent', () => {
    const send = vi.fn<(v: number) => void>();
    const t = createThrottle(send);
    t.call(7);
    t.flush(7);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('cancel drops a pending value', () => {
    const send = vi.fn<(v: number) => void>();
    const t = createThrottle(send);
    t.call(1);
    t.call(2);
    t.cancel();
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledExactlyOnceWith(1);
  });
});
