/**
 * Issue 18: the 'Link channels' dialog: a checkbox per channel of the amp, and one per other amp whose same channel (the
 * one shown) can be linked; Link (two channels or more, or another amp), Unlink all, Cancel.
 */
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
import type { LinkableAmp } from './other-amps';

export interface LinkDialogProps {
  readonly state: AmpState;
  /** The channels linked now (the boxes start ticked), or the channel shown when none is. */
  readonly initial: readonly number[];
  readonly linked: boolean;
  /** The channel whose link across amps the second part sets. */
  readonly channel: number;
  /** The other amps that can link that channel, and those linked now (ticked at first). */
  readonly amps: readonly LinkableAmp[];
  readonly initialAmps: readonly string[];
  readonly onLink: (channels: number[], amps: string[]) => void;
  readonly onUnlink: () => void;
  readonly onClose: () => void;
}

export const channelNumbers = (state: AmpState): number[] =>
  Object.keys(state.channels)
    .map(Number)
    .sort((a, b) => a - b);

const toggled = <T,>(list: readonly T[], x: T): readonly T[] =>
  list.includes(x) ? list.filter((y) => y !== x) : [...list, x];

export function LinkDialog(props: LinkDialogProps) {
  const { state, initial, linked, channel, amps, onLink, onUnlink, onClose } = props;
  const { t } = useLinksText();
  const titleId = useId();
  const [chosen, setChosen] = useState<readonly number[]>(initial);
  const [chosenAmps, setChosenAmps] = useState<readonly string[]>(props.initialAmps);
  const toggle = (n: number) => setChosen((c) => toggled(c, n));
  const enough = chosen.length >= 2 || chosenAmps.length > 0;
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
          {enough ? null : <FormHelperText>{t(amps.length > 0 ? 'link.pickTwoOrAmp' : 'link.pickTwo')}</FormHelperText>}
        </FormControl>
        <FormControl component="fieldset" variant="standard" sx={{ mt: 2, display: 'flex' }}>
          <FormLabel component="legend">{t('link.across')}</FormLabel>
          <FormHelperText sx={{ mt: 0 }}>
            {t(amps.length > 0 ? 'link.acrossHelp' : 'link.acrossNone', { n: channel })}
          </FormHelperText>
          <FormGroup>
            {amps.map((a) => (
              <FormControlLabel
                key={a.ampId}
                control={
                  <Checkbox
                    checked={chosenAmps.includes(a.ampId)}
                    onChange={() => setChosenAmps((c) => toggled(c, a.ampId))}
                  />
                }
                label={a.connected ? a.name : t('link.ampOffline', { name: a.name })}
              />
            ))}
          </FormGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        {linked ? (
          <Button color="warning" onClick={onUnlink} sx={{ mr: 'auto' }}>
            {t('link.unlinkAll')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('link.cancel')}</Button>
        <Button variant="contained" disabled={!enough} onClick={() => onLink([...chosen], [...chosenAmps])}>
          {t('link.link')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
