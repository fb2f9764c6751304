/**
 * Pause (running), Resume (paused, or stopped by its threshold) and Cancel of a rollout; Cancel asks first and Keep
 * updating has the focus.
 */
import { Alert, Button, Stack } from '@mui/material';
import type { Rollout, RolloutAction } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useRolloutActionMutation } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { rolloutErrorKey, type RolloutErrorKey } from '../rollout-format';

export function RolloutActions({ rollout, onFailed }: { rollout: Rollout; onFailed: () => void }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const [act, actState] = useRolloutActionMutation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<RolloutErrorKey | null>(null);
  const busy = (action: RolloutAction) => actState.isLoading && actState.originalArgs?.action === action;

  const handle = async (action: RolloutAction) => {
    setError(null);
    try {
      await act({ rolloutId: rollout.rolloutId, action }).unwrap();
    } catch (e) {
      setError(rolloutErrorKey(errorNameOf(e)));
      onFailed();
    }
    setConfirmCancel(false);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        {rollout.state === 'running' ? (
          <Button variant="outlined" onClick={() => void handle('pause')} loading={busy('pause')}>
            {t('progress.pause')}
          </Button>
        ) : null}
        {rollout.state === 'paused' || rollout.state === 'stopped' ? (
          <Button variant="contained" onClick={() => void handle('resume')} loading={busy('resume')}>
            {t('progress.resume')}
          </Button>
        ) : null}
        <Button color="error" onClick={() => setConfirmCancel(true)}>
          {t('progress.cancel')}
        </Button>
      </Stack>
      {error !== null ? (
        <Alert severity="error" onClose={() => setError(null)}>
          {t('progress.actionFailed', { reason: t(`errors.${error}`) })}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        title={t('progress.cancelTitle')}
        text={t('progress.cancelText')}
        cancelLabel={t('progress.cancelKeep')}
        confirmLabel={t('progress.cancelConfirm')}
        busy={busy('cancel')}
        onConfirm={() => void handle('cancel')}
        onClose={() => setConfirmCancel(false)}
      />
    </Stack>
  );
}
