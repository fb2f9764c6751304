import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import type { Plan } from '../selection';

/** Starting a rollout asks first, naming how many amps and the waves; Cancel has the focus. */
export function StartDialog(props: {
  open: boolean;
  count: number;
  waves: readonly number[];
  plan: Plan | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const titleId = useId();
  const { plan, waves } = props;
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {props.count === 1 ? t('confirm.titleOne') : t('confirm.title', { count: props.count })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {waves.length === 1
            ? t('confirm.wavesOne')
            : t('confirm.waves', { count: waves.length, sizes: waves.join(' + ') })}{' '}
          {t('confirm.threshold', { percent: plan?.failureThresholdPercent ?? 0 })}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{plan?.force ? t('confirm.force') : t('confirm.noForce')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t('confirm.keepPowered')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={props.onConfirm} loading={props.busy}>
          {t('confirm.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
