/** spec 2 §3/§5: mode, identity, anonymous identity, domain and password, with the required-field messages. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOT1X_MODES, type Dot1xMode } from '@rackside/protocol';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Dot1xValues } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';

type TextName = Exclude<keyof Dot1xValues, 'mode'>;

export interface Dot1xFieldsProps {
  control: Control<Dot1xValues>;
  /** The translated messages to show (at once: spec 2 §5). */
  errors: { identity?: string | undefined; password?: string | undefined };
  disabled: boolean;
  /** The user chose another mode (spec 2 §4: it clears file slots). */
  onModeChange: (mode: Dot1xMode) => void;
}

function Dot1xText({
  control,
  name,
  error,
  disabled,
}: {
  control: Control<Dot1xValues>;
  name: TextName;
  error?: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation(DOT1X_NS);
  const { field } = useController({ control, name });
  const password = name === 'password';
  return (
    <TextField
      size="small"
      label={t(`fields.${name}`)}
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={disabled}
      error={error !== undefined}
      helperText={error}
      {...(password ? { type: 'password', autoComplete: 'new-password' } : {})}
      slotProps={{ htmlInput: password ? { maxLength: 128 } : { maxLength: 128, spellCheck: false } }}
    />
  );
}

export function Dot1xFields({ control, errors, disabled, onModeChange }: Dot1xFieldsProps) {
  const { t } = useTranslation(DOT1X_NS);
  const { field: mode } = useController({ control, name: 'mode' });
  // the credentials mean nothing while 802.1X authentication is Disabled
  const off = disabled || mode.value === 'Disabled';
  const handleMode = (next: Dot1xMode) => {
    if (next === mode.value) return;
    mode.onChange(next);
    onModeChange(next);
  };
  return (
    <>
      <TextField
        select
        size="small"
        label={t('mode')}
        name={mode.name}
        value={mode.value}
        inputRef={mode.ref}
        disabled={disabled}
        onChange={(e) => handleMode(e.target.value as Dot1xMode)}
      >
        {DOT1X_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <Dot1xText control={control} name="identity" error={errors.identity} disabled={off} />
      <Dot1xText control={control} name="anonymousIdentity" disabled={off} />
      <Dot1xText control={control} name="domain" disabled={off} />
      <Dot1xText control={control} name="password" error={errors.password} disabled={off} />
    </>
  );
}
