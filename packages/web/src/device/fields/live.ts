/**
 * Live values (issue 4): the meters and signal flags an amp publishes every meter period (levels, clip, signal
 * detect, gain reduction, measured impedance, pilot tone level) and its once-a-second readings (up time, AC line).
 * The channel view's tab props keep the tree as it was when a setting last changed (sameExceptLive), so a meter
 * batch renders no tab; the few components showing a live value read it through useLiveValue, which re-renders
 * only them, and only when their own value changed.
 */
import { useSyncExternalStore } from 'react';
import type { AmpState } from '@rackside/protocol';
import { valueAt } from './field-info';

const LIVE_URL = new RegExp(
  '^/amp/(?:' +
    [
      'channels/[^/]+/levels/[^/]+',
      'channels/[^/]+/inputSelector/(?:primaryLevel|secondaryLevel|primaryClip|secondaryClip|primarySignalDetect|secondarySignalDetect|signalDetect|clip)',
      'channels/[^/]+/output/(?:clip|signalDetect|limiting)',
      'channels/[^/]+/(?:rmsLimiter|peakLimiter)/(?:gainReduction|totalGainReduction)',
      'channels/[^/]+/loadMonitor/measuredImpedance',
      'channels/[^/]+/pilotToneDetector/(?:measuredLevel|levels)',
      'inputs/[^/]+/[^/]+/(?:level|clip)',
      'deviceInfo/upTime',
      'powerSupply/(?:acLineVoltage|acLineCurrent|acLineWatts)',
    ].join('|') +
    ')$',
);

/** A field URL ('/amp/channels/1/levels/level_db') whose value is live. */
export const isLiveUrl = (url: string): boolean => LIVE_URL.test(url);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

/**
 * Two `/amp` trees are the same but for live values: every other leaf is equal. Shared subtrees (the store keeps
 * unchanged parts by reference) are not walked, so a meter batch costs the paths it changed.
 */
export function sameExceptLive(a: unknown, b: unknown, url = '/amp'): boolean {
  if (Object.is(a, b)) return true;
  if (!isObj(a) || !isObj(b)) return !isObj(a) && !isObj(b) && isLiveUrl(url);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  for (const k of Object.keys(a)) if (!sameExceptLive(a[k], b[k], `${url}/${k}`)) return false;
  for (const k of Object.keys(b))
    if (!Object.hasOwn(a, k) && !sameExceptLive(undefined, b[k], `${url}/${k}`)) return false;
  return true;
}

/** Where live values come from (the app gives the amp's received tree in the store); store-agnostic for the tabs. */
export interface LiveSource {
  /** Calls back whenever a live value may have changed; returns the unsubscribe. */
  readonly subscribe: (onChange: () => void) => () => void;
  /** The received value at a field URL, undefined when not received. */
  readonly get: (url: string) => unknown;
}

const noSubscribe = () => () => undefined;

/**
 * A field's value, live: from the live source when the context has one (the app), else from the context's state
 * (tests, and the whole tree when it is always fresh). Falls back to the state (the model's default) while the amp
 * has not sent the field.
 */
export function useLiveValue(ctx: { readonly state: AmpState; readonly live?: LiveSource | undefined }, url: string) {
  const live = isLiveUrl(url) ? ctx.live : undefined;
  const received = useSyncExternalStore(live ? live.subscribe : noSubscribe, () => live?.get(url));
  return received !== undefined ? received : valueAt(ctx.state, url);
}
