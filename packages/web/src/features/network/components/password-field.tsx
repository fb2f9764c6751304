/** A password input with a show/hide button. */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';

const EyeIcon = ({ off, ...p }: SvgIconProps & { off: boolean }) => (
  <SvgIcon {...p}>
    <path
      d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    />
    <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth={2} />
    {off ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth={2} strokeLinecap="round" /> : null}
  </SvgIcon>
);

export interface PasswordFieldProps {
  label: string;
  value: string;
  disabled: boolean;
  error?: boolean | undefined;
  helperText?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
}

export function PasswordField({ label, value, disabled, error, helperText, onChange, onBlur }: PasswordFieldProps) {
  const { t } = useTranslation(NETWORK_NS);
  const [shown, setShown] = useState(false);
  return (
    <TextField
      size="small"
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      disabled={disabled}
      error={error === true}
      helperText={helperText}
      autoComplete="new-password"
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                disabled={disabled}
                aria-label={t(shown ? 'actions.hidePassword' : 'actions.showPassword')}
                onClick={() => setShown((s) => !s)}
              >
                <EyeIcon off={shown} fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
