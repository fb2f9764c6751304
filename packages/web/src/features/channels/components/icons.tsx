/** The few icons the channel view draws (no icons package). */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export const ExpandIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z" />
  </SvgIcon>
);
export const PreviousIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
  </SvgIcon>
);
export const NextIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
  </SvgIcon>
);
export const SpeakerOffIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M16.5 12A4.5 4.5 0 0 0 14 7.97v2.21l2.45 2.45c.03-.2.05-.41.05-.63zM19 12c0 .94-.2 1.82-.54 2.64l1.51 1.51A8.8 8.8 0 0 0 21 12c0-4.28-2.99-7.86-7-8.77v2.06c2.89.86 5 3.54 5 6.71zM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25c-.67.52-1.42.93-2.25 1.18v2.06a8.99 8.99 0 0 0 3.69-1.81L19.73 21 21 19.73l-9-9L4.27 3zM12 4 9.91 6.09 12 8.18V4z" />
  </SvgIcon>
);
