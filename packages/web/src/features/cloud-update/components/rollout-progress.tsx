/**
 * The progress view (spec 1 §2, §4): polled every 2 s while the rollout may still send jobs (every 10 s while the
 * live stream brings its changes, issue 20); the overall status of the amps attempted beside the rollout's own
 * state, Pause/Resume/Cancel, each wave with its amps, and the step log.
 */
import { Alert, Box, Button, Chip, List, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import { isRolloutActive, type Rollout, type RolloutState } from '@rackside/protocol';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLivePollingInterval } from '../../../shared/cloud/live-status';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { rolloutsApi, useGetRolloutQuery } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { isInFlight, overallOf, waveStatus, wavesOf } from '../progress';
import { formatVersions, formatWhen } from '../rollout-format';
import { RolloutActions } from './rollout-actions';
import { RolloutLog } from './rollout-log';
import { TargetRow } from './target-row';
import { useNow } from './use-now';

/** How often an active rollout is read again. */
export const ROLLOUT_POLL_MS = 2000;
/**
 * How often while the live stream is open: its `rollout` events refetch the rollout as it moves; the poll still
 * catches the amps' firmware statuses between two moves.
 */
export const ROLLOUT_LIVE_POLL_MS = 10_000;

const STATE_COLOR: Record<RolloutState, ChipProps['color']> = {
  running: 'info',
  paused: 'warning',
  stopped: 'error',
  cancelled: 'default',
  completed: 'success',
};

export function RolloutProgress(props: {
  rolloutId: string;
  onBack: () => void;
  onHistory: (amp: { deviceId: string; name: string }) => void;
}) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const cached = rolloutsApi.endpoints.getRollout.useQueryState(props.rolloutId);
  const active = cached.data === undefined || isRolloutActive(cached.data.state);
  const poll = useLivePollingInterval(ROLLOUT_POLL_MS, ROLLOUT_LIVE_POLL_MS);
  const { data, isLoading, refetch } = useGetRolloutQuery(props.rolloutId, { pollingInterval: active ? poll : 0 });
  useRefreshWhenEnded(data);
  const now = useNow(data?.targets.some(isInFlight) ?? false);

  if (isLoading) return <LoadingScreen />;
  if (!data)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('progress.loadFailed')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
          <Button onClick={props.onBack}>{t('progress.back')}</Button>
        </Stack>
      </Stack>
    );
  const waves = wavesOf(data.targets);
  return (
    <Stack spacing={2}>
      <Summary rollout={data} />
      {isRolloutActive(data.state) ? (
        <RolloutActions rollout={data} onFailed={() => void refetch()} />
      ) : (
        <Box>
          <Button variant="outlined" onClick={props.onBack}>
            {t('progress.newUpdate')}
          </Button>
        </Box>
      )}
      {waves.map(({ wave, targets }) => (
        <Wave key={wave} rollout={data} wave={wave} count={Math.max(data.waveCount, waves.length)}>
          {targets.map((target) => (
            <TargetRow key={target.deviceId} target={target} now={now} onHistory={() => props.onHistory(target)} />
          ))}
        </Wave>
      ))}
      <RolloutLog rollout={data} />
    </Stack>
  );
}

/** When the rollout ends, what it changed (versions, the active rollout, the list) is read again. */
function useRefreshWhenEnded(rollout: Rollout | undefined) {
  const dispatch = useDispatch();
  const seenActive = useRef(false);
  const active = rollout ? isRolloutActive(rollout.state) : false;
  useEffect(() => {
    if (active) seenActive.current = true;
    else if (seenActive.current) {
      seenActive.current = false;
      dispatch(rolloutsApi.util.invalidateTags(['Rollouts', 'Venues']));
    }
  }, [active, dispatch]);
}

function Summary({ rollout }: { rollout: Rollout }) {
  const { t, i18n } = useTranslation(CLOUD_UPDATE_NS);
  const overall = overallOf(rollout);
  const counts = rollout.counts;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('progress.heading')}
        </Typography>
        <Chip color={STATE_COLOR[rollout.state]} label={t(`progress.state.${rollout.state}`)} />
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t('progress.started', { at: formatWhen(rollout.createdAt, i18n.language) })} ·{' '}
        {t('progress.versions', { versions: formatVersions(rollout.versions) })}
      </Typography>
      <Alert
        role="status"
        severity={overall === 'success' ? 'success' : overall === 'failure' ? 'error' : 'info'}
        sx={{ mt: 1 }}
      >
        <Typography sx={{ fontWeight: 600 }}>
          {overall === null ? t('progress.overallNone') : t(`progress.overall.${overall}`)}
        </Typography>
        <Typography variant="body2">
          {rollout.state === 'stopped'
            ? t('progress.stateNote.stopped', { reason: rollout.stopReason ?? t('progress.stoppedUnknown') })
            : t(`progress.stateNote.${rollout.state}`)}
        </Typography>
        <Typography variant="body2">
          {t('progress.counts', {
            success: counts.success,
            failure: counts.failure + counts.requestFailed,
            skipped: counts.skipped,
            total: rollout.total,
          })}
        </Typography>
      </Alert>
    </Paper>
  );
}

function Wave(props: { rollout: Rollout; wave: number; count: number; children: React.ReactNode }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const headingId = useId();
  const targets = props.rollout.targets.filter((x) => x.wave === props.wave);
  const status = waveStatus(props.rollout, props.wave, targets);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('progress.wave', { number: props.wave + 1, count: props.count })}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`progress.waveStatus.${status}`)} />
      </Stack>
      <List dense disablePadding>
        {props.children}
      </List>
    </Paper>
  );
}
