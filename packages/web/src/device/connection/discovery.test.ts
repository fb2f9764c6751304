import { describe, expect, it, vi } from 'vitest';
import { discoveryDelta, fakeFleet } from '../../testing/fake-client';
import { syncDiscovery } from './discovery';

describe('syncDiscovery', () => {
  it('adds the amps the host lists, on the host port, and leaves parking to decide which connect', () => {
    const { fleet, attacher, clients, store } = fakeFleet();
    attacher.add('10.0.0.1', 'ws://10.0.0.1:1234');
    const rebalance = vi.fn();
    const delta = discoveryDelta('10.0.0.1', '10.0.0.2', '10.0.0.3');
    syncDiscovery(fleet, attacher, delta, rebalance);
    expect(Object.keys(store.getState().devices.amps)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(store.getState().devices.amps['10.0.0.3']?.url).toBe('ws://10.0.0.3:1234');
    expect(clients.made).toHaveLength(1); // only the host: the discovered amps are added parked
    expect(rebalance).toHaveBeenCalled();
  });

  it('does not list touch panels', () => {
    const { fleet, attacher, store } = fakeFleet();
    const delta = discoveryDelta('10.0.0.2', '10.0.0.9');
    const panel = delta.discovery?.devices?.['10.0.0.9'];
    if (panel) panel.kind = 'touch';
    syncDiscovery(fleet, attacher, delta, () => undefined);
    expect(Object.keys(store.getState().devices.amps)).toEqual(['10.0.0.2']);
  });

  it('removes the amps the host no longer lists and closes their connections, never the host', () => {
    const { fleet, attacher, clients, store } = fakeFleet();
    attacher.add('10.0.0.1', 'ws://10.0.0.1:1234');
    attacher.add('10.0.0.2', 'ws://10.0.0.2:1234');
    attacher.add('10.0.0.3', 'ws://10.0.0.3:1234');
    syncDiscovery(fleet, attacher, discoveryDelta('10.0.0.3'), () => undefined);
    expect(Object.keys(store.getState().devices.amps)).toEqual(['10.0.0.1', '10.0.0.3']);
    expect(clients.latest('ws://10.0.0.2:1234').closed).toBe(true);
    expect(clients.latest('ws://10.0.0.1:1234').closed).toBe(false);
  });
});
