/**
 * Discovery (spec 2 §2 local mode): the host's `/discovery` names the fleet. Every amp it lists is added, the ones it
 * no longer lists are forgotten; touch panels are not amps.
 */
import type { DeviceDelta } from '@rackside/protocol';
import { ampRemoved } from '../store/devices-slice';
import type { Attacher } from './attach';
import type { Fleet } from './fleet';
import { deviceUrl } from './host';

/** Adds every amp the host's discovery lists and removes those it no longer lists; then Parking decides who connects. */
export function syncDiscovery(fleet: Fleet, attacher: Attacher, delta: DeviceDelta, rebalance: () => void): void {
  const host = fleet.host;
  const devices = delta.discovery?.devices;
  if (!host || !devices) return;
  const listed = new Set<string>();
  for (const [ip, device] of Object.entries(devices)) {
    if (!device || device.kind === 'touch') continue;
    listed.add(ip);
    // added without a connection; rebalance connects those that keep one (every amp within the limit)
    attacher.add(ip, deviceUrl(ip, host.port), true);
  }
  for (const id of [...fleet.amps.keys()]) {
    if (id === host.ampId || listed.has(id)) continue;
    attacher.drop(id);
    fleet.dispatch(ampRemoved(id));
  }
  rebalance();
}
