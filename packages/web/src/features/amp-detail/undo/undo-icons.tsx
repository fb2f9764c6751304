/** The undo controls' icons, drawn inline as SvgIcons like shared/ui/icons.tsx (no icon package in the bundle). */
import { SvgIcon, type SvgIconProps } from '@mui/material';

export const UndoIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M12.5 8c-2.65 0-5.05.99-6.9 2.6L2 7v9h9l-3.62-3.62c1.39-1.16 3.16-1.88 5.12-1.88 3.54 0 6.55 2.31 7.6 5.5l2.37-.78C21.08 11.03 17.15 8 12.5 8z" />
  </SvgIcon>
);

export const RedoIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M18.4 10.6C16.55 8.99 14.15 8 11.5 8c-4.65 0-8.58 3.03-9.96 7.22L3.9 16c1.05-3.19 4.05-5.5 7.6-5.5 1.95 0 3.73.72 5.12 1.88L13 16h9V7l-3.6 3.6z" />
  </SvgIcon>
);

export const HistoryIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.954 8.954 0 0 0 13 21a9 9 0 0 0 0-18zm-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8H12z" />
  </SvgIcon>
);
