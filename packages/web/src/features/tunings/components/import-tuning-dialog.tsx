/**
 * spec 3 §4: import a tuning file into this channel: choose, check (signature, locks on the channel), preview, then
 * apply with a progress bar and a result. A channel with more than one locked group, or with a group that also locks
 * other properties, refuses before anything is written; its one unlockable group is reset first.
 */
import { useId, useState, type ChangeEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { importBlock, tuningLockOf } from '@rackside/protocol';
import { importTuning, type TuningImportOutcome } from '../import-tuning';
import { loadTuningFile, type LoadedTuning } from '../load-tuning-file';
import { useTuningsText } from '../tunings-i18n';
import { TuningImportPreview } from './import-preview';
import type { TuningDialogProps } from './tuning-types';

type Run = { kind: 'idle' } | { kind: 'running'; percent: number } | { kind: 'done'; outcome: TuningImportOutcome };

export function ImportTuningDialog({ device, channel, model, state, onClose }: TuningDialogProps) {
  const { t } = useTuningsText();
  const titleId = useId();
  const inputId = useId();
  const [name, setName] = useState<string>();
  const [loaded, setLoaded] = useState<LoadedTuning>();
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const block = importBlock(device.locks);
  const ready = loaded?.ok === true && block === undefined && run.kind === 'idle' && device.mac !== undefined;

  const handleFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (!chosen) return;
    setName(chosen.name);
    setLoaded(undefined);
    void chosen
      .text()
      .then((text) => loadTuningFile(text, { state, model, channel }))
      .then(setLoaded, () => setLoaded({ ok: false, refusal: 'invalidFile' }));
  };

  const handleImport = async () => {
    if (loaded?.ok !== true || !device.mac) return;
    setRun({ kind: 'running', percent: 0 });
    const outcome = await importTuning(
      { file: loaded.file, plan: loaded.plan, locks: device.locks, model, mac: device.mac },
      device,
      (done, total) => setRun({ kind: 'running', percent: Math.round((100 * done) / total) }),
    );
    setRun({ kind: 'done', outcome });
  };

  const running = run.kind === 'running';
  return (
    <Dialog open onClose={running ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {run.kind === 'idle' && (
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
              <Button variant="outlined" component="label" htmlFor={inputId}>
                {t('actions.chooseFile')}
                <input
                  id={inputId}
                  data-testid="tuning-file-input"
                  type="file"
                  accept=".json,application/json"
                  hidden
                  onChange={handleFile}
                />
              </Button>
              {name && <Typography variant="body2">{t('import.fileName', { name })}</Typography>}
            </Stack>
          )}
          {loaded?.ok === false && <Alert severity="error">{t(`import.${loaded.refusal}`)}</Alert>}
          {loaded?.ok === true && block && run.kind === 'idle' && (
            <Alert severity="error">{t(`import.${block}`)}</Alert>
          )}
          {loaded?.ok === true && !block && run.kind === 'idle' && (
            <>
              <TuningImportPreview plan={loaded.plan} channel={channel} />
              {device.locks.kind === 'one' && <Alert severity="info">{t('import.replacesLock', { channel })}</Alert>}
              {tuningLockOf(loaded.file, model) && <Alert severity="info">{t('import.lockedFile', { channel })}</Alert>}
            </>
          )}
          {running && <LinearProgress variant="determinate" value={run.percent} aria-label={t('import.progress')} />}
          {run.kind === 'done' && <ImportResult outcome={run.outcome} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {run.kind === 'done' ? t('actions.close') : t('actions.cancel')}
        </Button>
        {run.kind !== 'done' && (
          <Button variant="contained" disabled={!ready} loading={running} onClick={() => void handleImport()}>
            {t('actions.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportResult({ outcome }: { outcome: TuningImportOutcome }) {
  const { t } = useTuningsText();
  if (outcome.ok) return <Alert severity="success">{t('import.succeeded')}</Alert>;
  if (outcome.failure === 'resetFailed') return <Alert severity="error">{t('import.resetFailed')}</Alert>;
  return (
    <Alert severity="error">
      <AlertTitle>{t('import.failed')}</AlertTitle>
      {t(`import.${outcome.failure}`)}
    </Alert>
  );
}
