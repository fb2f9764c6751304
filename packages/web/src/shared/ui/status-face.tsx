import { faceGlyph, type FaceKind } from './plain/glyphs';
import { Icon, type IconTone } from './plain/icon';

const TONES: Record<FaceKind, IconTone> = { ok: 'success', warning: 'warning', fault: 'error' };

/** spec 2 §2 status face: fault wins over warning; otherwise ok. */
export const faceOf = (s: { hasFault: boolean; hasWarning: boolean }): FaceKind =>
  s.hasFault ? 'fault' : s.hasWarning ? 'warning' : 'ok';

/**
 * The coloured status face of an amp: decorative (the control around it carries the label) unless `titleAccess`
 * names it. Plain SVG: it is on every card of the amp list, the first route (docs/adr/0004).
 */
export function StatusFace({ kind, titleAccess }: { kind: FaceKind; titleAccess?: string }) {
  return (
    <Icon
      glyph={faceGlyph(kind)}
      tone={TONES[kind]}
      data={{ 'data-face': kind }}
      {...(titleAccess ? { title: titleAccess } : {})}
    />
  );
}
