import { Alert, Button, Stack, Typography } from '@mui/material';
import { parseTransferFile, verifyTransferFile, type TransferFile, type TransferTicks } from '@rackside/protocol';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_NS } from '../transfer-i18n';
import { TickList } from './tick-list';

/** A file read, parsed and verified: ready to preview and import. */
export interface LoadedFile {
  readonly name: string;
  readonly file: TransferFile;
  /** spec 3 §2: a file with locked properties hides the ticks and imports everything. */
  readonly locked: boolean;
}

const readText = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

type Refusal = 'invalid' | 'missingDeviceId' | 'badSignature' | 'missingKey';

/** spec 3 §4/§5: choosing a file parses it, checks its signature when it has one; a refused file is not loaded. */
async function load(chosen: File): Promise<{ ok: true; loaded: LoadedFile } | { ok: false; refusal: Refusal }> {
  const parsed = parseTransferFile(await readText(chosen).catch(() => ''));
  if (!parsed.ok) return { ok: false, refusal: 'invalid' };
  const verified = await verifyTransferFile(parsed.file);
  if (!verified.ok) return { ok: false, refusal: verified.reason };
  const locked = Object.keys(parsed.file.lockedProperties?.groups ?? {}).length > 0;
  return { ok: true, loaded: { name: chosen.name, file: parsed.file, locked } };
}

/** The import half of the dialog: the file input, the refusal message, the ticks (or the locked note). */
export function ImportSection(props: {
  loaded: LoadedFile | null;
  onLoaded: (loaded: LoadedFile | null) => void;
  ticks: TransferTicks;
  onTicks: (ticks: TransferTicks) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(TRANSFER_NS);
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again reloads it
    if (!chosen) return;
    const r = await load(chosen);
    setRefusal(r.ok ? null : r.refusal);
    props.onLoaded(r.ok ? r.loaded : null);
  };
  return (
    <Stack component="section" aria-labelledby="transfer-import-heading" spacing={1}>
      <Typography id="transfer-import-heading" variant="h6" component="h3">
        {t('import.heading')}
      </Typography>
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
