/**
 * The adapter between the store-agnostic channel tabs and the app's device layer (src/device): the only file of
 * the feature that knows the store. The cloud flag is the amp's: reached through the cloud relay. It turns the amp's live state, schema, UAC and write into ChannelTabProps.
 *
 * TODO(issue 4): read field schemas from the amp's own `info` reply once the device layer keeps it (replyInfo is
 * ready; the protocol tree gives the same schemas meanwhile); register `channelView: channelViewReducer` in app/store.ts so the selected channel and tab are remembered.
 */
import { useCallback, useMemo } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { AmpState, DeviceDelta, ModelInfo } from '@rackside/protocol';
import {
  selectAmpEntry,
  selectAmpState,
  useAmpModel,
  useAmpState,
  useDeviceWrite,
  type WithDevices,
} from '../../device';
import { selectDelayUnits, type WithPreferences } from '../preferences';
import { defaultAmpState, treeInfo, valueAt } from '../../device/fields/field-info';
import { sameExceptLive, type LiveSource } from '../../device/fields/live';
import type { ChannelTabProps } from './types';
import { makeAccess } from '../../device/fields/access';
import { useLinkedWrite } from './link/use-linked-write';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function overlay(defaults: unknown, received: unknown): unknown {
  if (received === undefined) return defaults;
  if (!isObj(defaults) || !isObj(received)) return received;
  const out: Obj = { ...defaults };
  for (const [k, v] of Object.entries(received)) out[k] = overlay(defaults[k], v);
  return out;
}

// defaults are shared (never mutated) between results, so they are built once per model
const defaultsByModel = new WeakMap<ModelInfo, AmpState>();

/** `/amp` complete: what the amp reported over its model's defaults (a tab never meets a missing field). */
export function completeAmpState(model: ModelInfo, received: DeviceDelta['amp']): AmpState {
  let defaults = defaultsByModel.get(model);
  if (!defaults) defaultsByModel.set(model, (defaults = defaultAmpState(model)));
  return overlay(defaults, received) as AmpState;
}

const sameAmp = (a: DeviceDelta['amp'], b: DeviceDelta['amp']) => sameExceptLive(a, b);

/** The amp's live values straight from the store (issue 4): only the components showing one render on a meter batch. */
function useLiveSource(ampId: string): LiveSource {
  const store = useStore<WithDevices>();
  return useMemo(() => {
    const ampOf = () => selectAmpState(store.getState(), ampId)?.amp;
    return {
      subscribe: (onChange) => {
        let last = ampOf();
        return store.subscribe(() => {
          const next = ampOf();
          if (next === last) return;
          last = next;
          onChange();
        });
      },
      get: (url) => {
        const amp = ampOf();
        return amp ? valueAt(amp as AmpState, url) : undefined;
      },
    };
  }, [store, ampId]);
}

/**
 * The ChannelTabProps of an amp (channel set by the caller), or undefined until its model is known. `state` changes
 * when a setting does, not on meter batches: live values come through `live` (issue 4).
 */
export function useChannelTabProps(ampId: string): Omit<ChannelTabProps, 'channel'> | undefined {
  const model = useAmpModel(ampId);
  const amp = useSelector((s: WithDevices) => selectAmpState(s, ampId)?.amp, sameAmp);
  const live = useLiveSource(ampId);
  const uac = useAmpState(ampId, (s) => s?.UAC);
  const lockedProperties = useAmpState(ampId, (s) => s?.lockedProperties);
  const gpio = useAmpState(ampId, (s) => s?.GPIO);
  const delayUnit = useSelector((s: WithPreferences) => selectDelayUnits(s));
  const { canWrite, set } = useDeviceWrite(ampId);
  // spec 2 §6: through the cloud nothing is locked by UAC and the FIR editor is unavailable
  const cloud = useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.remote === true);

  const state = useMemo(() => (model ? completeAmpState(model, amp) : undefined), [model, amp]);
  const info = useMemo(() => (model ? treeInfo(model) : undefined), [model]);
  const firmwareVersion = amp?.deviceInfo?.firmwareVersion;
  const access = useMemo(
    () => makeAccess({ uac, firmwareVersion, lockedProperties, cloud, canWrite }),
    [uac, firmwareVersion, lockedProperties, cloud, canWrite],
  );
  const plainWrite = useCallback((url: string, params: Record<string, unknown>) => set(url, params), [set]);
  // issue 18: a write to a linked channel goes to every linked channel (link/use-linked-write.ts)
  const write = useLinkedWrite({ ampId, model, access, write: plainWrite, canWrite });
  // spec 2 §2: both input modes are disabled while a GPIO is in manual override
  const gpioManualOverride = Object.values(gpio ?? {}).some((port) => port?.mode === 'Input-ManualOverride');

  if (!model || !state || !info) return undefined;
  return { ampId, model, state, info, access, write, delayUnit, cloud, gpioManualOverride, live };
}
