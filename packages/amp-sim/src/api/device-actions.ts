/**
 * Write-only action fields of the tree (`/cloud sensorPublishStart`, ...) are not stored: the API hands them to
 * whoever listens on the amp (the cloud agent starts publishing sensors on `sensorPublishStart`).
 */
import type { Amp } from '../amp';

/** One action a client triggered: the object's URL, the field and the value sent. */
export interface DeviceAction {
  readonly url: string;
  readonly name: string;
  readonly value: unknown;
}

type ActionListener = (action: DeviceAction) => void;
const listeners = new WeakMap<Amp, Set<ActionListener>>();

/** Listens to the actions clients trigger on an amp; returns the unsubscribe function. */
export function onDeviceAction(amp: Amp, listener: ActionListener): () => void {
  let set = listeners.get(amp);
  if (!set) listeners.set(amp, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the listeners of an amp about an action; a throwing listener does not stop the others. */
export function emitDeviceAction(amp: Amp, action: DeviceAction): void {
  for (const l of listeners.get(amp) ?? []) {
    try {
      l(action);
    } catch {
      // a listener's failure is its own; the request still succeeded
    }
  }
}
