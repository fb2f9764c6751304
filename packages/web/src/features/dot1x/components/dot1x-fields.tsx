/** spec 2 §3/§5: mode, identity, anonymous identity, domain and password, with the required-field messages. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOT1X_MODES, type Dot1xMode } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import type { Dot1xValues } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';

export interface Dot1xFieldsProps {
  values: Dot1xValues;
  errors: { identity?: string; password?: string };
  disabled: boolean;
  onMode: (mode: Dot1xMode) => void;
  onChange: (field: Exclude<keyof Dot1xValues, 'mode'>, value: string) => void;
}

export function Dot1xFields({ values, errors, disabled, onMode, onChange }: Dot1xFieldsProps) {
  const { t } = useTranslation(DOT1X_NS);
  // the credentials mean nothing while 802.1X authentication is Disabled
  const off = disabled || values.mode === 'Disabled';
  const text = (field: 'identity' | 'anonymousIdentity' | 'domain') => (
    <TextField
      size="small"
      label={t(`fields.${field}`)}
      value={values[field]}
      disabled={off}
      error={field === 'identity' && errors.identity !== undefined}
      helperText={field === 'identity' ? errors.identity : undefined}
      slotProps={{ htmlInput: { maxLength: 128, spellCheck: false } }}
      onChange={(e) => onChange(field, e.target.value)}
    />
  );
  return (
    <>
      <TextField
        select
        size="small"
        label={t('mode')}
        value={values.mode}
        disabled={disabled}
        onChange={(e) => onMode(e.target.value as Dot1xMode)}
      >
        {DOT1X_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('identity')}
      {text('anonymousIdentity')}
      {text('domain')}
      <TextField
        size="small"
        type="password"
        label={t('fields.password')}
        value={values.password}
        disabled={off}
        error={errors.password !== undefined}
        helperText={errors.password}
        autoComplete="new-password"
        slotProps={{ htmlInput: { maxLength: 128 } }}
        onChange={(e) => onChange('password', e.target.value)}
      />
    </>
  );
}
