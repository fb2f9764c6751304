/**
 * The channels route (spec 2 §2): .../channels/{n}/{section} shows the channel view; .../channels redirects to the
 * current channel on wide screens and lists the channels on narrow ones. Mounted by amp-detail's channels slot.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NARROW_BREAKPOINT_PX } from '@rackside/protocol';
import { useChannelTabProps } from '../channel-tab-props';
import { channelViewShown, selectChannelView } from '../store/channel-view-slice';
import { isChannelTab, type ChannelTab } from '../types';
import { ChannelList } from './channel-list';
import { ChannelView } from './channel-view';
import { hasInputEq } from './tab-content';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';
import { useAmpState } from '../../../device';
import { CHANNELS_NS } from '../../../shared/ui/value-slider-i18n';
import { TUNINGS_NS } from '../../tunings';
import { CHANNEL_LINKS_NS } from '../link/links-i18n';

/** Relative to the amp's route, so local (/amps/{id}) and cloud (/venues/{v}/amps/{id}) paths both work. */
const channelPath = (channel: number, tab: ChannelTab) => `../channels/${channel}/${tab}`;

/**
 * A click on a tab, the pager or the list is rendered at once (`flushSync`), not in the router's default transition:
 * the amp's meters update the store up to 20 times a second, each update interrupts a transition's render, and on a
 * slow machine (CPU ×4 slower) a tab whose render takes longer than that gap stayed unselected until React forced
 * the transition through after 5 s (`npm run bench -- --only=web-tabs`). Such a render must not suspend, or the
 * app's loading screen would replace the page meanwhile: the tabs' code comes with this page, and their texts are
 * loaded with it (TAB_NAMESPACES).
 */
const AT_ONCE = { flushSync: true } as const;

/** Every i18n namespace a channel tab renders with (the Crossover tab's speaker tunings have their own). */
const TAB_NAMESPACES = [CHANNELS_NS, CHANNEL_LINKS_NS, TUNINGS_NS] as const;

export function ChannelsPage() {
  const { ampId = '', n, section } = useParams();
  const navigate = useNavigate();
  // suspends this page's first render (inside the navigation's transition) until every tab's texts are here
  useTranslation(TAB_NAMESPACES);
  const dispatch = useDispatch();
  const remembered = useSelector(selectChannelView);
  const wide = useMediaQuery(`(min-width:${NARROW_BREAKPOINT_PX}px)`, { noSsr: true });
  const props = useChannelTabProps(ampId);
  const faultsLog = useAmpState(ampId, (s) => s?.logs?.faults);
  const channel = Number(n);
  const tab = isChannelTab(section) ? section : undefined;
  useEffect(() => {
    if (tab && Number.isInteger(channel)) dispatch(channelViewShown({ channel, tab }));
  }, [channel, tab, dispatch]);

  if (!props) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <LoadingSpinner />
      </Box>
    );
  }
  if (n === undefined) {
    const current = props.state.channels[String(remembered.channel)] ? remembered.channel : 1;
    if (wide) return <Navigate to={channelPath(current, remembered.tab)} replace />;
    return <ChannelList state={props.state} onOpen={(c) => void navigate(channelPath(c, remembered.tab), AT_ONCE)} />;
  }
  if (!tab) return <Navigate to={channelPath(channel, remembered.tab)} replace />;
  // spec 2 §2: Input EQ falls back to Inputs on a model without it (a redirect, not a navigation rendered at once)
  if (tab === 'input-eq' && !hasInputEq(props, channel))
    return <Navigate to={channelPath(channel, 'inputs')} replace />;
  return (
    <Box sx={{ p: 2 }}>
      <ChannelView
        {...props}
        channel={channel}
        faultsLog={faultsLog}
        tab={tab}
        onTabChange={(next) => void navigate(channelPath(channel, next), { ...AT_ONCE, replace: true })}
        onChannelChange={(next) => void navigate(channelPath(next, tab), AT_ONCE)}
      />
    </Box>
  );
}
