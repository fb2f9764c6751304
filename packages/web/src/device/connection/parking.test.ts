import { describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { newAmpRecord, type AmpRecord } from './fleet';
import { chooseLive, LIVE_CONNECTIONS_MAX, Parking } from './parking';

const ip = (i: number) => `10.0.1.${i}`;

describe('chooseLive', () => {
  const fleetOf = (n: number, shown: Record<string, number> = {}, detail: string[] = []) =>
    new Map<string, AmpRecord>(
      Array.from({ length: n }, (_, i) => {
        const rec = newAmpRecord(`ws://${ip(i)}`, false);
        rec.lastShown = shown[ip(i)] ?? 0;
        rec.detailUsers = detail.includes(ip(i)) ? 1 : 0;
        return [ip(i), rec];
      }),
    );

  it('within the limit every amp is live (no choice to make)', () => {
    expect(chooseLive(fleetOf(4), ip(0), new Set(), 4).size).toBe(0);
  });

  it('past the limit keeps the host, the open amp and the shown cards, then the most recently shown', () => {
    const amps = fleetOf(8, { [ip(3)]: 1, [ip(4)]: 3, [ip(5)]: 2 }, [ip(2)]);
    expect([...chooseLive(amps, ip(0), new Set([ip(1)]), 5)]).toEqual([ip(0), ip(2), ip(1), ip(4), ip(5)]);
  });

  it('never keeps an amp that was never shown only to fill the limit', () => {
    const amps = fleetOf(8);
    expect([...chooseLive(amps, ip(0), new Set(), 5)]).toEqual([ip(0)]);
  });
});

describe('Parking', () => {
  /** The host and `n` amps, each connected with its summary fetched and its card shown once, in order. */
  function setup(n: number) {
    const f = fakeFleet();
    const fetchParkedNow = vi.fn();
    const parking = new Parking(f.fleet, f.attacher, fetchParkedNow);
    f.attacher.add('10.0.0.1', 'ws://10.0.0.1:1234');
    for (let i = 1; i <= n; i++) f.attacher.add(ip(i), `ws://${ip(i)}:1234`, true);
    parking.rebalance();
    for (const c of f.clients.made) c.emitState('CONNECTED');
    for (const rec of f.fleet.amps.values()) rec.fetched = true;
    for (let i = 1; i <= n; i++) parking.setVisible([ip(i)]);
    const live = () => f.clients.made.filter((c) => !c.closed).map((c) => c.options.url);
    return { ...f, parking, fetchParkedNow, live };
  }

  it('keeps every amp connected within the limit', () => {
    const { live, parking } = setup(LIVE_CONNECTIONS_MAX - 1);
    expect(live()).toHaveLength(LIVE_CONNECTIONS_MAX);
    expect(parking.wantsLive(ip(1))).toBe(true);
  });

  it('the 129th amp shown parks the least recently shown one, whose card keeps its last state', () => {
    const { attacher, parking, live, clients, dispatch, fetchParkedNow } = setup(LIVE_CONNECTIONS_MAX - 1);
    attacher.add(ip(200), `ws://${ip(200)}:1234`, true);
    dispatch.mockClear();
    parking.setVisible([ip(200)]);
    expect(live()).toHaveLength(LIVE_CONNECTIONS_MAX);
    expect(live()).toContain(`ws://${ip(200)}:1234`);
    expect(clients.latest(`ws://${ip(1)}:1234`).closed).toBe(true);
    expect(parking.wantsLive(ip(1))).toBe(false);
    expect(dispatch).not.toHaveBeenCalled(); // the store keeps what the parked card showed
    expect(fetchParkedNow).not.toHaveBeenCalled(); // it had its summary already
  });

  it('an amp parked before its first summary is fetched at once', () => {
    const { attacher, parking, fetchParkedNow } = setup(LIVE_CONNECTIONS_MAX);
    attacher.add(ip(200), `ws://${ip(200)}:1234`, true);
    parking.rebalance();
    expect(fetchParkedNow).toHaveBeenCalled();
  });

  it('connects a parked amp on demand and counts it as just shown', () => {
    const { parking, rec, live } = setup(LIVE_CONNECTIONS_MAX);
    expect(live()).not.toContain(`ws://${ip(1)}:1234`);
    parking.connectNow(ip(1), rec(ip(1)));
    parking.rebalance();
    expect(live()).toContain(`ws://${ip(1)}:1234`);
    expect(live()).not.toContain(`ws://${ip(2)}:1234`);
  });

  it('an amp in the middle of a short-lived fetch is not parked under it', () => {
    const { parking, rec, clients } = setup(LIVE_CONNECTIONS_MAX);
    parking.connectNow(ip(1), rec(ip(1)));
    rec(ip(1)).refreshing = true;
    parking.setVisible([ip(2)]);
    parking.setVisible([ip(3)]); // ip(1) is now the least recently shown
    expect(clients.latest(`ws://${ip(1)}:1234`).closed).toBe(false);
  });
});
