import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** spec 1 §8: an account error in a dialog; OK resets the request (the caller clears `message`). */
export function ErrorDialog(props: { title: 'authTitle' | 'errorTitle'; message: string | null; onClose: () => void }) {
  const { t } = useTranslation('cloud-auth');
  return (
    <Dialog open={props.message !== null} onClose={props.onClose} aria-labelledby="cloud-error-title">
      <DialogTitle id="cloud-error-title">{t(`dialog.${props.title}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('dialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
