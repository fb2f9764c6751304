/** Icons of the cloud screens, drawn as SvgIcon components like shared/ui/icons.tsx. */
import { SvgIcon, type SvgIconProps } from '@mui/material';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const SettingsIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <circle cx="12" cy="12" r="3" {...stroke} />
    <path
      d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"
      {...stroke}
    />
  </SvgIcon>
);

/** A chip with an arrow up: a firmware update. */
export const FirmwareIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <rect x="5" y="5" width="14" height="14" rx="2" {...stroke} />
    <path d="M12 15V9M9.5 11.5 12 9l2.5 2.5M9 2v3M15 2v3M9 19v3M15 19v3" {...stroke} />
  </SvgIcon>
);

export const AddIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M12 5v14M5 12h14" {...stroke} />
  </SvgIcon>
);

export const CopyIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <rect x="8" y="8" width="12" height="12" rx="2" {...stroke} />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" {...stroke} />
  </SvgIcon>
);

/** A clock with an arrow going back round it: what happened (the audit timeline, issue 21). */
export const ActivityIcon = (p: SvgIconProps) => (
  <SvgIcon {...p}>
    <path d="M3 12a9 9 0 1 0 2.6-6.4M3 4v4h4M12 7v5l3 2" {...stroke} />
  </SvgIcon>
);
