/**
 * spec 1 §4 device removal: a removed amp is hidden from the cloud listings for 20 s (§9), so a listing the cloud
 * answered before the removal took hold does not bring it back. Kept outside the cache: a refetch replaces the
 * overview, the hiding outlives it.
 */
import { REMOVED_DEVICE_HIDDEN_MS } from '@rackside/protocol';

const hiddenUntil = new Map<string, number>();

/** Hides the amp from the listings for REMOVED_DEVICE_HIDDEN_MS from `now`. */
export function hideRemovedAmp(ampId: string, now = Date.now()): void {
  hiddenUntil.set(ampId, now + REMOVED_DEVICE_HIDDEN_MS);
}

/** Whether the amp was removed less than REMOVED_DEVICE_HIDDEN_MS ago. */
export function isRemovedAmpHidden(ampId: string, now = Date.now()): boolean {
  const until = hiddenUntil.get(ampId);
  if (until === undefined) return false;
  if (now < until) return true;
  hiddenUntil.delete(ampId);
  return false;
}
