import type { SvgIconProps } from '@mui/material';
import { FaceIcon, type FaceKind } from './icons';

const COLORS: Record<FaceKind, SvgIconProps['color']> = { ok: 'success', warning: 'warning', fault: 'error' };

/** spec 2 §2 status face: fault wins over warning; otherwise ok. */
export const faceOf = (s: { hasFault: boolean; hasWarning: boolean }): FaceKind =>
  s.hasFault ? 'fault' : s.hasWarning ? 'warning' : 'ok';

/** The coloured status face of an amp (decorative: the control around it carries the label). */
export function StatusFace({ kind, ...props }: SvgIconProps & { kind: FaceKind }) {
  return <FaceIcon kind={kind} color={COLORS[kind]} data-face={kind} {...props} />;
}
