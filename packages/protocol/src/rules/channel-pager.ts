/** The channel pager of spec 2 §2: how many channel buttons show and which ones. */
import { PAGER_FOUR_CHANNELS_MIN_WIDTH_PX, PAGER_TWO_CHANNELS_MIN_WIDTH_PX } from '../catalog/constants';

/**
 * spec 2 §2: 1 channel below 1120 px, 2 from 1120 px, and from 1820 px 4 when the amp has at least 4 channels
 * (else 2); never more than the amp has.
 */
export function visibleChannelCount(widthPx: number, channelCount: number): number {
  const wanted =
    widthPx < PAGER_TWO_CHANNELS_MIN_WIDTH_PX
      ? 1
      : widthPx < PAGER_FOUR_CHANNELS_MIN_WIDTH_PX || channelCount < 4
        ? 2
        : 4;
  return Math.max(0, Math.min(wanted, channelCount));
}

const sorted = (channels: readonly number[]): number[] => [...channels].sort((a, b) => a - b);

/** spec 2 §2: the channel numbers shown: a window starting at the selected channel, clamped to the end of the list. */
export function pagerWindow(channels: readonly number[], selected: number, visible: number): number[] {
  const all = sorted(channels);
  const count = Math.max(0, Math.min(visible, all.length));
  const index = Math.max(0, all.indexOf(selected));
  const start = Math.min(index, all.length - count);
  return all.slice(start, start + count);
}

/** spec 2 §2: the channel after the selected one, wrapping from the last to the first. */
export function nextChannel(channels: readonly number[], selected: number): number | undefined {
  const all = sorted(channels);
  const i = all.indexOf(selected);
  return all[(i + 1) % all.length];
}

/** spec 2 §2: the channel before the selected one, wrapping from the first to the last. */
export function previousChannel(channels: readonly number[], selected: number): number | undefined {
  const all = sorted(channels);
  const i = all.indexOf(selected);
  return all[i <= 0 ? all.length - 1 : i - 1];
}
