import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { Subscriptions } from './subscriptions';

const HOST = 'ws://10.0.0.1:1234';
const URL_B = 'ws://10.0.0.2:1234';

function setup() {
  const f = fakeFleet();
  const rebalance = vi.fn();
  const subscriptions = new Subscriptions(f.fleet, rebalance);
  f.attacher.add('10.0.0.1', HOST);
  f.attacher.add('10.0.0.2', URL_B);
  for (const c of f.clients.made) c.emitState('CONNECTED');
  return { ...f, rebalance, subscriptions };
}

describe('Subscriptions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("opening a connected amp's detail subscribes `/` and stores its field schemas, fetched once", async () => {
    const { subscriptions, clients, store, entry } = setup();
    const amp = clients.latest(URL_B);
    subscriptions.openDetail('10.0.0.2')();
    await vi.advanceTimersByTimeAsync(0);
    subscriptions.openDetail('10.0.0.2');
    await vi.advanceTimersByTimeAsync(0);
    expect(amp.subscribe).toHaveBeenCalledWith('/');
    expect(store.getState().devices.openAmpId).toBe('10.0.0.2');
    expect(entry('10.0.0.2')?.info).toEqual({ amp: {} });
    expect(amp.info).toHaveBeenCalledTimes(1);
  });

  it('leaving the detail unsubscribes once the last view of the amp closes', async () => {
    const { subscriptions, clients, store } = setup();
    const amp = clients.latest(URL_B);
    const first = subscriptions.openDetail('10.0.0.2');
    const second = subscriptions.openDetail('10.0.0.2');
    first();
    first(); // releasing twice counts once
    expect(amp.unsubscribe).not.toHaveBeenCalled();
    second();
    await vi.advanceTimersByTimeAsync(0);
    expect(amp.unsubscribe).toHaveBeenCalledWith('/');
    expect(amp.subscribe).not.toHaveBeenCalledWith('/discovery');
    expect(store.getState().devices.openAmpId).toBeNull();
  });

  it('the host subscribes its discovery again after leaving its detail (`unsubscribe /` drops it)', async () => {
    const { subscriptions, clients } = setup();
    const host = clients.latest(HOST);
    subscriptions.openDetail('10.0.0.1')();
    await vi.advanceTimersByTimeAsync(0);
    expect(host.unsubscribe).toHaveBeenCalledWith('/');
    expect(host.subscribe).toHaveBeenLastCalledWith('/discovery');
  });

  it('an amp refusing the subscription shows that its data could not be fetched', async () => {
    const { subscriptions, clients, entry } = setup();
    clients.latest(URL_B).subscribe.mockRejectedValueOnce(new Error('refused'));
    subscriptions.openDetail('10.0.0.2');
    await vi.advanceTimersByTimeAsync(0);
    expect(entry('10.0.0.2')?.error).toBe('failedToGetDeviceData');
  });

  it("opening a parked amp's detail asks for a live connection instead of subscribing", () => {
    const { subscriptions, attacher, clients, rec, rebalance } = setup();
    attacher.detach(rec('10.0.0.2'));
    subscriptions.openDetail('10.0.0.2');
    expect(rebalance).toHaveBeenCalled();
    expect(clients.latest(URL_B).subscribe).not.toHaveBeenCalled();
  });

  it('subscribes the host discovery once per connection', () => {
    const { subscriptions, clients, rec } = setup();
    subscriptions.subscribeDiscovery(rec('10.0.0.1'), false);
    subscriptions.subscribeDiscovery(rec('10.0.0.1'), false);
    expect(clients.latest(HOST).subscribe).toHaveBeenCalledTimes(1);
  });
});
