/**
 * spec 3 §2/§4 "Speaker tunings", under the channel's Crossover tab: export (optionally locked), import, unlock and
 * reset to defaults of this channel's tuning. The channel tabs are store-agnostic and rendered bare in their tests,
 * so the section shows only inside the app's providers (the device store and connection manager).
 */
import { lazy, Suspense, useContext, useId, useState } from 'react';
import { ReactReduxContext } from 'react-redux';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { ModelInfo } from '@rackside/protocol';
import { PadlockIcon } from '../../../shared/ui/value-slider-lock';
import { useTuningsText } from '../tunings-i18n';
import { useTuningDevice } from '../use-tuning-device';
import type { TuningState } from './tuning-types';
import { ResetTuningDialog } from './reset-tuning-dialog';
import { UnlockTuningDialog } from './unlock-tuning-dialog';

const ExportTuningDialog = lazy(() =>
  import('./export-tuning-dialog').then((m) => ({ default: m.ExportTuningDialog })),
);
const ImportTuningDialog = lazy(() =>
  import('./import-tuning-dialog').then((m) => ({ default: m.ImportTuningDialog })),
);

/** What the section takes from the channel tab. */
export interface SpeakerTuningsProps {
  readonly ampId: string;
  readonly channel: number;
  readonly model: ModelInfo;
  /** `/amp`, complete (the tab's state): what an export reads and an import compares with. */
  readonly state: TuningState['amp'];
  /** False when the user may not change this channel's tuning (guest on a protected amp, read-only UAC). */
  readonly writable: boolean;
}

export function SpeakerTunings(props: SpeakerTuningsProps) {
  return useContext(ReactReduxContext) ? <TuningsSection {...props} /> : null;
}

type Open = 'export' | 'import' | 'unlock' | 'reset' | null;

function TuningsSection({ ampId, channel, model, state, writable }: SpeakerTuningsProps) {
  const { t } = useTuningsText();
  const titleId = useId();
  const device = useTuningDevice(ampId, channel);
  const [open, setOpen] = useState<Open>(null);
  const [resetError, setResetError] = useState(false);
  const enabled = device.connected && device.canWrite && writable;
  const close = () => setOpen(null);
  const { locks } = device;
  const dialogProps = { device, channel, model, state: { amp: state }, onClose: close };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h4" id={titleId}>
        {t('title')}
      </Typography>
      {!device.connected && <Alert severity="warning">{t('offline')}</Alert>}
      {device.connected && !enabled && (
        <Typography variant="body2" color="textSecondary">
          {t('readOnly')}
        </Typography>
      )}
      {locks.kind !== 'none' && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <PadlockIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">{t('locked')}</Typography>
        </Stack>
      )}
      {(locks.kind === 'many' || locks.kind === 'notUnlockable') && (
        <Typography variant="body2" color="textSecondary">
          {t('lockedElsewhere')}
        </Typography>
      )}
      {resetError && (
        <Alert severity="error" onClose={() => setResetError(false)}>
          {t('reset.error')}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {/* spec 3 §4: "Export is hidden after a locked tuning has been imported" */}
        {locks.kind === 'none' && (
          <Button variant="outlined" disabled={!enabled} onClick={() => setOpen('export')}>
            {t('actions.export')}
          </Button>
        )}
        <Button variant="outlined" disabled={!enabled} onClick={() => setOpen('import')}>
          {t('actions.import')}
        </Button>
        {locks.kind === 'one' && (
          <>
            <Button variant="outlined" disabled={!enabled} onClick={() => setOpen('unlock')}>
              {t('actions.unlock')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={!enabled}
              onClick={() => {
                setResetError(false);
                setOpen('reset');
              }}
            >
              {t('actions.reset')}
            </Button>
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {open === 'export' && <ExportTuningDialog {...dialogProps} />}
        {open === 'import' && <ImportTuningDialog {...dialogProps} />}
      </Suspense>
      {open === 'unlock' && locks.kind === 'one' && (
        <UnlockTuningDialog device={device} channel={channel} groupId={locks.groupId} onClose={close} />
      )}
      {open === 'reset' && locks.kind === 'one' && (
        <ResetTuningDialog
          device={device}
          channel={channel}
          groupId={locks.groupId}
          onClose={close}
          onError={() => setResetError(true)}
        />
      )}
    </Box>
  );
}
