import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { SHORT_LIVED_MAX, ShortLived } from './short-lived';

const ip = (i: number) => `10.0.1.${i}`;
const url = (i: number) => `ws://${ip(i)}:1234`;

/** `n` parked amps that already showed a summary. */
function setup(n: number, wantsLive = false) {
  const f = fakeFleet();
  const live = vi.fn(() => wantsLive);
  const shortLived = new ShortLived(f.fleet, f.attacher, live);
  for (let i = 1; i <= n; i++) f.attacher.add(ip(i), url(i), true);
  const fetch = (i: number) => shortLived.fetch(ip(i), f.rec(ip(i)));
  return { ...f, live, fetch };
}

describe('ShortLived', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refreshes a parked amp's card over a connection that never reconnects and closes after the fetch", async () => {
    const { fetch, clients, rec } = setup(1);
    await fetch(1);
    const client = clients.latest(url(1));
    expect(client.options.autoReconnect).toBe(false);
    client.emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.get).toHaveBeenCalledWith('/misc');
    expect(client.closed).toBe(true);
    expect(rec(ip(1))).toMatchObject({ parked: true, fetched: true, refreshing: false });
  });

  it('an amp that does not answer within 5 s shows as failed and stays parked', async () => {
    const { fetch, clients, entry, rec } = setup(1);
    await fetch(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(entry(ip(1))?.connection).toBe('CONNECTING');
    await vi.advanceTimersByTimeAsync(1);
    expect(entry(ip(1))?.connection).toBe('FAILED');
    expect(clients.latest(url(1)).closed).toBe(true);
    expect(rec(ip(1)).parked).toBe(true);
  });

  it(`opens at most ${SHORT_LIVED_MAX} at once: the next waits until one is done`, async () => {
    const { fetch, clients } = setup(SHORT_LIVED_MAX + 1);
    for (let i = 1; i < SHORT_LIVED_MAX; i++) await fetch(i);
    let roomForMore = false;
    void fetch(SHORT_LIVED_MAX).then(() => (roomForMore = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(roomForMore).toBe(false);
    expect(clients.made.filter((c) => !c.closed)).toHaveLength(SHORT_LIVED_MAX);
    clients.latest(url(1)).emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    expect(roomForMore).toBe(true);
  });

  it('an amp whose card was shown during the fetch keeps a lasting connection afterwards', async () => {
    const { fetch, clients, rec } = setup(1, true);
    await fetch(1);
    const shortLived = clients.latest(url(1));
    shortLived.emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    expect(shortLived.closed).toBe(true);
    const lasting = clients.latest(url(1));
    expect(lasting).not.toBe(shortLived);
    expect(lasting.options.autoReconnect).toBeUndefined();
    expect(lasting.closed).toBe(false);
    expect(rec(ip(1)).parked).toBe(false);
  });
});
