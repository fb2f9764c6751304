/** The few icons the console uses, drawn as SvgIcon components (there is no icon package in the bundle). */
import { SvgIcon, type SvgIconProps } from '@mui/material';
import {
  accessPointGlyph,
  backGlyph,
  disconnectedGlyph,
  faceGlyph,
  infoGlyph,
  leafGlyph,
  lockGlyph,
  menuGlyph,
  powerGlyph,
  searchGlyph,
  visibilityGlyph,
  volumeOffGlyph,
  volumeOnGlyph,
  wifiGlyph,
  wiredGlyph,
  type FaceKind,
} from './plain/glyphs';

export type { FaceKind } from './plain/glyphs';

export const MenuIcon = (p: SvgIconProps) => <SvgIcon {...p}>{menuGlyph()}</SvgIcon>;
export const BackIcon = (p: SvgIconProps) => <SvgIcon {...p}>{backGlyph()}</SvgIcon>;
export const SearchIcon = (p: SvgIconProps) => <SvgIcon {...p}>{searchGlyph()}</SvgIcon>;
export const LockIcon = (p: SvgIconProps) => <SvgIcon {...p}>{lockGlyph()}</SvgIcon>;
export const PowerIcon = (p: SvgIconProps) => <SvgIcon {...p}>{powerGlyph()}</SvgIcon>;

/** spec 2 §2 status faces: ok smiles, warning is level, fault frowns. */
export const FaceIcon = ({ kind, ...p }: SvgIconProps & { kind: FaceKind }) => (
  <SvgIcon {...p}>{faceGlyph(kind)}</SvgIcon>
);

export const WiredIcon = (p: SvgIconProps) => <SvgIcon {...p}>{wiredGlyph()}</SvgIcon>;
export const AccessPointIcon = (p: SvgIconProps) => <SvgIcon {...p}>{accessPointGlyph()}</SvgIcon>;

/** Wi-Fi with 1 to 4 lit arcs (spec 2 §2 thresholds via the protocol's wifiIconLevel). */
export const WifiIcon = ({ level, ...p }: SvgIconProps & { level: 1 | 2 | 3 | 4 }) => (
  <SvgIcon {...p}>{wifiGlyph(level)}</SvgIcon>
);

export const DisconnectedIcon = (p: SvgIconProps) => <SvgIcon {...p}>{disconnectedGlyph()}</SvgIcon>;
export const VolumeOffIcon = (p: SvgIconProps) => <SvgIcon {...p}>{volumeOffGlyph()}</SvgIcon>;
export const VolumeOnIcon = (p: SvgIconProps) => <SvgIcon {...p}>{volumeOnGlyph()}</SvgIcon>;
export const LeafIcon = (p: SvgIconProps) => <SvgIcon {...p}>{leafGlyph()}</SvgIcon>;
export const InfoIcon = (p: SvgIconProps) => <SvgIcon {...p}>{infoGlyph()}</SvgIcon>;

export const VisibilityIcon = ({ off, ...p }: SvgIconProps & { off?: boolean }) => (
  <SvgIcon {...p}>{visibilityGlyph(off === true)}</SvgIcon>
);
