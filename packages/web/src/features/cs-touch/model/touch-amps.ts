/**
 * The amps a touch configuration can use (spec 3 §3, issue 19): every amp discovery found, with the address the panel
 * reaches it at, its MAC address (from its ethernet network info, else from discovery), its model and whether it is
 * connected now; only amps with a dotted-quad address and a known MAC (what a configuration must name). A configuration names amps by MAC and IP; an amp is matched by MAC first (its address may change).
 */
import {
  DEVICE_API_PORT,
  TOUCH_IP_ADDRESS_PATTERN,
  TOUCH_MAC_ADDRESS_PATTERN,
  findModel,
  touchSourcesFor,
  type ModelInfo,
} from '@rackside/protocol';
import { createSelector } from '@reduxjs/toolkit';
import { selectDiscovered, type WithDevices } from '../../../device';

export interface TouchAmp {
  readonly ampId: string;
  /** The address a touch configuration names: the amp's IP, with its port when not the device API's default. */
  readonly ipAddress: string;
  /** Empty until the amp's network info or discovery named it. */
  readonly macAddress: string;
  readonly name: string;
  readonly model: ModelInfo | undefined;
  readonly online: boolean;
  /** spec 3 §5: the inputs a source state may pick on this amp's model (no combination inputs). */
  readonly sources: readonly string[];
}

const hostOf = (url: string): string => {
  const bare = url.replace(/^wss?:\/\//, '').replace(/\/.*$/, '');
  return bare.endsWith(`:${DEVICE_API_PORT}`) ? bare.slice(0, -`:${DEVICE_API_PORT}`.length) : bare;
};

export const selectTouchAmps = createSelector(
  [(s: WithDevices) => s.devices.amps, selectDiscovered],
  (amps, discovered): TouchAmp[] =>
    Object.values(amps)
      .filter((a) => !a.remote && a.state.amp?.deviceInfo !== undefined)
      .map((a): TouchAmp => {
        const found = Object.values(discovered).find((d) => d?.ip === a.ampId || d?.ip === hostOf(a.url));
        const model = a.modelId ? findModel(a.modelId) : undefined;
        return {
          ampId: a.ampId,
          ipAddress: hostOf(a.url),
          macAddress: a.state.network?.ethernet?.mac || found?.mac || '',
          name: a.state.amp?.deviceInfo?.deviceName || found?.deviceName || a.ampId,
          model,
          online: a.connection === 'CONNECTED',
          sources: model ? touchSourcesFor(model) : [],
        };
      })
      // spec 3 §3: a panel names amps by a dotted-quad address (optional port) and a MAC address: an amp known by a
      // host name, or whose MAC is not known yet, cannot be put in a configuration the panel accepts
      .filter(
        (a) =>
          a.model?.kind === 'amp' &&
          a.model.channels > 0 &&
          TOUCH_IP_ADDRESS_PATTERN.test(a.ipAddress) &&
          TOUCH_MAC_ADDRESS_PATTERN.test(a.macAddress),
      )
      .sort((x, y) => x.name.localeCompare(y.name) || x.ipAddress.localeCompare(y.ipAddress)),
);

/** The amp a configuration's entry names: by MAC address, else by IP address. */
export function findTouchAmp(
  amps: readonly TouchAmp[],
  ref: { readonly macAddress: string; readonly ipAddress: string },
): TouchAmp | undefined {
  const mac = ref.macAddress.toLowerCase();
  return amps.find((a) => a.macAddress.toLowerCase() === mac) ?? amps.find((a) => a.ipAddress === ref.ipAddress);
}
