import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ALL_TICKS, planImport, type DeviceState, type ImportPlan, type ModelInfo } from '@rackside/protocol';
import { useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompareAmp } from '../compare-amps';
import { loadTransferFile, type LoadedFile, type Refusal } from '../load-file';
import { TRANSFER_NS } from '../transfer-i18n';
import { ImportPreview } from './import-preview';

/** A comparison's diff: this amp's values → the file's or the other amp's, under every tick; nothing is written. */
export function ComparisonPreview({ plan, name }: { plan: ImportPlan; name: string }) {
  const { t } = useTranslation(TRANSFER_NS);
  const texts = {
    heading: t('compare.result', { name }),
    none: t('compare.none'),
    unsupported: t('compare.unsupported'),
  };
  return <ImportPreview plan={plan} texts={texts} />;
}

type Source = { kind: 'file'; loaded: LoadedFile } | { kind: 'amp'; ampId: string } | null;

/**
 * Beyond the vendor (issue 17): compare this amp with a saved file or with another connected amp, as the import
 * preview shows it, without importing. The other amp's diff is the store's to build (`renderAmp`).
 */
export function CompareSection(props: {
  state: DeviceState;
  model: ModelInfo;
  amps: readonly CompareAmp[];
  renderAmp?: (amp: CompareAmp) => ReactNode;
}) {
  const { state, model, amps, renderAmp } = props;
  const { t } = useTranslation(TRANSFER_NS);
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const loaded = source?.kind === 'file' ? source.loaded : null;
  const plan = useMemo(
    () => (loaded ? planImport(loaded.file, state, model, ALL_TICKS) : null),
    [loaded, state, model],
  );
  // an amp that left the fleet (or disconnected) is no longer compared
  const amp = source?.kind === 'amp' ? amps.find((a) => a.ampId === source.ampId) : undefined;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again reloads it
    if (!chosen) return;
    const r = await loadTransferFile(chosen);
    setRefusal(r.ok ? null : r.refusal);
    setSource(r.ok ? { kind: 'file', loaded: r.loaded } : null);
  };
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('compare.heading')}
      </Typography>
      <Typography variant="body2">{t('compare.note')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {t('compare.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="transfer-compare-file-input"
          onChange={(e) => void choose(e)}
        />
        {renderAmp && amps.length > 0 ? (
          <TextField
            select
            size="small"
            label={t('compare.amp')}
            value={amp?.ampId ?? ''}
            onChange={(e) => {
              setRefusal(null);
              setSource({ kind: 'amp', ampId: e.target.value });
            }}
            sx={{ minWidth: 240 }}
          >
            {amps.map((a) => (
              <MenuItem key={a.ampId} value={a.ampId}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      {refusal ? (
        <Alert severity="error">{t(refusal === 'invalid' ? 'import.invalid' : `failure.${refusal}`)}</Alert>
      ) : null}
      {loaded && plan ? <ComparisonPreview plan={plan} name={loaded.name} /> : null}
      {amp && renderAmp ? renderAmp(amp) : null}
    </Stack>
  );
}
