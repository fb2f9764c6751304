import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS, SeverityIcon, loadIncidentScreens } from '../../incidents';

const AmpIncidentsDialog = lazy(async () => ({ default: (await loadIncidentScreens()).AmpIncidentsDialog }));

/** issue 15: the amp's incidents and their timelines, from the cloud amp detail's header. */
export function AmpIncidentsButton({ ampId, ampName }: { ampId: string; ampName: string }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('amp.open')}>
        <IconButton aria-label={t('amp.open')} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SeverityIcon severity="Warning" color="inherit" />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <AmpIncidentsDialog deviceId={ampId} ampName={ampName} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
