/** spec 3 §4 save lock: the amps a touch configuration names that are not connected now (by MAC, else IP). */
import type { TouchConfiguration } from '@rackside/protocol';
import { findTouchAmp, type TouchAmp } from './touch-amps';

/** Every amp entry of a configuration (volume groups, their subgroups, source states), once each by MAC address. */
export function configAmps(config: TouchConfiguration): { ipAddress: string; macAddress: string }[] {
  const seen = new Map<string, { ipAddress: string; macAddress: string }>();
  const add = (a: { ipAddress: string; macAddress: string }) => {
    const key = a.macAddress.toLowerCase();
    if (!seen.has(key)) seen.set(key, { ipAddress: a.ipAddress, macAddress: a.macAddress });
  };
  for (const g of config.groups) {
    if (g.type === 'volume') {
      g.amps.forEach(add);
      g.subGroups.forEach((s) => s.amps.forEach(add));
    } else g.states.forEach((s) => s.sources.forEach(add));
  }
  return [...seen.values()];
}

/** The addresses of the configuration's amps that are unknown or not connected. */
export const offlineAmpsOf = (config: TouchConfiguration | null, amps: readonly TouchAmp[]): string[] =>
  config
    ? configAmps(config)
        .filter((ref) => findTouchAmp(amps, ref)?.online !== true)
        .map((ref) => ref.ipAddress)
    : [];
