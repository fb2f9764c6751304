import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Deleting a contact (spec 1 §7 DELETE /contacts/{id}) asks first, naming it; Cancel has the focus. */
export function DeleteContactDialog(props: {
  open: boolean;
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="delete-contact-title">
      <DialogTitle id="delete-contact-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.text', { name: props.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('delete.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={props.onConfirm} loading={props.busy}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
