import { MUTE_ALL_OVERRIDE_MS } from '@rackside/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useDeviceManager } from '../../device';
import { noticeShown } from '../../shared/notices';
import type { CloudAmp } from './venue-overview';

/**
 * spec 1 §4 / spec 2 §2 mute-all on a venue's amp card: n/total from the cloud's summary, the button mutes every
 * channel (or unmutes them when all are muted) through a relay session opened for the writes; the count the user
 * set overrides the cloud's for MUTE_ALL_OVERRIDE_MS (15 s), while the amp's reported state catches up.
 */
export function useCloudMuteAll(amp: CloudAmp) {
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const { ampId, channelSummaries: channels, isConnected } = amp.summary;
  const [override, setOverride] = useState<{ muted: number } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (override === undefined) return;
    const timer = setTimeout(() => setOverride(undefined), MUTE_ALL_OVERRIDE_MS);
    return () => clearTimeout(timer);
  }, [override]);
  const total = channels.length;
  const muted = override?.muted ?? channels.filter((c) => c.isMuted).length;
  const allMuted = total > 0 && muted === total;
  const toggle = useCallback(async () => {
    const mute = !allMuted;
    setOverride({ muted: mute ? total : 0 });
    setBusy(true);
    const release = manager.openRemote?.(ampId);
    try {
      await manager.connected?.(ampId);
      const url = (n: number) => `/amp/channels/${n}/output`;
      await Promise.all(channels.map((c) => manager.set(ampId, url(c.channelNumber), { mute })));
    } catch {
      setOverride(undefined);
      dispatch(noticeShown({ severity: 'error', key: 'failedToSetDeviceData' }));
    } finally {
      release?.();
      setBusy(false);
    }
  }, [allMuted, total, manager, ampId, channels, dispatch]);
  return { muted, total, enabled: isConnected && total > 0 && !busy, toggle };
}
