/**
 * The channels route (spec 2 §2): .../channels/{n}/{section} shows the channel view; .../channels redirects to the
 * current channel on wide screens and lists the channels on narrow ones. Mounted by amp-detail's channels slot.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NARROW_BREAKPOINT_PX } from '@rackside/protocol';
import { useChannelTabProps } from '../channel-tab-props';
import { channelViewShown, selectChannelView } from '../store/channel-view-slice';
import { isChannelTab, type ChannelTab } from '../types';
import { ChannelList } from './channel-list';
import { ChannelView } from './channel-view';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';
import { useAmpState } from '../../../device';

/** Relative to the amp's route, so local (/amps/{id}) and cloud (/venues/{v}/amps/{id}) paths both work. */
const channelPath = (channel: number, tab: ChannelTab) => `../channels/${channel}/${tab}`;

export function ChannelsPage() {
  const { ampId = '', n, section } = useParams();
  const navigate = useNavigate();
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
    return <ChannelList state={props.state} onOpen={(c) => void navigate(channelPath(c, remembered.tab))} />;
  }
  if (!tab) return <Navigate to={channelPath(channel, remembered.tab)} replace />;
  return (
    <Box sx={{ p: 2 }}>
      <ChannelView
        {...props}
        channel={channel}
        faultsLog={faultsLog}
        tab={tab}
        onTabChange={(next) => void navigate(channelPath(channel, next), { replace: true })}
        onChannelChange={(next) => void navigate(channelPath(next, tab))}
      />
    </Box>
  );
}
