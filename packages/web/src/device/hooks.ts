/**
 * The hooks features use to read and change an amp. Components select the smallest piece they render:
 * `useAmpState(ampId, (s) => s?.amp?.channels?.['1']?.output?.fader)` re-renders only when that value changes.
 */
import { AuthRequiredError } from '@rackside/device-client';
import type { AmpSummary, DeviceDelta, ModelInfo, UacLevel } from '@rackside/protocol';
import { useCallback, useEffect } from 'react';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { noticeShown } from '../shared/notices';
import { useDeviceManager } from './device-manager-context';
import type { WithDevices } from './store/devices-slice';
import type { WithLocalLogin } from './store/local-login-slice';
import {
  selectAmpEntry,
  selectAmpModel,
  selectAmpState,
  selectAmpSummary,
  selectCanWrite,
  selectUacLevel,
} from './store/selectors';

type DevicesRoot = WithDevices & WithLocalLogin;

/**
 * A piece of one amp's live state. The selector gets the amp's tree (undefined for an unknown amp) and should
 * return a primitive or a piece of the tree as is; pass `shallow` when it builds a new array or object.
 */
export function useAmpState<T>(ampId: string, selector: (state: DeviceDelta | undefined) => T, shallow = false): T {
  return useSelector((s: WithDevices) => selector(selectAmpState(s, ampId)), shallow ? shallowEqual : undefined);
}

/** The amp's model (channel count, capabilities), once known. */
export const useAmpModel = (ampId: string): ModelInfo | undefined =>
  useSelector((s: WithDevices) => selectAmpModel(s, ampId));

/** The amp's connection state, or undefined for an amp the console does not know. */
export const useAmpConnection = (ampId: string) =>
  useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.connection);

/**
 * The amp's own `info /` reply (field schemas), once its detail has been open; undefined until then. The protocol's
 * `infoAt(model, url)` gives the same schemas for the catalogue's models meanwhile.
 */
export const useAmpInfo = (ampId: string): unknown =>
  useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.info ?? undefined);

/** spec 2 §3 amp summary. */
export const useAmpSummary = (ampId: string): AmpSummary | undefined =>
  useSelector((s: WithDevices) => selectAmpSummary(s, ampId));

/** spec 2 §6 UAC level of one named permission (UAC_PERMISSIONS) on this amp. */
export const useUacLevel = (ampId: string, permission: string): UacLevel =>
  useSelector((s: WithDevices) => selectUacLevel(s, ampId, permission));

/** What useDeviceWrite gives: whether the user may write, and `set` (resolves false when refused or failed). */
export interface DeviceWrite {
  readonly canWrite: boolean;
  readonly set: (url: string, params: Record<string, unknown>) => Promise<boolean>;
}

/**
 * Writing to an amp (spec 2 §6): `canWrite` is false for guests on a protected amp and for disconnected amps;
 * `set` shows the change at once and reports a failure with the 'Failed to set device data' snackbar.
 * UAC levels are per control: combine with useUacLevel (Locked hides, Readonly disables).
 */
export function useDeviceWrite(ampId: string): DeviceWrite {
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const canWrite = useSelector((s: DevicesRoot) => selectCanWrite(s, ampId));
  const set = useCallback(
    async (url: string, params: Record<string, unknown>) => {
      if (!canWrite) return false;
      try {
        await manager.set(ampId, url, params);
        return true;
      } catch (err) {
        const key = err instanceof AuthRequiredError ? 'loginRequired' : 'failedToSetDeviceData';
        dispatch(noticeShown({ severity: 'error', key }));
        return false;
      }
    },
    [ampId, canWrite, dispatch, manager],
  );
  return { canWrite, set };
}

/** spec 2 §2: keeps the amp subscribed to `/` while the calling component is mounted. */
export function useAmpSubscription(ampId: string, known: boolean): void {
  const manager = useDeviceManager();
  useEffect(() => (known ? manager.openDetail(ampId) : undefined), [ampId, known, manager]);
}
