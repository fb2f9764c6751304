/** Issue 18: the 'Link channels' dialog: a checkbox per channel of the amp, Link (two or more), Unlink all, Cancel. */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { AmpState } from '@rackside/protocol';
import { useLinksText } from './links-i18n';

export interface LinkDialogProps {
  readonly state: AmpState;
  /** The channels linked now (the boxes start ticked), or the channel shown when none is. */
  readonly initial: readonly number[];
  readonly linked: boolean;
  readonly onLink: (channels: number[]) => void;
  readonly onUnlink: () => void;
  readonly onClose: () => void;
}

export const channelNumbers = (state: AmpState): number[] =>
  Object.keys(state.channels)
    .map(Number)
    .sort((a, b) => a - b);

export function LinkDialog({ state, initial, linked, onLink, onUnlink, onClose }: LinkDialogProps) {
  const { t } = useLinksText();
  const titleId = useId();
  const [chosen, setChosen] = useState<readonly number[]>(initial);
  const toggle = (n: number) => setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : [...c, n]));
  const enough = chosen.length >= 2;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('link.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('link.intro')}</DialogContentText>
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">{t('link.channels')}</FormLabel>
          <FormGroup>
            {channelNumbers(state).map((n) => (
              <FormControlLabel
                key={n}
                control={<Checkbox checked={chosen.includes(n)} onChange={() => toggle(n)} />}
                label={t('link.channel', { n, name: state.channels[String(n)]?.output.name ?? '' })}
              />
            ))}
          </FormGroup>
          {enough ? null : <FormHelperText>{t('link.pickTwo')}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions>
        {linked ? (
          <Button color="warning" onClick={onUnlink} sx={{ mr: 'auto' }}>
            {t('link.unlinkAll')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('link.cancel')}</Button>
        <Button variant="contained" disabled={!enough} onClick={() => onLink([...chosen])}>
          {t('link.link')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
