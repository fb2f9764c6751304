/**
 * Issue 18, linking across amps: while a channel of the amp shown is linked with other amps, their whole tree is kept
 * subscribed (as the amp shown is), so a linked write on them is checked against their speaker-tuning locks and UAC
 * roles and joins their undo history with the values it replaced (a summary connection knows only a few subtrees).
 */
import { useEffect } from 'react';
import { useDeviceManager } from '../../../device';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';

/** Opens the detail of every amp linked with a channel of `ampId` while it is linked and this is mounted. */
export function useLinkedAmpsOpen(ampId: string, store: LinkStore = linkStore): void {
  const manager = useDeviceManager();
  const { across } = useAmpLinks(ampId, store);
  // a stable key: the effect re-runs when the set of linked amps changes, not on every link change
  const key = [...new Set(Object.values(across).flat())].sort().join(' ');
  useEffect(() => {
    const releases = key === '' ? [] : key.split(' ').map((peer) => manager.openDetail(peer));
    return () => {
      for (const release of releases) release();
    };
  }, [manager, key]);
}
