import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS } from '../incidents-i18n';
import { IncidentList } from './incident-list';
import { useIncidents } from './use-incidents';

function AmpIncidents({ deviceId }: { deviceId: string }) {
  const incidents = useIncidents({ deviceId });
  return <IncidentList incidents={incidents} showAmp={false} />;
}

/** One amp's incidents with their timelines (issue 15: the timeline per amp), from the cloud amp detail. */
export function AmpIncidentsDialog({
  deviceId,
  ampName,
  open,
  onClose,
}: {
  deviceId: string;
  ampName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(INCIDENTS_NS);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle>{t('amp.title', { amp: ampName })}</DialogTitle>
      <DialogContent dividers>{open ? <AmpIncidents deviceId={deviceId} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('amp.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
