import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { twoFactorErrorKey, useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';
import { usePasswordToggleLabels } from './form-field';
import { PasswordTextField } from '../../../shared/forms/password-text-field';

type Failure = { error: unknown } | { error?: undefined };

/**
 * A code (and, to turn two-factor off, the current password) before a change of the second factor (issue 21): new
 * recovery codes, or turning it off. `onSubmit` answers the call's failure, if any.
 */
export function TwoFactorCodeForm(props: {
  kind: 'regenerate' | 'disable';
  onSubmit: (values: { code: string; password: string }) => Promise<Failure>;
  onCancel: () => void;
}) {
  const { t } = useTwoFactorText();
  const toggleLabels = usePasswordToggleLabels();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReturnType<typeof twoFactorErrorKey> | null>(null);
  const needsPassword = props.kind === 'disable';

  const submit = async () => {
    if (code.trim() === '' || (needsPassword && password === '')) return setError('errors.RequiredFieldsMissing');
    setBusy(true);
    const result = await props.onSubmit({ code: code.trim(), password });
    setBusy(false);
    if (result.error !== undefined) setError(twoFactorErrorKey(result.error));
  };

  return (
    <AuthCard
      title={t(needsPassword ? 'confirmCode.disableTitle' : 'confirmCode.regenerateTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography color="textSecondary">
        {t(needsPassword ? 'confirmCode.disableText' : 'confirmCode.regenerateText')}
      </Typography>
      {needsPassword ? (
        <PasswordTextField
          label={t('confirmCode.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          toggleLabels={toggleLabels}
        />
      ) : null}
      <TextField
        label={t('confirmCode.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
      />
      {error ? <Alert severity="error">{t(error)}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel}>{t('confirmCode.cancel')}</Button>
        <Button type="submit" variant="contained" loading={busy}>
          {t('confirmCode.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
