import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Import/Export belongs to a later issue (spec 3): the entry says so rather than opening a screen that is not there. */
export function ImportExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['amps', 'common']);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="import-export-title">
      <DialogTitle id="import-export-title">{t('importExport.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('importExport.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common:actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
