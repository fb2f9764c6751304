/**
 * spec 3 §4/§9: export this channel's tuning as `speaker-tunings.json`, optionally locked. With a password the
 * settings are locked on this amp (`lock`), the file carries the group with the amp's obfuscated key and is signed
 * with the amp's MAC; the export waits 250 ms first (spec 3 §4).
 */
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ALL_TUNING_TICKS,
  exportTuning,
  LockResultSchema,
  lockTuningFile,
  signTransferFile,
  tuningProperties,
  type TuningTicks,
} from '@rackside/protocol';
import { useTuningsText } from '../tunings-i18n';
import type { TuningDialogProps } from './tuning-types';
import { TuningTickList } from './tuning-ticks';

/** spec 3 §9 "download name speaker-tunings"; with .json so that file pickers and the import's filter know it. */
export const TUNING_FILE_NAME = 'speaker-tunings.json';
/** spec 3 §4: export generation waits 250 ms. */
export const EXPORT_DELAY_MS = 250;

type Status = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'ready'; href: string } | { kind: 'failed' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ExportTuningDialog({ device, channel, model, state, onClose }: TuningDialogProps) {
  const { t } = useTuningsText();
  const titleId = useId();
  const [ticks, setTicks] = useState<TuningTicks>(ALL_TUNING_TICKS);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const href = status.kind === 'ready' ? status.href : undefined;
  useEffect(() => (href ? () => URL.revokeObjectURL(href) : undefined), [href]);

  const locking = password !== '';
  // spec 3 §4: "Export with a lock needs a non-blank password and at least one selected setting"
  const invalid = !Object.values(ticks).some(Boolean) || (locking && password.trim() === '');
  const mismatch = locking && !invalid && confirm !== password;
  const busy = status.kind === 'preparing';

  const handleExport = async () => {
    setStatus({ kind: 'preparing' });
    await delay(EXPORT_DELAY_MS);
    try {
      let file = exportTuning(state, model, channel, ticks);
      if (locking) {
        if (!device.mac) throw new Error('the amp has not reported its MAC address');
        const properties = tuningProperties(model, channel, ticks);
        const reply = LockResultSchema.parse(
          await device.lockedProperties('lock', { mac: device.mac, key: password, properties }),
        );
        const group = { groupId: reply.groupId, key: reply.group.key, properties };
        file = await signTransferFile(lockTuningFile(file, channel, group), device.mac);
      }
      const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
      setStatus({ kind: 'ready', href: URL.createObjectURL(blob) });
    } catch {
      setStatus({ kind: 'failed' });
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('export.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TuningTickList ticks={ticks} onChange={setTicks} disabled={busy || href !== undefined} />
          <TextField
            type="password"
            label={t('export.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy || href !== undefined}
            autoComplete="new-password"
          />
          {locking && (
            <TextField
              type="password"
              label={t('export.confirm')}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              disabled={busy || href !== undefined}
              error={mismatch && confirm !== ''}
              helperText={mismatch && confirm !== '' ? t('export.mismatch') : undefined}
              autoComplete="new-password"
            />
          )}
          {locking && <Alert severity="info">{t('export.lockNote', { channel })}</Alert>}
          {invalid && <Alert severity="warning">{t('export.invalid')}</Alert>}
          {busy && (
            <div role="status">
              <Typography variant="body2">{t('export.preparing')}</Typography>
              <LinearProgress aria-label={t('export.preparing')} />
            </div>
          )}
          {status.kind === 'failed' && <Alert severity="error">{t('export.failed')}</Alert>}
          {href && (
            <Button variant="contained" href={href} download={TUNING_FILE_NAME}>
              {t('export.download', { name: TUNING_FILE_NAME })}
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {href ? t('actions.close') : t('actions.cancel')}
        </Button>
        {!href && (
          <Button variant="contained" disabled={invalid || mismatch || busy} onClick={() => void handleExport()}>
            {t('actions.export')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
