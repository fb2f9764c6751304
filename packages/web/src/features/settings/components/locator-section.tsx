/**
 * spec 2 §4 Find me: turning it on makes the amp flash its lights and shows a dialog saying so; Stop (or closing the
 * dialog) clears `misc.findMe`. The dialog also closes when the amp stops by itself.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useAmpState, useAmpSummary, useDeviceWrite } from '../../../device';
import { SETTINGS_NS } from '../settings-i18n';
import { SettingsSection } from './settings-section';

export function LocatorSection({ ampId }: { ampId: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  const findMe = useAmpState(ampId, (s) => s?.misc?.findMe === true);
  const name = useAmpSummary(ampId)?.deviceName || ampId;
  const { canWrite, set } = useDeviceWrite(ampId);
  const [asked, setAsked] = useState(false);
  const [seenOn, setSeenOn] = useState(false);
  const id = useId();
  // once the amp said it flashes, its stopping by itself (after 5 minutes, or another console) ends the dialog
  if (asked && findMe && !seenOn) setSeenOn(true);
  if (asked && seenOn && !findMe) {
    setAsked(false);
    setSeenOn(false);
  }

  const start = async () => {
    if (await set('/misc', { findMe: true })) setAsked(true);
  };
  const stop = () => {
    setAsked(false);
    setSeenOn(false);
    void set('/misc', { findMe: false });
  };
  return (
    <SettingsSection title={t('locator.title')}>
      <div>
        <FormControlLabel
          label={t('locator.findMe')}
          control={
            <Switch
              checked={findMe}
              disabled={!canWrite}
              onChange={(e) => (e.target.checked ? void start() : stop())}
              slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
            />
          }
        />
        <FormHelperText id={`${id}-help`}>{t('locator.findMeHelp')}</FormHelperText>
      </div>
      <Dialog open={asked} onClose={stop} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>{t('locator.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('locator.dialogText', { name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={stop} autoFocus>
            {t('locator.stop')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
