import { Alert, Button, Stack, Typography } from '@mui/material';
import type { TransferTicks } from '@rackside/protocol';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTransferFile, type LoadedFile, type Refusal } from '../load-file';
import { TRANSFER_NS } from '../transfer-i18n';
import { TickList } from './tick-list';

/** The import half of the dialog: the file input, the refusal message, the ticks (or the locked note). */
export function ImportSection(props: {
  loaded: LoadedFile | null;
  onLoaded: (loaded: LoadedFile | null) => void;
  ticks: TransferTicks;
  onTicks: (ticks: TransferTicks) => void;
  disabled: boolean;
  /** spec 3 §6: why Import is disabled for this user on this amp (shown above the file input), if it is. */
  blockedReason?: string | null;
}) {
  const { t } = useTranslation(TRANSFER_NS);
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again reloads it
    if (!chosen) return;
    const r = await loadTransferFile(chosen);
    setRefusal(r.ok ? null : r.refusal);
    props.onLoaded(r.ok ? r.loaded : null);
  };
  return (
    <Stack component="section" aria-labelledby="transfer-import-heading" spacing={1}>
      <Typography id="transfer-import-heading" variant="h6" component="h3">
        {t('import.heading')}
      </Typography>
      {props.blockedReason ? <Alert severity="info">{props.blockedReason}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled={props.disabled} onClick={() => input.current?.click()}>
          {t('import.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="transfer-file-input"
          onChange={(e) => void choose(e)}
        />
        <Typography variant="body2">
          {props.loaded ? t('import.file', { name: props.loaded.name }) : t('import.none')}
        </Typography>
      </Stack>
      {refusal ? (
        <Alert severity="error">{t(refusal === 'invalid' ? 'import.invalid' : `failure.${refusal}`)}</Alert>
      ) : null}
      {props.loaded?.locked ? <Alert severity="info">{t('import.locked')}</Alert> : null}
      {props.loaded && !props.loaded.locked ? (
        <TickList ticks={props.ticks} onChange={props.onTicks} label={t('import.heading')} />
      ) : null}
    </Stack>
  );
}
