/**
 * The viewport width as far as the channel view's breakpoints tell widths apart (spec 2 §2/§9: 768, 1120, 1820 px),
 * from media queries, so it follows resizes.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  NARROW_BREAKPOINT_PX,
  PAGER_FOUR_CHANNELS_MIN_WIDTH_PX,
  PAGER_TWO_CHANNELS_MIN_WIDTH_PX,
} from '@rackside/protocol';

const atLeast = (px: number) => `(min-width:${px}px)`;

export function usePagerWidth(): number {
  const four = useMediaQuery(atLeast(PAGER_FOUR_CHANNELS_MIN_WIDTH_PX), { noSsr: true });
  const two = useMediaQuery(atLeast(PAGER_TWO_CHANNELS_MIN_WIDTH_PX), { noSsr: true });
  const wide = useMediaQuery(atLeast(NARROW_BREAKPOINT_PX), { noSsr: true });
  if (four) return PAGER_FOUR_CHANNELS_MIN_WIDTH_PX;
  if (two) return PAGER_TWO_CHANNELS_MIN_WIDTH_PX;
  return wide ? NARROW_BREAKPOINT_PX : NARROW_BREAKPOINT_PX - 1;
}
