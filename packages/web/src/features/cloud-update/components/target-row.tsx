/**
 * One amp of a rollout (spec 1 §4): its phase, the amp's firmware status ('Starting' above 240 s), the countdown
 * while it updates, why it was skipped or failed (spec 1 §8), and the per-board statuses after FinishedFlash.
 */
import { Box, Button, Chip, ListItem, Stack, Typography, type ChipProps } from '@mui/material';
import { formatCountdown, isSubBoardOk, type RolloutTarget, type RolloutTargetState } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { boardsOf, failureKey, isInFlight, remainingSeconds, showsBoards, shownStatus, statusKey } from '../progress';

const PHASE_COLOR: Record<RolloutTargetState, ChipProps['color']> = {
  pending: 'default',
  skipped: 'default',
  starting: 'info',
  inProgress: 'info',
  requestFailed: 'error',
  success: 'success',
  failure: 'error',
  cancelled: 'default',
};

/** States in which the amp's firmware status says something about this update. */
const ATTEMPTED: readonly RolloutTargetState[] = ['starting', 'inProgress', 'success', 'failure'];

export function TargetRow(props: { target: RolloutTarget; now: number; onHistory: () => void }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const { target } = props;
  const labelId = useId();
  const remaining = remainingSeconds(target.sentAt, props.now);
  const status = shownStatus(target, remaining);
  const key = status === null ? undefined : statusKey(status);
  const failure = target.failedBy === null ? null : failureKey(target.failedBy);
  const failed = target.state === 'failure' || target.state === 'requestFailed';
  return (
    <ListItem disableGutters divider aria-labelledby={labelId} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.25}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography id={labelId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {target.name}
          </Typography>
          <Chip size="small" color={PHASE_COLOR[target.state]} label={t(`phase.${target.state}`)} />
          {isInFlight(target) && target.sentAt !== null ? (
            <Typography
              variant="body2"
              role="timer"
              aria-label={t('progress.countdownLabel', { name: target.name })}
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatCountdown(remaining)}
            </Typography>
          ) : null}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t('progress.target', {
            venue: target.venueName,
            model: target.modelId,
            from: target.fromVersion,
            to: target.toVersion,
          })}
        </Typography>
        {ATTEMPTED.includes(target.state) && status !== null ? (
          <Typography variant="body2">
            {t('progress.firmwareStatus', { status: key ? t(`statuses.${key}`) : status })}
          </Typography>
        ) : null}
        {target.state === 'skipped' && target.skipReason !== null ? (
          <Typography variant="body2">{t('progress.skipped', { reason: t(`skip.${target.skipReason}`) })}</Typography>
        ) : null}
        {failed && target.failedBy !== null ? (
          <Typography variant="body2" color="error">
            {failure ? t(`failure.${failure}`) : t('failure.other', { status: target.failedBy })}
          </Typography>
        ) : null}
        {showsBoards(target) ? <Boards target={target} /> : null}
      </Stack>
      <Button size="small" onClick={props.onHistory} aria-label={t('selection.historyLabel', { name: target.name })}>
        {t('selection.history')}
      </Button>
    </ListItem>
  );
}

function Boards({ target }: { target: RolloutTarget }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('progress.boards')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {boardsOf(target.boards).map(({ key, status }) => {
          const ok = isSubBoardOk(status);
          return (
            <Typography component="li" variant="body2" key={key} color={ok ? undefined : 'error'}>
              {t(`progress.board.${key}`)}: {ok ? t('progress.boardOk') : status}
            </Typography>
          );
        })}
      </Box>
    </Box>
  );
}
