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
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { PasswordTextField } from '../../../shared/forms/password-text-field';

const SUBMIT = { protect: 'password.protect', change: 'password.change', remove: 'password.remove' } as const;
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
  const form = useForm<PasswordValues>({
    mode: 'onChange',
    defaultValues: EMPTY_PASSWORD_VALUES,
    resolver: zodResolver(passwordFormSchema(mode)),
  });
  const { register, handleSubmit, formState } = form;
  const { errors, dirtyFields, isSubmitted, isValid, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setRefused(false);
    setRefused((await onSubmit(values)) === 'invalidPassword');
  });
  const shownError = (field: PasswordField): string | undefined => {
    const key = errors[field]?.message as PasswordFormError | undefined;
    return key && (dirtyFields[field] || isSubmitted) ? t(`password.errors.${key}`, RULE_VALUES) : undefined;
  };
  const fields = FIELDS_OF[mode];
  const { ref: currentRef, ...current } = register('current');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)} sx={{ maxWidth: 480 }}>
      {refused ? (
        <Alert severity="error">
          {t('password.errors.invalidPassword')} {t('password.errors.invalidPasswordHint')}
        </Alert>
      ) : null}
      {fields.includes('current') ? (
        <PasswordTextField
          {...current}
          inputRef={currentRef}
          size="small"
          visible={visible}
          label={t('password.current')}
          autoComplete="current-password"
          disabled={disabled}
          error={shownError('current') !== undefined}
          helperText={shownError('current')}
        />
      ) : null}
      {fields.includes('next') ? (
        <NewPasswordFields
          form={form}
          names={{ password: 'next', confirm: 'confirm' }}
          labels={{ password: t('password.new'), confirm: t('password.confirm') }}
          errorOf={shownError}
          // spec 2 §5: only Change applies the rules; Protect needs a matching non-empty password
          rules={mode === 'change' ? { text: t('password.rules', RULE_VALUES), at: 'hint' } : undefined}
          visible={visible}
          size="small"
          disabled={disabled}
          recheckConfirm
        />
      ) : null}
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
