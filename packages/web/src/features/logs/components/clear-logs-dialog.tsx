/** The confirmation before the amp's logs are cleared (it cannot be undone). */
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { LOGS_NS } from '../logs-i18n';

export interface ClearLogsDialogProps {
  open: boolean;
  ampName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ClearLogsDialog({ open, ampName, busy, onCancel, onConfirm }: ClearLogsDialogProps) {
  const { t } = useTranslation(LOGS_NS);
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{t('confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{t('confirmText', { name: ampName })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('cancel')}
        </Button>
        <Button color="error" variant="outlined" onClick={onConfirm} loading={busy}>
          {t('clear')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
