import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNameOf } from '../../shared/cloud/cloud-error';
import { authErrorKey, type AuthFlow } from './error-messages';

/** The message of a flow's last failure, for its error dialog: `fail(error)` shows it, `clear()` is the dialog's OK. */
export function useErrorMessage() {
  const { t } = useTranslation('cloud-auth');
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    fail: (flow: AuthFlow, error: unknown) => setMessage(t(authErrorKey(flow, errorNameOf(error)))),
    clear: () => setMessage(null),
  };
}
