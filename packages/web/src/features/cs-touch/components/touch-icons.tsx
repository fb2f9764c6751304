/** The few icons of the touch editor (no @mui/icons-material: its package is 174 MB). */
import { SvgIcon, type SvgIconProps } from '@mui/material';

export const AddIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z" />
  </SvgIcon>
);
export const ArrowUpIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z" />
  </SvgIcon>
);
export const ArrowDownIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z" />
  </SvgIcon>
);
export const MoreIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
  </SvgIcon>
);

export const DeleteIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />
  </SvgIcon>
);
