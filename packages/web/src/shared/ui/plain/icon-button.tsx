import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './plain.module.css';

/**
 * A round icon-only button (MUI's small IconButton, 36 px): labelled, with the label as a tooltip on hover and on
 * keyboard focus; a link when `to` is given and it is not disabled.
 */
export function IconButton(props: {
  label: string;
  to?: string | undefined;
  onClick?: ((anchor: HTMLElement) => void) | undefined;
  disabled?: boolean | undefined;
  pressed?: boolean | undefined;
  hasPopup?: boolean | undefined;
  /** The app bar's button: larger (40 px) and in the bar's colour. */
  onBar?: boolean;
  /** No tooltip (the app bar's button, whose label is its purpose). */
  noTooltip?: boolean;
  children: ReactNode;
}) {
  const className = `${styles.iconButton} ${props.onBar ? styles.onBar : ''}`;
  const tip = props.noTooltip ? {} : { 'data-tip': props.label };
  if (props.to && !props.disabled)
    return (
      <Link to={props.to} className={className} aria-label={props.label} {...tip}>
        {props.children}
      </Link>
    );
  return (
    <button
      type="button"
      className={className}
      aria-label={props.label}
      disabled={props.disabled}
      aria-pressed={props.pressed}
      aria-haspopup={props.hasPopup ? 'menu' : undefined}
      onClick={(e) => props.onClick?.(e.currentTarget)}
      {...tip}
    >
      {props.children}
    </button>
  );
}
