import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useSecondFactorWithPasskeyMutation, useSignInWithPasskeyMutation } from '../api/passkeys-api';
import { passkeyErrorKey, usePasskeysText } from '../passkeys-i18n';

/**
 * A passkey sign-in button (issue 21): passwordless on the sign-in page, or (with the password step's `challenge`) the
 * second step instead of a code. A right passkey puts the session in the store, and the sign-in page moves on; a
 * failure (a cancelled prompt included) shows below the button and changes nothing.
 */
export function PasskeySignInButton(props: { challenge?: string; variant?: 'outlined' | 'text' }) {
  const { t } = usePasskeysText();
  const [passwordless, passwordlessState] = useSignInWithPasskeyMutation();
  const [secondFactor, secondFactorState] = useSecondFactorWithPasskeyMutation();
  const [error, setError] = useState<ReturnType<typeof passkeyErrorKey> | null>(null);
  const { challenge } = props;

  const handleClick = async () => {
    setError(null);
    const result = challenge === undefined ? await passwordless() : await secondFactor({ challenge });
    if (result.error) setError(passkeyErrorKey(result.error));
  };

  return (
    <>
      <Button
        variant={props.variant ?? 'outlined'}
        size="large"
        loading={passwordlessState.isLoading || secondFactorState.isLoading}
        onClick={() => void handleClick()}
      >
        {t(challenge === undefined ? 'signIn.passkey' : 'signIn.usePasskey')}
      </Button>
      {error ? <Alert severity="error">{t(error)}</Alert> : null}
    </>
  );
}
