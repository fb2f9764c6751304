/** One 802.1X file slot (spec 2 §3/§5): choose a file, see why it was refused, its upload status and the amp's flags. */
import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dot1xFileSlot } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import type { OnAmp } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';
import type { SlotState } from '../use-dot1x-files';

/** spec 2 §5: certificates accept .cer, .crt, .pem; the key accepts .key (a hint to the file dialog only). */
const ACCEPT: Record<Dot1xFileSlot, string> = {
  CaCert: '.cer,.crt,.pem',
  ClientCert: '.cer,.crt,.pem',
  ClientKey: '.key',
};

const STATUS_COLOR = { Sending: 'info.main', Parsing: 'info.main', Success: 'success.main', Failure: 'error.main' };

export interface FileSlotProps {
  slot: Dot1xFileSlot;
  state: SlotState;
  onAmp: OnAmp;
  disabled: boolean;
  onChoose: (file: File) => void;
}

export function FileSlot({ slot, state, onAmp, disabled, onChoose }: FileSlotProps) {
  const { t } = useTranslation(DOT1X_NS);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const label = t(`files.slots.${slot}`);
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 1.5 }}>
      <Typography id={titleId} variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button size="small" variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          {t('files.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPT[slot]}
          aria-label={t('files.chooseFor', { slot: label })}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again
            if (file) onChoose(file);
          }}
        />
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {state.file ? state.file.name : t('files.noFile')}
        </Typography>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: 0.5 }}>
        {state.status !== 'none' ? (
          <Typography variant="body2" sx={{ color: STATUS_COLOR[state.status], fontWeight: 600 }}>
            {t(`files.statuses.${state.status}`)}
          </Typography>
        ) : null}
      </Box>
      {state.error ? (
        <Typography variant="body2" color="error" role="alert">
          {t(`files.${state.error}`)}
        </Typography>
      ) : null}
      {state.message ? (
        <Typography variant="body2" color="textSecondary">
          {t('files.ampSaid', { message: state.message })}
        </Typography>
      ) : null}
      <Typography variant="caption" color="textSecondary">
        {t(`files.onAmp.${onAmp}`)}
      </Typography>
    </Paper>
  );
}
