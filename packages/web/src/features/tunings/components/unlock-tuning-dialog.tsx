/** spec 3 §4/§5: unlock the channel's one locked group with its password; a wrong one is said in the field. */
import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { DeviceCallError } from '@rackside/device-client';
import { DeviceErrorCode } from '@rackside/protocol';
import { useTuningsText } from '../tunings-i18n';
import type { TuningDevice } from '../use-tuning-device';

type Failure = 'wrong' | 'error' | null;

export function UnlockTuningDialog(props: {
  device: TuningDevice;
  channel: number;
  groupId: string;
  onClose: () => void;
}) {
  const { t } = useTuningsText();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const { device, groupId, onClose } = props;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!device.mac) return setFailure('error');
    setBusy(true);
    setFailure(null);
    device.lockedProperties('unlock', { mac: device.mac, password, groupId }).then(
      () => onClose(),
      (err: unknown) => {
        setBusy(false);
        setFailure(isWrongPassword(err) ? 'wrong' : 'error');
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{t('unlock.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('unlock.text', { channel: props.channel })}</DialogContentText>
          <TextField
            type="password"
            label={t('unlock.password')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (failure === 'wrong') setFailure(null);
            }}
            error={failure === 'wrong'}
            helperText={failure === 'wrong' ? t('unlock.wrong') : undefined}
            autoFocus
            autoComplete="off"
            fullWidth
          />
          {failure === 'error' && <Alert severity="error">{t('unlock.error')}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={password === ''}>
            {t('actions.unlock')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** spec 3 §5: the amp's InvalidPassword refusal ("The provided password is incorrect"). */
function isWrongPassword(err: unknown): boolean {
  return err instanceof DeviceCallError && err.code === DeviceErrorCode.InvalidPassword;
}
