import type { ReactElement } from 'react';
import styles from './plain.module.css';

/** The theme colour of a plain icon; `inherit` takes the control's colour (as MUI's SvgIcon does). */
export type IconTone = 'inherit' | 'action' | 'disabled' | 'success' | 'warning' | 'error';

/**
 * A 24 × 24 glyph (plain/glyphs.tsx) at the text's size, like MUI's SvgIcon: 1.5rem, or 1.25rem when small.
 * Decorative unless `title` names it (then role img, as SvgIcon's titleAccess).
 */
export function Icon(props: {
  glyph: ReactElement;
  tone?: IconTone;
  small?: boolean;
  title?: string;
  data?: Record<`data-${string}`, string>;
}) {
  const tone = props.tone ?? 'inherit';
  const className = `${styles.icon} ${props.small ? styles.iconSmall : ''} ${tone === 'inherit' ? '' : styles[tone]}`;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      focusable="false"
      fill="currentColor"
      {...(props.title ? { role: 'img' } : { 'aria-hidden': true })}
      {...props.data}
    >
      {props.glyph}
      {props.title ? <title>{props.title}</title> : null}
    </svg>
  );
}
