/** A password input: hidden unless the form shows its passwords, or with its own show/hide button. */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { VisibilityIcon } from '../ui/icons';

export type PasswordTextFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Shown as text or not, by the form (a "show passwords" switch); the field then has no button of its own. */
  visible?: boolean | undefined;
  /** The names of the field's own show/hide button (when the form does not decide). */
  toggleLabels?: { show: string; hide: string } | undefined;
};

export function PasswordTextField({ visible, toggleLabels, ...rest }: PasswordTextFieldProps) {
  const [own, setOwn] = useState(false);
  const shown = visible ?? own;
  const toggle =
    visible === undefined && toggleLabels ? (
      <InputAdornment position="end">
        <IconButton
          aria-label={shown ? toggleLabels.hide : toggleLabels.show}
          onClick={() => setOwn((v) => !v)}
          edge="end"
        >
          <VisibilityIcon off={shown} />
        </IconButton>
      </InputAdornment>
    ) : null;
  return (
    <TextField
      {...rest}
      type={shown ? 'text' : 'password'}
      {...(toggle ? { slotProps: { ...rest.slotProps, input: { endAdornment: toggle } } } : {})}
    />
  );
}
