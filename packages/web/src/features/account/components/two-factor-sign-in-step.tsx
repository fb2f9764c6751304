import { Alert, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useSignInTwoFactorMutation } from '../api/two-factor-api';
import { twoFactorErrorKey, useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** Errors after which the challenge is dead: the only way on is a new sign-in. */
const DEAD = new Set(['errors.CodeAttemptsExceeded', 'errors.TwoFactorChallengeInvalid']);

/**
 * The sign-in's second step (issue 21): the 6-digit code of the authenticator app, or one of the recovery codes. A
 * right code signs in (the sign-in page then moves on); a dead challenge sends the user back to the password. An account
 * with a passkey may use it instead of a code.
 */
export function TwoFactorSignInStep(props: { challenge: string; passkeys?: boolean; onRestart: () => void }) {
  const { t } = useTwoFactorText();
  const [signIn, { isLoading }] = useSignInTwoFactorMutation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ReturnType<typeof twoFactorErrorKey> | null>(null);

  const submit = async () => {
    if (code.trim() === '') {
      setError('errors.RequiredFieldsMissing');
      return;
    }
    const result = await signIn({ challenge: props.challenge, code: code.trim() });
    if (result.error) setError(twoFactorErrorKey(result.error));
  };
  const dead = error !== null && DEAD.has(error);

  return (
    <AuthCard
      title={t('signIn.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography color="textSecondary">{t(recovery ? 'signIn.recoveryText' : 'signIn.codeText')}</Typography>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={t(recovery ? 'signIn.recoveryCode' : 'signIn.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
        disabled={dead}
        slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric', maxLength: 32, spellCheck: false } }}
      />
      {error ? <Alert severity="error">{t(error)}</Alert> : null}
      {dead ? null : (
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          {t('signIn.submit')}
        </Button>
      )}
      {dead || props.passkeys !== true ? null : <PasskeySignInButton challenge={props.challenge} />}
      {dead ? null : (
        <Button
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {t(recovery ? 'signIn.useApp' : 'signIn.useRecovery')}
        </Button>
      )}
      <Button variant={dead ? 'contained' : 'text'} onClick={props.onRestart}>
        {t('signIn.back')}
      </Button>
    </AuthCard>
  );
}
