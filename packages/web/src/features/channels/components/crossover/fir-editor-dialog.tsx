/**
 * The custom FIR editor of the crossover's low-pass (spec 2 §2/§5): comma-separated coefficients, validated with the
 * protocol's parser (at most 2048: 'too many coefficients specified').
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatFirCoefficients, MAX_FIR_COEFFICIENTS, parseFirCoefficients } from '@rackside/protocol';
import { useChannelsText } from '../../i18n';

export interface FirEditorDialogProps {
  /** The coefficients as the amp holds them. */
  initial: string;
  readonly: boolean;
  onSave: (coefficients: string) => void;
  onClose: () => void;
}

/** Mount only while open. */
export function FirEditorDialog({ initial, readonly, onSave, onClose }: FirEditorDialogProps) {
  const { t } = useChannelsText();
  const [text, setText] = useState(initial);
  const parsed = parseFirCoefficients(text);
  const message = parsed.ok
    ? t('fir.count', { count: parsed.coefficients.length })
    : parsed.code === 'tooMany'
      ? t('fir.tooMany')
      : t('fir.notANumber', { index: parsed.index + 1, token: parsed.token });

  return (
    <Dialog open onClose={onClose} aria-labelledby="fir-editor-title" fullWidth maxWidth="md">
      <DialogTitle id="fir-editor-title">{t('fir.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('fir.coefficients')}
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          margin="dense"
          value={text}
          disabled={readonly}
          error={!parsed.ok}
          helperText={`${message} · ${t('fir.help', { max: MAX_FIR_COEFFICIENTS })}`}
          onChange={(e) => setText(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        {!readonly && <Button onClick={() => setText('')}>{t('fir.clear')}</Button>}
        <Button onClick={onClose}>{t('fir.close')}</Button>
        {!readonly && (
          <Button
            variant="contained"
            disabled={!parsed.ok}
            onClick={() => parsed.ok && onSave(formatFirCoefficients(parsed.coefficients))}
          >
            {t('fir.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
