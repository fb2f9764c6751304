/**
 * Benchmarks of the web console (issues 4 and 12) in Debian's Chromium against emulated amps serving the built app,
 * each figure beside a baseline measured in the same run (house rule: performance is measured here, never in timed
 * tests). Every function returns its figures; format.ts turns them into the lines run.ts prints.
 *
 *   benchBundle       JS gzip of the first route and of the whole app, beside a minimal React 19 app
 *   benchAmpList      1,000 amps: navigation → first card, what the sockets do, busy share, scroll frame rate
 *   benchChannelView  8 channels with meters at 10 Hz: main-thread busy share, beside the idle amp list
 *   benchTabSwitch    a click on each channel tab → the tab selected, CPU ×4, meters live, beside meters stopped
 *   benchLighthouse   Lighthouse performance score of the amp list of 8 amps, beside the minimal React 19 app
 */
export { launchChromium, type WebBuild } from './browser';
export type { BusyShare } from './busy';
export type { ProfileEntry, ProfileSummary } from './profile';
export type { FrameStats } from './scroll';
export {
  benchBundle,
  FIRST_ROUTE_TARGET_BYTES,
  type BundleOptions,
  type BundleResult,
  type ChunkSize,
  type JsSet,
} from './bundle';
export { benchAmpList, SCROLL_TARGET_FPS, type AmpListOptions, type AmpListResult, type SocketStats } from './amp-list';
export { benchChannelView, CHANNEL_BUSY_TARGET, type ChannelViewOptions, type ChannelViewResult } from './channel-view';
export {
  benchLighthouse,
  LIGHTHOUSE_TARGET_SCORE,
  type LighthouseOptions,
  type LighthousePreset,
  type LighthouseResult,
  type LighthouseRun,
} from './lighthouse';
export { formatAmpList, formatBundle, formatChannelView, formatLighthouse, formatTabSwitch } from './format';
export { benchTabSwitch, type TabClicks, type TabSwitchOptions, type TabSwitchResult } from './tab-switch';
