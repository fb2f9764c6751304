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
import { ERROR_SNACKBAR_AUTO_HIDE_MS, RELAY_CLOSE } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useAmpRoutes } from '../../../shared/amp-pages';
import { selectAmpEntry, useDeviceManager, type WithDevices } from '../../../device';

/** What the detail tells the user about the amp's connection (spec 2 §2 amp detail shell). */
export type ConnectionNotice = 'none' | 'closed' | 'couldNotConnect' | 'disconnected';

/**
 * The first failure after the amp was connected: 'Amplifier connection has closed' (Reconnect). Failing before ever
 * connecting: 'Could not connect to amplifier' (Retry). A second failure in a row, or the amp leaving the fleet while
 * open: the 'Amplifier Disconnected' dialog, whose Ok returns to the list.
 *
 * Through the cloud, an amp that went offline keeps 'Amplifier connection has closed' (Reconnect) while the client
 * keeps trying; an amp that is no longer the user's (moved to another account, removed) or a session whose sign-in
 * ended shows the dialog at once.
 */
export function connectionNotice(s: WithDevices, ampId: string, lost: boolean): ConnectionNotice {
  const entry = selectAmpEntry(s, ampId);
  if (lost) return 'disconnected';
  if (!entry || entry.connection === 'CONNECTED') return 'none';
  if (entry.remote) {
    const end = entry.remoteEnd;
    if (end === RELAY_CLOSE.Forbidden || end === RELAY_CLOSE.Unauthorized) return 'disconnected';
  } else if (entry.everConnected && entry.failures >= 2) return 'disconnected';
  if (entry.connection !== 'FAILED') return 'none';
  return entry.everConnected ? 'closed' : 'couldNotConnect';
}

export function ConnectionNotices({ ampId, lost }: { ampId: string; lost: boolean }) {
  const { t } = useTranslation(['amp-detail', 'common']);
  const manager = useDeviceManager();
  const navigate = useNavigate();
  const routes = useAmpRoutes();
  const notice = useSelector((s: WithDevices) => connectionNotice(s, ampId, lost));
  const failures = useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.failures ?? 0);
  const end = useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.remoteEnd ?? null);
  const why = end === RELAY_CLOSE.Forbidden ? 'moved' : end === RELAY_CLOSE.Unauthorized ? 'signedOut' : 'text';
  const [dismissed, setDismissed] = useState('');
  const key = `${notice}-${failures}`;
  if (notice === 'disconnected')
    return (
      <Dialog open aria-labelledby="amp-disconnected-title" aria-describedby="amp-disconnected-text">
        <DialogTitle id="amp-disconnected-title">{t('disconnected.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="amp-disconnected-text">{t(`disconnected.${why}`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => void navigate(routes.list)}>
            {t('common:actions.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  const open = notice !== 'none' && dismissed !== key;
  const closed = notice === 'closed';
  return (
    <Snackbar
      open={open}
      autoHideDuration={ERROR_SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && setDismissed(key)}
    >
      <Alert
        severity="error"
        variant="filled"
        action={
          <Button color="inherit" size="small" onClick={() => (setDismissed(key), manager.reconnect(ampId))}>
            {t(closed ? 'common:actions.reconnect' : 'common:actions.retry')}
          </Button>
        }
      >
        {t(closed ? 'snackbar.connectionClosed' : 'snackbar.couldNotConnect')}
      </Alert>
    </Snackbar>
  );
}
