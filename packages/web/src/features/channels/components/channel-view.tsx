/**
 * The channel view (spec 2 §2): the amp's mute-all, the tabs, the shown channels side by side (1, 2 or 4 by width,
 * protocol channel-pager rules), each with its header and the selected tab, and the channel pager.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NARROW_BREAKPOINT_PX, pagerWindow, visibleChannelCount } from '@rackside/protocol';
import { useChannelsText } from '../i18n';
import { ChannelLinkTools } from '../link/channel-link-tools';
import { LinkedChip } from '../link/linked-chip';
import { useLinkedOverlays } from '../link/linked-overlays';
import { hasCustomFir } from '../response';
import { CHANNEL_TABS, type ChannelTab, type ChannelTabProps } from '../types';
import { ChannelHeader } from './channel-header';
import { ChannelPager } from './channel-pager';
import { ChannelTabs, panelId, tabId } from './channel-tabs';
import { MuteAllButton } from './mute-all-button';
import { AMP_LEVEL_TABS, hasInputEq, TAB_COMPONENTS } from './tab-content';
import { usePagerWidth } from './use-pager-width';

export interface ChannelViewProps extends ChannelTabProps {
  /** spec 2 §2 route {section}; the dashboard default is 'inputs'. */
  tab: ChannelTab;
  onTabChange: (tab: ChannelTab) => void;
  onChannelChange: (channel: number) => void;
  /** The viewport width; defaults to the window's, from media queries. */
  width?: number | undefined;
  /** The amp's `/logs/faults`: a Faulted channel's header names the reason it logged (issue 18). */
  faultsLog?: string | undefined;
}

export function ChannelView(props: ChannelViewProps) {
  const { state, channel, tab, onTabChange, onChannelChange } = props;
  const { t } = useChannelsText();
  const idPrefix = useId();
  const linkedOverlays = useLinkedOverlays(props);
  const viewport = usePagerWidth();
  const inputEq = hasInputEq(props, channel);
  // spec 2 §2: Input EQ falls back to Inputs when the model has none (the channels page also moves the route there)
  const shownTab: ChannelTab = tab === 'input-eq' && !inputEq ? 'inputs' : tab;

  if (!state.channels[String(channel)]) return <Typography role="alert">{t('view.channelNotFound')}</Typography>;
  const channels = Object.keys(state.channels)
    .map(Number)
    .sort((a, b) => a - b);
  const width = props.width ?? viewport;
  const shown = pagerWindow(channels, channel, visibleChannelCount(width, channels.length));
  const narrow = width < NARROW_BREAKPOINT_PX;
  const Tab = TAB_COMPONENTS[shownTab];
  const tabProps = (n: number): ChannelTabProps => ({
    ...props,
    channel: n,
    responseOverlays: linkedOverlays(n) ?? props.responseOverlays,
  });

  return (
    <Stack sx={{ gap: 2, pb: narrow ? 8 : 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <ChannelLinkTools ctx={props} channel={channel} />
        <MuteAllButton state={state} access={props.access} write={props.write} cloud={props.cloud} />
      </Stack>
      <ChannelTabs
        tabs={CHANNEL_TABS.filter((x) => x !== 'input-eq' || inputEq)}
        value={shownTab}
        onChange={onTabChange}
        firActive={shown.some((n) => hasCustomFir(state.channels[String(n)]))}
        idPrefix={idPrefix}
      />
      <Box role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, shownTab)}>
        {AMP_LEVEL_TABS.includes(shownTab) ? (
          <Tab {...tabProps(channel)} />
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))`, gap: 3 }}>
            {shown.map((n) => (
              <Box
                key={n}
                component="section"
                aria-label={t('view.channelNamed', { n, name: state.channels[String(n)]?.output.name ?? '' })}
              >
                <LinkedChip ampId={props.ampId} channel={n} />
                <ChannelHeader ctx={props} ampId={props.ampId} channel={n} faultsLog={props.faultsLog} />
                <Tab {...tabProps(n)} />
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <ChannelPager channels={channels} selected={channel} shown={shown} narrow={narrow} onSelect={onChannelChange} />
    </Stack>
  );
}
