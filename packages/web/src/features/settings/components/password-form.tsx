/**
 * The fields of one password mode (spec 2 §5): errors show once a field was edited; the button is enabled only when
 * the form may be sent; a refused current password shows the amp's 'InvalidPassword' and keeps what was typed.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import type { PasswordOutcome } from '../change-password';
import {
  EMPTY_PASSWORD_VALUES,
  FIELDS_OF,
  passwordFormSchema,
  type PasswordField,
  type PasswordFormError,
  type PasswordMode,
  type PasswordValues,
} from '../password-form';
import { SETTINGS_NS } from '../settings-i18n';

const LABEL = { current: 'password.current', next: 'password.new', confirm: 'password.confirm' } as const;
const SUBMIT = { protect: 'password.protect', change: 'password.change', remove: 'password.remove' } as const;
const AUTOCOMPLETE = { current: 'current-password', next: 'new-password', confirm: 'new-password' } as const;
const RULE_VALUES = { min: PASSWORD_MIN_LENGTH, special: PASSWORD_SPECIAL_CHARACTERS };

export interface PasswordFormProps {
  mode: PasswordMode;
  disabled: boolean;
  onSubmit: (values: PasswordValues) => Promise<PasswordOutcome>;
}

export function PasswordForm({ mode, disabled, onSubmit }: PasswordFormProps) {
  const { t } = useTranslation(SETTINGS_NS);
  const [visible, setVisible] = useState(false);
  const [refused, setRefused] = useState(false);
  const { register, handleSubmit, formState } = useForm<PasswordValues>({
    mode: 'onChange',
    defaultValues: EMPTY_PASSWORD_VALUES,
    resolver: zodResolver(passwordFormSchema(mode)),
  });
  const { errors, dirtyFields, isSubmitted, isValid, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setRefused(false);
    setRefused((await onSubmit(values)) === 'invalidPassword');
  });
  const shownError = (field: PasswordField): string | undefined => {
    const key = errors[field]?.message as PasswordFormError | undefined;
    return key && (dirtyFields[field] || isSubmitted) ? t(`password.errors.${key}`, RULE_VALUES) : undefined;
  };
  const helper = (field: PasswordField) =>
    shownError(field) ?? (field === 'next' && mode === 'change' ? t('password.rules', RULE_VALUES) : undefined);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)} sx={{ maxWidth: 480 }}>
      {refused ? (
        <Alert severity="error">
          {t('password.errors.invalidPassword')} {t('password.errors.invalidPasswordHint')}
        </Alert>
      ) : null}
      {FIELDS_OF[mode].map((field) => {
        const { ref, ...rest } = register(field, field === 'next' ? { deps: ['confirm'] } : undefined);
        return (
          <TextField
            key={field}
            {...rest}
            inputRef={ref}
            size="small"
            type={visible ? 'text' : 'password'}
            label={t(LABEL[field])}
            autoComplete={AUTOCOMPLETE[field]}
            disabled={disabled}
            error={shownError(field) !== undefined}
            helperText={helper(field)}
          />
        );
      })}
      <FormControlLabel
        label={t('password.show')}
        control={<Checkbox checked={visible} disabled={disabled} onChange={(e) => setVisible(e.target.checked)} />}
      />
      <Button
        type="submit"
        // a red outline rather than a red fill: white on the dark theme's red is too faint (WCAG contrast)
        variant={mode === 'remove' ? 'outlined' : 'contained'}
        color={mode === 'remove' ? 'error' : 'primary'}
        disabled={disabled || !isValid || isSubmitting}
        loading={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t(SUBMIT[mode])}
      </Button>
    </Stack>
  );
}
