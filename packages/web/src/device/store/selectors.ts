/** Selectors over the device slice: each returns the smallest piece a component renders (STYLE.md). */
import { createSelector } from '@reduxjs/toolkit';
import {
  deepEqual,
  deriveAmpSummary,
  getModel,
  uacAccessLevel,
  uacHidesPages,
  type AmpSummary,
  type DeviceDelta,
  type ModelInfo,
  type SummaryDeviceView,
  type UacLevel,
} from '@rackside/protocol';
import type { AmpEntry, WithDevices } from './devices-slice';
import { selectLocalLoggedIn, type WithLocalLogin } from './local-login-slice';

/** One discovered device as the host amp's `/discovery` lists it. */
export type DiscoveredDevice = NonNullable<NonNullable<DeviceDelta['discovery']>['devices']>[string];

/**
 * The received tree as the protocol's rule views read it. DeepPartial types a UAC role's levels as `0|1|2|undefined`
 * where the views want numbers; an absent level and an undefined one mean the same to the rules.
 */
const asView = (state: DeviceDelta): SummaryDeviceView => state as SummaryDeviceView;

const NO_DEVICES: Readonly<Record<string, DiscoveredDevice>> = {};

export const selectHostStatus = (s: WithDevices) => s.devices.hostStatus;
export const selectHostAmpId = (s: WithDevices) => s.devices.hostAmpId;
export const selectOpenAmpId = (s: WithDevices) => s.devices.openAmpId;
export const selectAmps = (s: WithDevices) => s.devices.amps;
export const selectAmpEntry = (s: WithDevices, ampId: string): AmpEntry | undefined =>
  Object.hasOwn(s.devices.amps, ampId) ? s.devices.amps[ampId] : undefined;
/** The amp's state tree (only what was fetched or subscribed), or undefined for an unknown amp. */
export const selectAmpState = (s: WithDevices, ampId: string): DeviceDelta | undefined =>
  selectAmpEntry(s, ampId)?.state;
export const selectAmpConnection = (s: WithDevices, ampId: string) => selectAmpEntry(s, ampId)?.connection;

const selectHostEntry = (s: WithDevices) => {
  const host = s.devices.hostAmpId;
  return host === null ? undefined : selectAmpEntry(s, host);
};

/** spec 2 §3 devicesDiscovered: the fleet as the host amp's `/discovery` lists it, keyed by IP. */
export const selectDiscovered = (s: WithDevices): Readonly<Record<string, DiscoveredDevice>> =>
  selectHostEntry(s)?.state.discovery?.devices ?? NO_DEVICES;

/** The model of an amp, once its deviceInfo named a known one. */
export const selectAmpModel = (s: WithDevices, ampId: string): ModelInfo | undefined => {
  const id = selectAmpEntry(s, ampId)?.modelId;
  return id ? getModel(id) : undefined;
};

/**
 * The amps the list shows: every amp the host's discovery named (the manager connects to each) and the host
 * itself once it has answered (an address that never answered is not an amp we know of).
 */
export const selectListedAmpIds = createSelector([selectAmps, selectHostAmpId], (amps, host) =>
  Object.values(amps)
    .filter((a) => a.ampId !== host || a.everConnected)
    .map((a) => a.ampId),
);

/**
 * spec 2 §2 loading indicator (local mode): no devices discovered, but connections exist (connecting or
 * connected) and the connected device is not in access-point mode.
 */
export const selectIsDiscovering = (s: WithDevices): boolean => {
  if (Object.keys(selectDiscovered(s)).length > 0) return false;
  const connections = Object.values(s.devices.amps).some((a) => a.connection !== 'FAILED');
  return (
    (s.devices.hostStatus === 'resolving' || connections) && selectHostEntry(s)?.state.misc?.connectionType !== 'AP'
  );
};

// Summaries are derived per amp and kept by value: a meter batch changes an amp's entry but rarely its summary, and
// an equal summary keeps its identity so the card does not render again.
const byEntry = new WeakMap<AmpEntry, { discovered: DiscoveredDevice | undefined; summary: AmpSummary }>();
const lastById = new Map<string, AmpSummary>();

function summarize(entry: AmpEntry, discovered: DiscoveredDevice | undefined): AmpSummary {
  const derived = deriveAmpSummary({
    ampId: entry.ampId,
    device: asView(entry.state),
    isConnected: entry.connection === 'CONNECTED',
    // an amp whose deviceInfo names a model we do not know speaks an API we do not support
    isSupported: !(typeof entry.state.amp?.deviceInfo?.modelID === 'string' && entry.modelId === null),
  });
  return {
    ...derived,
    deviceName: derived.deviceName || discovered?.deviceName || '',
    modelID: derived.modelID || discovered?.modelID || '',
    ipAddress: derived.ipAddress || discovered?.ip || entry.ampId,
  };
}

/** spec 2 §3 amp summary of one amp (stable identity while its value is unchanged). */
export function selectAmpSummary(s: WithDevices, ampId: string): AmpSummary | undefined {
  const entry = selectAmpEntry(s, ampId);
  if (!entry) return undefined;
  const discovered = selectDiscovered(s)[ampId];
  const cached = byEntry.get(entry);
  if (cached && cached.discovered === discovered) return cached.summary;
  const fresh = summarize(entry, discovered);
  const last = lastById.get(ampId);
  const summary = last && deepEqual(last, fresh) ? last : fresh;
  lastById.set(ampId, summary);
  byEntry.set(entry, { discovered, summary });
  return summary;
}

/**
 * spec 2 §6: the user may change this amp: it is connected, and it is not password protected or a local login
 * exists (guests see everything and change nothing).
 */
export function selectCanWrite(s: WithDevices & WithLocalLogin, ampId: string): boolean {
  const entry = selectAmpEntry(s, ampId);
  if (entry?.connection !== 'CONNECTED') return false;
  // spec 2 §6: a protected amp needs a local login, unless reached through the cloud (which signed the user in)
  return entry.remote || entry.state.misc?.passwordProtected !== true || selectLocalLoggedIn(s);
}

/** spec 2 §6: the UAC access level of a named permission on this amp (through the cloud nothing is locked). */
export function selectUacLevel(s: WithDevices, ampId: string, permission: string): UacLevel {
  const entry = selectAmpEntry(s, ampId);
  const state = entry?.state;
  const firmwareVersion = state?.amp?.deviceInfo?.firmwareVersion;
  return uacAccessLevel(
    { uac: state && asView(state).UAC, firmwareVersion, cloud: entry?.remote === true },
    permission,
  );
}

/** spec 2 §2 / issue 18: the UAC lock leaves this user nothing to see, so the configuring pages are hidden. */
export function selectUacHidesPages(s: WithDevices, ampId: string): boolean {
  const entry = selectAmpEntry(s, ampId);
  const state = entry?.state;
  return uacHidesPages({
    uac: state && asView(state).UAC,
    firmwareVersion: state?.amp?.deviceInfo?.firmwareVersion,
    cloud: entry?.remote === true,
  });
}

/**
 * Why this user may look but not change the amp, before any field's own level (issue 18): 'offline' while it is
 * not connected, 'guest' on a protected amp without a local login; undefined when writes are allowed (a field may
 * still be read-only by its UAC role).
 */
export type ReadonlyReason = 'offline' | 'guest';
export function selectReadonlyReason(s: WithDevices & WithLocalLogin, ampId: string): ReadonlyReason | undefined {
  const entry = selectAmpEntry(s, ampId);
  if (entry?.connection !== 'CONNECTED') return 'offline';
  return selectCanWrite(s, ampId) ? undefined : 'guest';
}

/** spec 2 §1: a touch panel found behind an amp (`/NSTProxy` devices), listed beside the amps in local mode. */
export interface TouchPanelListing {
  /** The panel's IP address (its id in /cs-touch/{id}). */
  readonly id: string;
  readonly name: string;
  readonly modelID: string;
  readonly online: boolean;
  /** The amp it was found behind. */
  readonly viaAmpId: string;
  readonly viaName: string;
}

/** Every touch panel the amps proxy, once each (the first amp listing it), by name then address. */
export const selectTouchPanels = createSelector(
  [selectAmps],
  (amps): TouchPanelListing[] => {
    const found = new Map<string, TouchPanelListing>();
    for (const entry of Object.values(amps)) {
      for (const d of Object.values(entry.state.NSTProxy?.devices ?? {})) {
        if (!d?.ipAddress || found.has(d.ipAddress)) continue;
        found.set(d.ipAddress, {
          id: d.ipAddress,
          name: d.name ?? d.ipAddress,
          modelID: d.modelID ?? '',
          online: d.online === true,
          viaAmpId: entry.ampId,
          viaName: entry.state.amp?.deviceInfo?.deviceName ?? entry.ampId,
        });
      }
    }
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  },
  { memoizeOptions: { resultEqualityCheck: deepEqual } },
); // the same list while meters tick
