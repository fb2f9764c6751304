export { AmpDetailShell } from './components/amp-detail-shell';
export { AmpPageRoute } from './components/amp-page-route';
export { ChannelView, isChannelOf } from './components/channel-view';
