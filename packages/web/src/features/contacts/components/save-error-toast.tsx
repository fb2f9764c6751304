import { Alert, Snackbar } from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastKey = 'contactsAnErrorOccurredWhileSaving' | 'removeFailed';

/** The contact screens' error notice (spec 1 §8: a 2-second toast). */
export function useToast() {
  const [shown, setShown] = useState<{ key: ToastKey; n: number } | null>(null);
  return {
    shown,
    show: (key: ToastKey) => setShown((s) => ({ key, n: (s?.n ?? 0) + 1 })),
    hide: () => setShown(null),
  };
}

export function SaveErrorToast({ toast }: { toast: ReturnType<typeof useToast> }) {
  const { t } = useTranslation('contacts');
  const { shown, hide } = toast;
  return (
    <Snackbar
      key={shown?.n}
      open={shown !== null}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && hide()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" onClose={hide} sx={{ width: '100%' }}>
        {shown ? t(`errors.${shown.key}`) : null}
      </Alert>
    </Snackbar>
  );
}
