import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Snackbar,
} from '@mui/material';
import { ERROR_SNACKBAR_AUTO_HIDE_MS, SNACKBAR_AUTO_HIDE_MS } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveAmpMutation } from '../api/venues-api';
import type { CloudAmp } from '../venue-overview';

/**
 * One removal at a time, shared by the card that starts it and the snackbar that reports it: the card leaves the
 * list when the removal succeeds, the snackbar (mounted beside the list) stays.
 */
const REMOVAL = { fixedCacheKey: 'venues-remove-amp' } as const;

/** spec 1 §2 Remove: asks to confirm with the amp's name and IP, then removes it (DELETE /devices/{id}). */
export function RemoveAmpDialog(props: { amp: CloudAmp; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('venues');
  const titleId = useId();
  const [remove] = useRemoveAmpMutation(REMOVAL);
  const { summary } = props.amp;
  const name = summary.deviceName || t('amp.unnamed');
  const confirm = () => {
    props.onClose();
    void remove({ ampId: summary.ampId, name });
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('remove.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {summary.ipAddress ? t('remove.confirm', { name, ip: summary.ipAddress }) : t('remove.confirmNoIp', { name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('remove.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm}>
          {t('remove.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * spec 1 §2 Remove snackbar: 'Removing…' while the call runs, 'Removed' (auto-hides after 2 s), or the error with OK
 * (spec 1 §8 'There was an error removing the amplifier'; error snackbars hide after 5 s).
 */
export function RemoveAmpSnackbar() {
  const { t } = useTranslation('venues');
  const [, result] = useRemoveAmpMutation(REMOVAL);
  const name = result.data?.name ?? '';
  const open = result.isLoading || result.isSuccess || result.isError;
  const close = () => result.reset();
  const autoHide = result.isError ? ERROR_SNACKBAR_AUTO_HIDE_MS : result.isSuccess ? SNACKBAR_AUTO_HIDE_MS : null;
  return (
    <Snackbar
      key={result.requestId}
      open={open}
      autoHideDuration={autoHide}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {result.isError ? (
        <Alert
          severity="error"
          variant="filled"
          action={
            <Button color="inherit" size="small" onClick={close}>
              {t('remove.ok')}
            </Button>
          }
        >
          {t('remove.failed')}
        </Alert>
      ) : (
        <Alert severity={result.isSuccess ? 'success' : 'info'} variant="filled">
          {result.isSuccess ? t('remove.removed', { name }) : t('remove.removing')}
        </Alert>
      )}
    </Snackbar>
  );
}
