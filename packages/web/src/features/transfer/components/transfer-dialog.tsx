import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { ALL_TICKS, AMP_TICKS, exportSettings, planImport, type DeviceState, type ModelInfo } from '@rackside/protocol';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyBatches, batchSets, restoreSets, type SetFn } from '../apply-plan';
import { TRANSFER_NS } from '../transfer-i18n';
import { ExportSection } from './export-section';
import { ImportPreview } from './import-preview';
import { ImportResultMessage, type ImportResult } from './import-result';
import { ImportSection, type LoadedFile } from './import-section';

export interface TransferDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly deviceName: string;
  readonly model: ModelInfo;
  /** The amp's live state. */
  readonly state: DeviceState;
  /** The amp's client write (device API set), in local or cloud mode alike. */
  readonly set: SetFn;
}

/** spec 3 §2 Import/Export dialog, with the preview and the restore of issue 17. */
export function TransferDialog({ open, onClose, deviceName, model, state, set }: TransferDialogProps) {
  const { t } = useTranslation(TRANSFER_NS);
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [ticks, setTicks] = useState(ALL_TICKS);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // the amp before the import and its export: what a partial import restores
  const undo = useRef<{ before: DeviceState; backup: ReturnType<typeof exportSettings> } | null>(null);

  const effectiveTicks = loaded?.locked ? ALL_TICKS : ticks;
  const plan = useMemo(
    () => (loaded ? planImport(loaded.file, state, model, effectiveTicks) : null),
    [loaded, state, model, effectiveTicks],
  );
  const busy = progress !== null;
  const canImport = plan !== null && !busy && (loaded?.locked === true || AMP_TICKS.some((tick) => ticks[tick]));

  const handleLoaded = (next: LoadedFile | null) => {
    setLoaded(next);
    setResult(null);
  };

  const handleImport = async () => {
    if (!plan) return;
    undo.current = { before: state, backup: exportSettings(state, model, ALL_TICKS) };
    const batches = batchSets(plan.sets);
    setResult(null);
    setProgress({ done: 0, total: batches.length });
    const outcome = await applyBatches(batches, set, (done) => setProgress({ done, total: batches.length }));
    setProgress(null);
    setLoaded(null);
    if (outcome.ok) setResult({ kind: 'done', unsupported: plan.unsupported.map((u) => u.item) });
    else if (outcome.applied.length === 0) setResult({ kind: 'failed' });
    else setResult({ kind: 'partial', ...outcome, restore: 'offered' });
  };

  const handleRestore = async () => {
    if (result?.kind !== 'partial' || !undo.current) return;
    setResult({ ...result, restore: 'restoring' });
    const { before, backup } = undo.current;
    const sets = restoreSets(backup, before, model, result.applied);
    const outcome = await applyBatches(batchSets(sets), set);
    setResult({ ...result, restore: outcome.ok ? 'restored' : 'failed' });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="transfer-title" fullWidth maxWidth="md">
      <DialogTitle id="transfer-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ExportSection deviceName={deviceName} state={state} model={model} />
          <Divider />
          <ImportSection loaded={loaded} onLoaded={handleLoaded} ticks={ticks} onTicks={setTicks} disabled={busy} />
          {plan && !busy ? <ImportPreview plan={plan} /> : null}
          {progress ? (
            <Stack spacing={1} role="status">
              <Typography variant="body2">{t('import.progress', progress)}</Typography>
              <LinearProgress
                variant="determinate"
                aria-label={t('import.heading')}
                value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total}
              />
            </Stack>
          ) : null}
          {result ? <ImportResultMessage result={result} onRestore={() => void handleRestore()} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? t('close') : t('cancel')}
        </Button>
        <Button variant="contained" disabled={!canImport} onClick={() => void handleImport()}>
          {t('import.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
