import { UAC_PERMISSIONS, canUacWrite, type AmpSummary } from '@rackside/protocol';
import { useCallback } from 'react';
import { useDeviceWrite, useUacLevel } from '../../device';

/** spec 2 §2 mute-all on a card: n/total muted; the button mutes every channel, or unmutes them when all are muted. */
export function useMuteAll(summary: AmpSummary) {
  const { canWrite, set } = useDeviceWrite(summary.ampId);
  const level = useUacLevel(summary.ampId, UAC_PERMISSIONS.channelOutputMute);
  const channels = summary.channelSummaries;
  const muted = channels.filter((c) => c.isMuted).length;
  const allMuted = channels.length > 0 && muted === channels.length;
  const toggle = useCallback(async () => {
    const mute = !allMuted;
    await Promise.all(channels.map((c) => set(`/amp/channels/${c.channelNumber}/output`, { mute })));
  }, [allMuted, channels, set]);
  return {
    muted,
    total: channels.length,
    allMuted,
    enabled: canWrite && canUacWrite(level) && channels.length > 0,
    toggle,
  };
}
