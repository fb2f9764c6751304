import type { ReactNode } from 'react';
import styles from './plain.module.css';

/** The colours of a badge, as MUI's Badge: `quiet` is the action-selected tint with the text colour. */
export type BadgeTone = 'primary' | 'secondary' | 'warning' | 'quiet';

/**
 * A badge on the corner of an icon, as MUI's Badge draws it: a count or short text at the top right, or a dot at
 * the bottom right. Nothing is drawn when `content` is null (and not a dot).
 */
export function Badge(props: {
  tone: BadgeTone;
  content?: string | null;
  dot?: boolean;
  small?: boolean;
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const shown = props.dot === true || (props.content ?? null) !== null;
  const kind = props.dot ? styles.badgeDot : props.small ? styles.badgeSmall : '';
  return (
    <span className={styles.badgeRoot} {...props.data}>
      {props.children}
      {shown ? (
        <span className={`${styles.badge} ${kind} ${styles[`badge-${props.tone}`]}`}>
          {props.dot ? null : props.content}
        </span>
      ) : null}
    </span>
  );
}
