/** spec 2 §4: Save opens a warning dialog; only confirming sends the form. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DOT1X_NS } from '../dot1x-i18n';

export function SaveDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation([DOT1X_NS, 'common']);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="dot1x-save-title" aria-describedby="dot1x-save-text">
      <DialogTitle id="dot1x-save-title">{t('saveDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="dot1x-save-text">{t('saveDialog.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          {t('saveDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
