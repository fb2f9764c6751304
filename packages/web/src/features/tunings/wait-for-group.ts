/** Waiting for a locked property group to show in an amp's state in the store (spec 3 §9: up to 5000 ms). */
import type { Store } from '@reduxjs/toolkit';
import { selectAmpState, type WithDevices } from '../../device';

/** Resolves true when the amp's /lockedProperties holds `groupId`, false after `timeoutMs`. */
export function waitForGroup(store: Store<WithDevices>, ampId: string, groupId: string, timeoutMs: number) {
  const has = () => selectAmpState(store.getState(), ampId)?.lockedProperties?.groups?.[groupId] !== undefined;
  return new Promise<boolean>((resolve) => {
    if (has()) return resolve(true);
    const stop = (found: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(found);
    };
    const timer = setTimeout(() => stop(false), timeoutMs);
    const unsubscribe = store.subscribe(() => {
      if (has()) stop(true);
    });
  });
}
