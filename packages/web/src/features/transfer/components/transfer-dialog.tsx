import {
  Alert,
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
import {
  ALL_TICKS,
  AMP_TICKS,
  UAC_LEVELS,
  exportSettings,
  planImport,
  type DeviceState,
  type ModelInfo,
  type UacLevel,
} from '@rackside/protocol';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../shared/ui/icons';
import { transferAccess } from '../access';
import type { CompareAmp } from '../compare-amps';
import { batchSets, applyBatches, restoreSets, type SetFn } from '../apply-plan';
import type { LoadedFile } from '../load-file';
import { lockedGroupsOf, runImport, type ImportResult, type LockApi } from '../run-import';
import { TRANSFER_NS } from '../transfer-i18n';
import { CompareSection } from './compare-section';
import { ExportSection } from './export-section';
import { ImportPreview } from './import-preview';
import { ImportResultMessage } from './import-result';
import { ImportSection } from './import-section';

export interface TransferDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly deviceName: string;
  readonly model: ModelInfo;
  /** The amp's live state. */
  readonly state: DeviceState;
  /** The amp's client write (device API set), in local or cloud mode alike. */
  readonly set: SetFn;
  /** spec 2 §6: false for a guest on a password-protected amp (and a disconnected one). Default true. */
  readonly canWrite?: boolean;
  /** spec 3 §6: the UAC level of `ampSettingsImportExport` on this amp. Default Write. */
  readonly uacLevel?: UacLevel;
  /** The /lockedProperties calls a file with locked properties needs; without them such a file fails to import. */
  readonly locks?: LockApi;
  /** The other connected amps this amp can be compared with, and the diff of one of them. */
  readonly compareAmps?: readonly CompareAmp[];
  readonly renderAmpComparison?: (amp: CompareAmp) => ReactNode;
}

/** spec 3 §2 Import/Export dialog, with the preview, the restore and the comparisons of issue 17. */
export function TransferDialog(props: TransferDialogProps) {
  const { open, onClose, deviceName, model, state, set } = props;
  const { t } = useTranslation(TRANSFER_NS);
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [ticks, setTicks] = useState(ALL_TICKS);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // the amp before the import and its export: what a partial import restores
  const undo = useRef<{ before: DeviceState; backup: ReturnType<typeof exportSettings> } | null>(null);

  const access = transferAccess({
    canWrite: props.canWrite ?? true,
    uacLevel: props.uacLevel ?? UAC_LEVELS.Write,
    hasLockedGroup: Object.keys(lockedGroupsOf(state)).length > 0,
  });
  const effectiveTicks = loaded?.locked ? ALL_TICKS : ticks;
  const plan = useMemo(
    () => (loaded ? planImport(loaded.file, state, model, effectiveTicks) : null),
    [loaded, state, model, effectiveTicks],
  );
  const busy = progress !== null;
  const canImport =
    plan !== null &&
    !busy &&
    access.importBlock === null &&
    (loaded?.locked === true || AMP_TICKS.some((tick) => ticks[tick]));

  const handleLoaded = (next: LoadedFile | null) => {
    setLoaded(next);
    setResult(null);
  };

  const handleImport = async () => {
    if (!plan || !loaded) return;
    undo.current = { before: state, backup: exportSettings(state, model, ALL_TICKS) };
    setResult(null);
    setProgress({ done: 0, total: 0 });
    const onProgress = (done: number, total: number) => setProgress({ done, total });
    const outcome = await runImport({ loaded, plan, state, model, set, locks: props.locks, onProgress });
    setProgress(null);
    setLoaded(null);
    setResult(outcome);
  };

  const handleRestore = async () => {
    if (result?.kind !== 'partial' || !undo.current) return;
    setResult({ ...result, restore: 'restoring' });
    const { before, backup } = undo.current;
    const sets = restoreSets(backup, before, model, result.applied);
    const outcome = await applyBatches(batchSets(sets), set);
    setResult({ ...result, restore: outcome.ok ? 'restored' : 'failed' });
  };

  const blockedReason = access.importBlock ? t(`access.${access.importBlock}`) : null;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="transfer-title" fullWidth maxWidth="md">
      <DialogTitle id="transfer-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {access.hidden ? <Alert severity="info">{t('access.locked')}</Alert> : null}
          {access.exportShown === 'yes' ? <ExportSection deviceName={deviceName} state={state} model={model} /> : null}
          {access.exportShown === 'lockedTuning' ? (
            <Alert severity="info" icon={<LockIcon fontSize="inherit" />}>
              {t('export.lockedTuning')}
            </Alert>
          ) : null}
          {access.hidden ? null : (
            <>
              <Divider />
              <ImportSection
                loaded={loaded}
                onLoaded={handleLoaded}
                ticks={ticks}
                onTicks={setTicks}
                disabled={busy}
                blockedReason={blockedReason}
              />
            </>
          )}
          {plan && !busy ? <ImportPreview plan={plan} /> : null}
          {progress ? (
            <Stack spacing={1} role="status">
              <Typography variant="body2">{t('import.progress', progress)}</Typography>
              <LinearProgress
                variant="determinate"
                aria-label={t('import.heading')}
                value={progress.total === 0 ? 0 : (100 * progress.done) / progress.total}
              />
            </Stack>
          ) : null}
          {result ? <ImportResultMessage result={result} onRestore={() => void handleRestore()} /> : null}
          <Divider />
          <CompareSection
            state={state}
            model={model}
            amps={props.compareAmps ?? []}
            {...(props.renderAmpComparison ? { renderAmp: props.renderAmpComparison } : {})}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? t('close') : t('cancel')}
        </Button>
        {access.hidden ? null : (
          <Button variant="contained" disabled={!canImport} onClick={() => void handleImport()}>
            {t('import.button')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
