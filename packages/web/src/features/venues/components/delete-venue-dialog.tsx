import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Where deleting a venue is: asking 'Are you sure', refused because it holds amps, or not shown. */
export type DeleteStep = 'confirm' | 'refused' | null;

/** spec 1 §2: 'Cannot delete a venue that contains amps', else 'Are you sure' with the venue's name. */
export function DeleteVenueDialog(props: {
  step: DeleteStep;
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('venues');
  const refused = props.step === 'refused';
  return (
    <Dialog open={props.step !== null} onClose={props.onClose} aria-labelledby="delete-venue-title">
      <DialogTitle id="delete-venue-title">{t(refused ? 'settings.delete' : 'settings.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {refused ? t('settings.cannotDelete') : t('settings.confirmText', { name: props.name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {refused ? (
          <Button onClick={props.onClose} autoFocus>
            {t('settings.ok')}
          </Button>
        ) : (
          <>
            <Button onClick={props.onClose}>{t('settings.cancel')}</Button>
            <Button color="error" variant="contained" onClick={props.onConfirm} loading={props.busy}>
              {t('settings.delete')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
