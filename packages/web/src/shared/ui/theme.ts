/**
 * The MUI theme (loaded with the screens that use MUI, shared/ui/mui-theme.tsx): light or dark from the preferences,
 * breakpoints of spec 2 §9 (768 / 1120 / 1820 px). The first route's plain CSS repeats its colours (plain/tokens.css).
 */
import { createTheme, type Theme } from '@mui/material';
import {
  NARROW_BREAKPOINT_PX,
  PAGER_FOUR_CHANNELS_MIN_WIDTH_PX,
  PAGER_TWO_CHANNELS_MIN_WIDTH_PX,
} from '@rackside/protocol';

/**
 * sm = wide layout (list beside detail), md = two channels at once, lg = four channels. `xl` has no meaning of its
 * own in the spec: it equals lg so that no MUI default (1536 px) sneaks in.
 */
export const BREAKPOINTS = {
  xs: 0,
  sm: NARROW_BREAKPOINT_PX,
  md: PAGER_TWO_CHANNELS_MIN_WIDTH_PX,
  lg: PAGER_FOUR_CHANNELS_MIN_WIDTH_PX,
  xl: PAGER_FOUR_CHANNELS_MIN_WIDTH_PX,
} as const;

export function createAppTheme(darkMode: boolean): Theme {
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: darkMode
      ? {
          mode: 'dark',
          primary: { main: '#7ab0ff' },
          // MUI's dark error (#f44336) is 4.1:1 on the paper; text in it (a Delete button) needs 4.5:1
          error: { main: '#ff7961' },
          background: { default: '#101418', paper: '#171c22' },
        }
      : {
          mode: 'light',
          primary: { main: '#1d5fbf' },
          // MUI's light error (#d32f2f) is 4.56:1 on the page background, under 4.5:1 once a hover tint is on an
          // outlined error button (Clear log); #c62828 is 5.15:1
          error: { main: '#c62828' },
          background: { default: '#f3f5f8', paper: '#ffffff' },
        },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", sans-serif',
    },
    shape: { borderRadius: 8 },
  });
}
