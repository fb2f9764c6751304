import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@rackside/protocol';
import { useId, useState } from 'react';
import { PasswordTextField } from '../../../shared/forms/password-text-field';
import { useAddPasskeyMutation } from '../api/passkeys-api';
import { passkeyErrorKey, usePasskeysText } from '../passkeys-i18n';
import { usePasswordToggleLabels } from './form-field';

/**
 * Adds a passkey (issue 21): a name, then the browser's ceremony. When the sign-in is older than the cloud allows, the
 * cloud answers RecentSignInRequired and the dialog asks for the password too. A cancelled ceremony says so and
 * adds nothing; the dialog stays open to try again.
 */
export function PasskeyAddDialog(props: {
  open: boolean;
  onAdded: (passkey: PasskeyInfo) => void;
  onClose: () => void;
}) {
  const { t } = usePasskeysText();
  const toggleLabels = usePasswordToggleLabels();
  const titleId = useId();
  const [add, { isLoading }] = useAddPasskeyMutation();
  const [name, setName] = useState(() => t('add.defaultName'));
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [error, setError] = useState<ReturnType<typeof passkeyErrorKey> | null>(null);

  const submit = async () => {
    if (name.trim() === '' || (askPassword && password === '')) return setError('errors.RequiredFieldsMissing');
    const result = await add({ name: name.trim(), ...(askPassword ? { password } : {}) });
    if (result.data) {
      setError(null);
      setPassword('');
      props.onAdded(result.data.passkey);
      return;
    }
    const key = passkeyErrorKey(result.error);
    if (key === 'errors.RecentSignInRequired') setAskPassword(true);
    setError(key);
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('add.text')}</DialogContentText>
            <TextField
              label={t('add.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
            />
            {askPassword ? (
              <>
                <DialogContentText>{t('add.passwordText')}</DialogContentText>
                <PasswordTextField
                  label={t('add.password')}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="current-password"
                  toggleLabels={toggleLabels}
                />
              </>
            ) : null}
            {error && !(askPassword && error === 'errors.RecentSignInRequired') ? (
              <Alert severity="error">{t(error)}</Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('add.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
