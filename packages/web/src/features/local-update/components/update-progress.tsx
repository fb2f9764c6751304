/**
 * spec 3 §2/§4: the progress view: the request status, the mm:ss countdown, each amp's progress, the outcome, and
 * the restart note for touch controllers once the update succeeded and the countdown is over.
 */
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCountdown, showsRestartNote } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import { overallOf, phaseOf, type AmpUpdate } from '../status';
import type { UpdateRun } from '../use-local-update';
import { AmpProgress } from './amp-progress';

export interface UpdateProgressProps {
  readonly run: UpdateRun;
  readonly hasTouchControllers: boolean;
  readonly onNewUpdate: () => void;
}

export function UpdateProgress({ run, hasTouchControllers, onNewUpdate }: UpdateProgressProps) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const headingId = useId();
  const countdownId = useId();
  const updates = run.ampIds.map((id) => run.updates[id]).filter((u): u is AmpUpdate => u !== undefined);
  const overall = overallOf(updates);
  const failed = updates.filter((u) => phaseOf(u) !== 'success').length;
  const restart = showsRestartNote(overall === 'success' ? 'success' : 'failure', run.remaining, hasTouchControllers);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('progress.heading')}
        </Typography>
        <Box sx={{ textAlign: 'right' }}>
          <Typography id={countdownId} variant="caption" color="textSecondary" component="p">
            {t('progress.countdown')}
          </Typography>
          <Typography
            role="timer"
            aria-labelledby={countdownId}
            sx={{ fontVariantNumeric: 'tabular-nums', fontSize: '1.5rem', fontWeight: 600 }}
          >
            {formatCountdown(run.remaining)}
          </Typography>
        </Box>
      </Stack>
      <Box role="status" aria-live="polite">
        {overall === 'inProgress' && run.request !== 'none' ? (
          <Alert severity={run.request === 'failure' ? 'error' : 'info'}>{t(`progress.request.${run.request}`)}</Alert>
        ) : null}
        {overall === 'success' ? <Alert severity="success">{t('progress.overall.success')}</Alert> : null}
        {overall === 'failure' ? (
          <Alert severity="error">
            {run.request === 'failure'
              ? t('progress.request.failure')
              : t('progress.overall.failure', { failed, total: updates.length })}
          </Alert>
        ) : null}
      </Box>
      <List disablePadding aria-labelledby={headingId}>
        {updates.map((u) => (
          <AmpProgress key={u.ampId} update={u} remaining={run.remaining} />
        ))}
      </List>
      {restart ? <Alert severity="warning">{t('progress.restartNote')}</Alert> : null}
      <Box>
        <Button variant="outlined" disabled={overall === 'inProgress'} onClick={onNewUpdate}>
          {t('progress.newUpdate')}
        </Button>
      </Box>
    </Stack>
  );
}
