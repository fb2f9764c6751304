/**
 * The drawings of the console's icons (24 × 24 viewBox), shared by the MUI SvgIcons of shared/ui/icons.tsx and the
 * plain <Icon> of the first route (shared/ui/plain/icon.tsx), so that each is drawn once.
 */
import type { ReactElement } from 'react';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** spec 2 §2 status faces: ok smiles, warning is level, fault frowns. */
export type FaceKind = 'ok' | 'warning' | 'fault';
const MOUTHS: Record<FaceKind, string> = {
  ok: 'M8 14c1 1.6 2.4 2.4 4 2.4s3-.8 4-2.4',
  warning: 'M8.5 15.5h7',
  fault: 'M8 16.8c1-1.6 2.4-2.4 4-2.4s3 .8 4 2.4',
};

const WIFI_ARCS = ['M8.8 15.8a4.5 4.5 0 0 1 6.4 0', 'M5.9 12.9a8.6 8.6 0 0 1 12.2 0', 'M3 10a12.7 12.7 0 0 1 18 0'];

export const menuGlyph = (): ReactElement => <path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />;

export const searchGlyph = (): ReactElement => (
  <>
    <circle cx="10" cy="10" r="6" {...stroke} />
    <path d="M14.5 14.5 20 20" {...stroke} />
  </>
);

export const lockGlyph = (): ReactElement => (
  <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2zm-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2zm3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1v2z" />
);

export const powerGlyph = (): ReactElement => (
  <>
    <path d="M12 3v9" {...stroke} />
    <path d="M7.1 6.3a8 8 0 1 0 9.8 0" {...stroke} />
  </>
);

export const faceGlyph = (kind: FaceKind): ReactElement => (
  <>
    <circle cx="12" cy="12" r="9.5" {...stroke} />
    <circle cx="9" cy="9.5" r="1.4" />
    <circle cx="15" cy="9.5" r="1.4" />
    <path d={MOUTHS[kind]} {...stroke} />
  </>
);

export const wiredGlyph = (): ReactElement => (
  <>
    <path d="M6 4h12v10h-3v3h-6v-3H6z" {...stroke} />
    <path d="M9.5 7.5v2.5M12 7.5v2.5M14.5 7.5v2.5M12 17v4" {...stroke} />
  </>
);

export const accessPointGlyph = (): ReactElement => (
  <>
    <rect x="3" y="14" width="18" height="6" rx="1.5" {...stroke} />
    <path d="M7 17h.01M11 17h.01M16 14V4" {...stroke} />
    <path d="M19 6.5a4 4 0 0 0-6 0" {...stroke} />
  </>
);

/** Wi-Fi with 1 to 4 lit arcs (spec 2 §2 thresholds via the protocol's wifiIconLevel). */
export const wifiGlyph = (level: 1 | 2 | 3 | 4): ReactElement => (
  <>
    <circle cx="12" cy="19" r="1.6" />
    {WIFI_ARCS.map((d, i) => (
      <path key={d} d={d} {...stroke} opacity={level >= i + 2 ? 1 : 0.3} />
    ))}
  </>
);

export const disconnectedGlyph = (): ReactElement => (
  <>
    <path d={WIFI_ARCS.join('')} {...stroke} opacity={0.4} />
    <path d="M4 4l16 16" {...stroke} />
  </>
);

export const volumeOffGlyph = (): ReactElement => (
  <>
    <path d="M3 9v6h4l5 5V4L7 9H3z" />
    <path d="M16 9l5 6M21 9l-5 6" {...stroke} />
  </>
);

export const volumeOnGlyph = (): ReactElement => (
  <>
    <path d="M3 9v6h4l5 5V4L7 9H3z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" {...stroke} />
  </>
);

export const leafGlyph = (): ReactElement => (
  <>
    <path d="M5 19C5 10 10 5 20 4c0 10-5 15-13 15z" {...stroke} />
    <path d="M5 19c3-5 6-8 10-10" {...stroke} />
  </>
);

export const infoGlyph = (): ReactElement => (
  <>
    <circle cx="12" cy="12" r="9.5" {...stroke} />
    <path d="M12 11v6" {...stroke} />
    <circle cx="12" cy="7.5" r="1.3" />
  </>
);

export const arrowDropDownGlyph = (): ReactElement => <path d="M7 10l5 5 5-5z" />;

export const backGlyph = (): ReactElement => <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" />;

export const visibilityGlyph = (off: boolean): ReactElement => (
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" {...stroke} />
    <circle cx="12" cy="12" r="3" {...stroke} />
    {off ? <path d="M4 4l16 16" {...stroke} /> : null}
  </>
);
