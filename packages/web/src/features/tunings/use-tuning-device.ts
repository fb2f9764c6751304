/** What the speaker tunings section needs of its amp: MAC, connection, write access, locks, and the device calls. */
import { useCallback, useMemo } from 'react';
import { useSelector, useStore } from 'react-redux';
import { channelLockedGroups, type ChannelLocks } from '@rackside/protocol';
import {
  selectCanWrite,
  useAmpConnection,
  useAmpState,
  useDeviceManager,
  type WithDevices,
  type WithLocalLogin,
} from '../../device';
import { waitForGroup } from './wait-for-group';

/** The locked-property methods the section calls (spec 3 §7). */
export type LockedPropertiesMethod = 'lock' | 'unlock' | 'reset';

/** One amp and channel as the tunings section and its dialogs use them. */
export interface TuningDevice {
  readonly mac: string | undefined;
  readonly connected: boolean;
  readonly canWrite: boolean;
  readonly locks: ChannelLocks;
  readonly set: (url: string, params: Record<string, unknown>) => Promise<unknown>;
  readonly lockedProperties: (method: LockedPropertiesMethod, params: Record<string, unknown>) => Promise<unknown>;
  readonly waitForGroup: (groupId: string, timeoutMs: number) => Promise<boolean>;
}

export function useTuningDevice(ampId: string, channel: number): TuningDevice {
  const manager = useDeviceManager();
  const store = useStore<WithDevices>();
  const mac = useAmpState(ampId, (s) => s?.network?.ethernet?.mac);
  const connected = useAmpConnection(ampId) === 'CONNECTED';
  const canWrite = useSelector((s: WithDevices & WithLocalLogin) => selectCanWrite(s, ampId));
  const locked = useAmpState(ampId, (s) => s?.lockedProperties);
  const locks = useMemo(() => channelLockedGroups(locked, channel), [locked, channel]);
  const set = useCallback(
    (url: string, params: Record<string, unknown>) => manager.set(ampId, url, params),
    [manager, ampId],
  );
  const lockedProperties = useCallback(
    (method: LockedPropertiesMethod, params: Record<string, unknown>) =>
      manager.lockedProperties
        ? manager.lockedProperties(ampId, method, params)
        : Promise.reject(new Error(`this connection cannot ${method} /lockedProperties`)),
    [manager, ampId],
  );
  const wait = useCallback(
    (groupId: string, timeoutMs: number) => waitForGroup(store, ampId, groupId, timeoutMs),
    [store, ampId],
  );
  return { mac, connected, canWrite, locks, set, lockedProperties, waitForGroup: wait };
}
