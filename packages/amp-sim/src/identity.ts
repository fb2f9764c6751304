/**
 * Stable identities for the amps of a fleet (MAC, serial number, name, firmware) and the state a freshly
 * booted amp reports about itself.
 */
import { boardCount, type DeviceDelta, type ModelInfo } from '@rackside/protocol';
import type { AmpIdentity } from './amp';

/** Names the fleet gives its amps, in order (a venue's usual rack). */
export const FLEET_NAMES = [
  'Main Left',
  'Main Right',
  'Subwoofers',
  'Front Fill',
  'Delay Tower',
  'Lobby',
  'Bar Zone',
  'Patio',
  'Stage Monitors',
  'Green Room',
  'Balcony',
  'Restaurant',
] as const;

/** Firmware the emulated fleet ships with (four dotted numbers, spec 2 §5). */
export const FLEET_FIRMWARE = '1.5.2.0';

/** The n-th address after a base IPv4 address (127.0.1.1 + 2 → 127.0.1.3). */
export function nthAddress(base: string, n: number): string {
  const parts = base.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    throw new Error(`--base must be an IPv4 address, got '${base}'`);
  const value = ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]! + n;
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** A stable identity for the amp at `index` (0-based) of a fleet: same inputs, same MAC, serial and name. */
export function fleetIdentity(model: ModelInfo, index: number, ip: string): AmpIdentity {
  const n = index + 1;
  const hex = (v: number) => v.toString(16).toUpperCase().padStart(2, '0');
  return {
    model,
    ip,
    mac: `00:1B:2C:${hex((n >> 16) & 255)}:${hex((n >> 8) & 255)}:${hex(n & 255)}`,
    serialNumber: `RS${model.id.replace(/[^0-9A-Z]/gi, '').toUpperCase()}${String(n).padStart(5, '0')}`,
    deviceName: FLEET_NAMES[index % FLEET_NAMES.length]! + (index >= FLEET_NAMES.length ? ` ${n}` : ''),
    firmwareVersion: FLEET_FIRMWARE,
  };
}

/** Where the fleet put an amp: its address wins over anything saved (`--base` may change between runs). */
export const addressState = (id: AmpIdentity): DeviceDelta => ({
  network: { ethernet: { mac: id.mac, ip: id.ip } },
  misc: { ipAddr: id.ip },
});

/** What a freshly booted amp reports about itself: identity, versions, addresses. */
export function bootState(id: AmpIdentity): DeviceDelta {
  const boards = boardCount(id.model);
  const boardVersions: Record<string, string> = {};
  for (let b = 1; b <= boards; b++) boardVersions[`amp${2 * b - 1}${2 * b}firmwareVersion`] = id.firmwareVersion;
  // the Wi-Fi interface's MAC: the same number with the locally-administered bit set, so no two interfaces collide
  const wifiMac = '02' + id.mac.slice(2);
  return {
    ...(id.model.kind === 'amp'
      ? {
          amp: {
            deviceInfo: {
              deviceName: id.deviceName,
              serialNumber: id.serialNumber,
              firmwareVersion: id.firmwareVersion,
              powerSupplyfirmwareVersion: id.firmwareVersion,
              hardwareID: `HW-${id.model.id}`,
              hardwareRevision: 'B',
              dateOfMfg: '2025-03-14',
              numInputs: id.model.analogInputs + id.model.danteInputs + id.model.digitalInputs,
              numOutputs: id.model.channels,
              ...boardVersions,
            },
          },
        }
      : {}),
    network: {
      ethernet: { mac: id.mac, ip: id.ip, dhcp: true, gateway: '' },
      ...(id.model.caps.wifi ? { wifi: { mac: wifiMac } } : {}),
    },
    misc: { ipAddr: id.ip, connectionType: 'Wired' },
  };
}
