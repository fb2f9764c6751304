/**
 * An action the role in the current organisation may not take (issue 21): shown disabled, with the reason as visible
 * text, and still reachable with the keyboard (aria-disabled, not `disabled`), so that nobody clicks and fails.
 */
import { Button, buttonClasses, Stack, Typography, type ButtonProps } from '@mui/material';
import type { Permission } from '@rackside/protocol';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePermission } from './use-organisation';

export type GuardedButtonProps = Pick<
  ButtonProps,
  | 'variant'
  | 'size'
  | 'color'
  | 'startIcon'
  | 'children'
  | 'sx'
  | 'onClick'
  | 'loading'
  | 'type'
  | 'className'
  | 'disabled'
  | 'aria-describedby'
> & {
  readonly permission: Permission;
  /** A link (react-router) when allowed. */
  readonly to?: string;
  /** Where the reason sits under the button. */
  readonly reasonAlign?: 'flex-start' | 'flex-end';
};

export function GuardedButton({ permission, to, reasonAlign = 'flex-start', ...props }: GuardedButtonProps) {
  const { allowed, reason } = usePermission(permission);
  const id = useId();
  if (allowed && to === undefined) return <Button {...props} />;
  // a link takes no button click handler; a denied action none at all (and stays focusable: no `disabled`)
  const { onClick: _click, disabled, className, ...rest } = props;
  if (allowed && to !== undefined)
    return <Button {...rest} disabled={disabled} className={className} component={RouterLink} to={to} />;
  return (
    <Stack component="span" sx={{ alignItems: reasonAlign, gap: 0.25 }}>
      <Button
        {...rest}
        type="button"
        aria-disabled="true"
        aria-describedby={reason ? id : undefined}
        className={[className, buttonClasses.disabled].filter(Boolean).join(' ')}
        disableRipple
      />
      {reason ? (
        <Typography id={id} variant="caption" color="textSecondary">
          {reason}
        </Typography>
      ) : null}
    </Stack>
  );
}
