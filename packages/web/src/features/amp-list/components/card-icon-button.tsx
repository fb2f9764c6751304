import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** An icon button of an amp card: labelled, with a tooltip; a link when `to` is given. */
export function CardIconButton(props: {
  label: string;
  to?: string;
  onClick?: (anchor: HTMLElement) => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
  hasPopup?: boolean;
}) {
  const common = {
    'aria-label': props.label,
    disabled: props.disabled,
    size: 'small',
    sx: { p: 0.75 },
  } as const;
  return (
    <Tooltip title={props.label} describeChild>
      <span>
        {props.to && !props.disabled ? (
          <IconButton {...common} component={RouterLink} to={props.to}>
            {props.children}
          </IconButton>
        ) : (
          <IconButton
            {...common}
            onClick={(e) => props.onClick?.(e.currentTarget)}
            aria-pressed={props.pressed}
            aria-haspopup={props.hasPopup ? 'menu' : undefined}
          >
            {props.children}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}
