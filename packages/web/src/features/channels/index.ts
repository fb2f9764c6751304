/** The channel view of spec 2 §2: the page amp-detail mounts, its parts, and its UI slice. */
export { ChannelsPage } from './components/channels-page';
export { ChannelView, type ChannelViewProps } from './components/channel-view';
export { completeAmpState, useChannelTabProps } from './channel-tab-props';
export {
  channelViewReducer,
  channelViewShown,
  initialChannelViewState,
  selectChannelView,
  type ChannelViewState,
  type WithChannelView,
} from './store/channel-view-slice';
export { CHANNEL_TABS, DEFAULT_CHANNEL_TAB, isChannelTab, type ChannelTab, type ChannelTabProps } from './types';
