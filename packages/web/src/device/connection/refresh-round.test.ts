import { AMP_SUMMARY_REFRESH_MS, AMP_SUMMARY_STAGGER_MS } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import type { AmpRecord } from './fleet';
import { RefreshRound } from './refresh-round';

const ip = (i: number) => `10.0.1.${i}`;

/** Three connected amps and one parked. */
function setup() {
  const f = fakeFleet();
  for (let i = 1; i <= 3; i++) f.attacher.add(ip(i), `ws://${ip(i)}:1234`);
  f.attacher.add(ip(4), `ws://${ip(4)}:1234`, true);
  for (const c of f.clients.made) c.emitState('CONNECTED');
  const fetchParked = vi.fn((_ampId: string, _rec: AmpRecord) => Promise.resolve());
  const round = new RefreshRound(f.fleet, fetchParked);
  const client = (i: number) => f.clients.latest(`ws://${ip(i)}:1234`);
  return { ...f, round, fetchParked, client };
}

describe('RefreshRound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('every 15 s fetches each summary, 64 ms apart, skipping the amp open in detail', async () => {
    const { round, client, rec, fetchParked } = setup();
    rec(ip(2)).detailUsers = 1;
    round.schedule();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_REFRESH_MS - 1);
    expect(client(1).get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(client(1).get).toHaveBeenCalled();
    expect(client(3).get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS);
    expect(client(3).get).toHaveBeenCalled();
    expect(fetchParked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS);
    expect(fetchParked).toHaveBeenCalledWith(ip(4), rec(ip(4)));
    expect(client(2).get).not.toHaveBeenCalled();
    // and again one period after the round ends
    client(1).get.mockClear();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS + AMP_SUMMARY_REFRESH_MS);
    expect(client(1).get).toHaveBeenCalled();
    round.stop();
  });

  it('runs at once when asked, and not twice while a round runs', async () => {
    const { round, fetchParked } = setup();
    round.schedule();
    round.runNow();
    round.runNow();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS * 4);
    expect(fetchParked).toHaveBeenCalledTimes(1);
    round.stop();
  });

  it('stops: no round after stop', async () => {
    const { round, client } = setup();
    round.schedule();
    round.stop();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_REFRESH_MS * 2);
    expect(client(1).get).not.toHaveBeenCalled();
  });
});
