/**
 * Issue 18, linking across amps: what the links read of the other amps of the fleet, from the device store: their
 * names, which can link a channel, and what a linked write is checked against on each (its model and the user's access,
 * by the same rules as on the amp shown: device/fields/access.ts).
 */
import { resolveUrl } from '@rackside/protocol';
import {
  selectAmpEntry,
  selectAmpModel,
  selectAmpSummary,
  selectCanWrite,
  selectListedAmpIds,
  type WithDevices,
  type WithLocalLogin,
} from '../../../device';
import { makeAccess } from '../../../device/fields/access';
import type { FanOutContext, OtherAmpTarget } from './fan-out';

type DevicesRoot = WithDevices & WithLocalLogin;

/** The amp's name as the list shows it (its address while it has none). */
export const ampName = (s: WithDevices, ampId: string): string => selectAmpSummary(s, ampId)?.deviceName || ampId;

const connected = (s: WithDevices, ampId: string) => selectAmpEntry(s, ampId)?.connection === 'CONNECTED';

/** Another amp offered in the Link dialog for a channel. */
export interface LinkableAmp {
  readonly ampId: string;
  readonly name: string;
  readonly connected: boolean;
}

/**
 * The other listed amps whose same channel can be linked with `channel` of `ampId`: connected, with a channel of that
 * number; and the amps linked already (`linked`), connected or not, so they can be unticked.
 */
export function selectLinkableAmps(
  s: WithDevices,
  ampId: string,
  channel: number,
  linked: readonly string[],
): LinkableAmp[] {
  return selectListedAmpIds(s).flatMap((id) => {
    if (id === ampId) return [];
    const model = selectAmpModel(s, id);
    const has = model !== undefined && resolveUrl(model, `/amp/channels/${channel}/output`).ok;
    const isConnected = connected(s, id);
    return linked.includes(id) || (isConnected && has)
      ? [{ ampId: id, name: ampName(s, id), connected: isConnected }]
      : [];
  });
}

/**
 * What a linked write is checked against on another amp now (by the rules of the amp shown: channel-tab-props.ts), or
 * why it takes nothing: not connected (or no model known), or a guest on a protected amp.
 */
export function fanOutContextOf(s: DevicesRoot, ampId: string): FanOutContext | 'offline' | 'guest' {
  const entry = selectAmpEntry(s, ampId);
  const model = selectAmpModel(s, ampId);
  if (!entry || !model || entry.connection !== 'CONNECTED') return 'offline';
  if (!selectCanWrite(s, ampId)) return 'guest';
  const access = makeAccess({
    uac: entry.state.UAC,
    firmwareVersion: entry.state.amp?.deviceInfo?.firmwareVersion,
    lockedProperties: entry.state.lockedProperties,
    cloud: entry.remote,
    canWrite: true,
  });
  return { model, access };
}

/** The other amps of linked places (linkedPlaces without the amp written), as fanOutToAmps takes them. */
export function otherAmpTargets(
  s: DevicesRoot,
  places: ReadonlyMap<string, readonly number[]>,
  ampId: string,
): OtherAmpTarget[] {
  return [...places]
    .filter(([id]) => id !== ampId)
    .map(([id, channels]) => ({ ampId: id, channels, ctx: fanOutContextOf(s, id) }));
}
