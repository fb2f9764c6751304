/** spec 2 §2/§5: the 'enter new value' dialog a slider's value opens: current, min and max, and a number field. */
import { useState, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canSaveEntry, checkEntry } from '@rackside/protocol';
import { useUiText } from './value-slider-i18n';

export interface EntryDialogProps {
  /** What is being entered (the slider's label). */
  label: string;
  /** Texts as shown to the user, already in the display unit. */
  current: string;
  min: number;
  max: number;
  decimals: number;
  unit?: string | undefined;
  /** A valid entry, in the display unit. */
  onSave: (value: number) => void;
  /** Escape, Cancel, a backdrop click, or Save/Enter on an empty field. */
  onClose: () => void;
}

/** Mount it only while open, so each opening starts empty. */
export function EntryDialog({ label, current, min, max, decimals, unit, onSave, onClose }: EntryDialogProps) {
  const t = useUiText();
  const [text, setText] = useState('');
  const check = checkEntry(text, { min, max });
  const canSave = canSaveEntry(check);
  const withUnit = (v: string) => (unit ? `${v} ${unit}` : v);

  const save = () => {
    if (check.kind === 'valid') onSave(check.value);
    else if (check.kind === 'empty') onClose();
  };
  const handleKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (canSave) save();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="value-entry-title" maxWidth="xs" fullWidth>
      <DialogTitle id="value-entry-title">{t('ui.enterNewValue')}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="body2">{t('ui.current', { value: withUnit(current) })}</Typography>
        <Typography variant="body2">{t('ui.min', { value: withUnit(min.toFixed(decimals)) })}</Typography>
        <Typography variant="body2">{t('ui.max', { value: withUnit(max.toFixed(decimals)) })}</Typography>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="number"
          label={t('ui.newValue')}
          value={text}
          error={!canSave}
          helperText={canSave ? ' ' : t('ui.outOfRange')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          slotProps={{ htmlInput: { min, max, step: 'any', inputMode: 'decimal' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ui.cancel')}</Button>
        <Button onClick={save} disabled={!canSave} variant="contained">
          {t('ui.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
