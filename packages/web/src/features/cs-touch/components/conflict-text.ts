/** The check before save's findings (model/conflicts.ts) in plain words, for the always-visible list and Save's dialog. */
import type { TouchConflict } from '../model/conflicts';
import { useTouchText } from '../touch-i18n';

/** One conflict in plain words. */
export function useConflictText(): (c: TouchConflict) => string {
  const { t, i18n } = useTouchText();
  const list = (items: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(items);
  return (c) => {
    switch (c.kind) {
      case 'channelInTwoGroups':
        return t('conflicts.channelInTwoGroups', { amp: c.amp, channel: c.channel, groups: list(c.groups) });
      case 'channelInTwoSubgroups':
        return t('conflicts.channelInTwoSubgroups', {
          group: c.group,
          amp: c.amp,
          channel: c.channel,
          subGroups: list(c.subGroups),
        });
      case 'ampOffline':
        return t('conflicts.ampOffline', { amp: c.amp });
      case 'ampNotFound':
        return t('conflicts.ampNotFound', { amp: c.amp });
      case 'channelMissing':
        return t('conflicts.channelMissing', { group: c.group, amp: c.amp, channel: c.channel });
      case 'sourceUnavailable':
        return t('conflicts.sourceUnavailable', {
          group: c.group,
          state: c.state,
          amp: c.amp,
          channel: c.channel,
          source: c.source,
        });
    }
  };
}
