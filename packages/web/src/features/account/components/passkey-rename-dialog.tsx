import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@rackside/protocol';
import { useId, useState } from 'react';
import { useRenamePasskeyMutation } from '../api/passkeys-api';
import { passkeyErrorKey, usePasskeysText } from '../passkeys-i18n';

/** Renames one passkey (issue 21); closes when the cloud took the new name. */
export function PasskeyRenameDialog(props: { passkey: PasskeyInfo; onDone: () => void; onClose: () => void }) {
  const { t } = usePasskeysText();
  const titleId = useId();
  const [rename, { isLoading }] = useRenamePasskeyMutation();
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<ReturnType<typeof passkeyErrorKey> | null>(null);

  const submit = async () => {
    if (name.trim() === '') return setError('errors.RequiredFieldsMissing');
    const result = await rename({ id: props.passkey.id, name: name.trim() });
    if (result.error) return setError(passkeyErrorKey(result.error));
    props.onDone();
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t('rename.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('rename.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('rename.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('rename.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
