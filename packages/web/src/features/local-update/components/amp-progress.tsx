/**
 * One amp's update (spec 3 §4): upload progress, then the status the amp reports ('Starting' above 240 s), the
 * outcome, why it failed, and the per-component statuses once finished. Keeps the amp subscribed meanwhile.
 */
import { useId } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAmpModel, useAmpSubscription, useAmpSummary } from '../../../device';
import { LOCAL_UPDATE_NS } from '../local-update-i18n';
import {
  boardFields,
  displayedStatus,
  phaseOf,
  showsBoards,
  statusMessageKey,
  type AmpUpdate,
  type AmpUpdatePhase,
} from '../status';

/** Colours that keep text contrast (AA) on the page's surface: states in progress stay in the text colour. */
const PHASE_COLOR: Record<AmpUpdatePhase, string> = {
  uploading: 'text.primary',
  uploadFailed: 'error.main',
  updating: 'text.primary',
  success: 'success.main',
  failure: 'error.main',
  noResult: 'text.primary',
};

export function AmpProgress({ update, remaining }: { update: AmpUpdate; remaining: number }) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  useAmpSubscription(update.ampId, true);
  const summary = useAmpSummary(update.ampId);
  const model = useAmpModel(update.ampId);
  const titleId = useId();
  const name = summary?.deviceName || update.ampId;
  const phase = phaseOf(update);
  const status = displayedStatus(update, remaining);
  const statusKey = statusMessageKey(status);
  const percent = Math.round(update.sent * 100);
  return (
    <ListItem component="li" aria-labelledby={titleId} disableGutters sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography sx={{ color: PHASE_COLOR[phase], fontWeight: 600 }}>
          {t(`progress.phases.${phase}`, { percent })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('progress.image', { name: update.imageName })}
      </Typography>
      {phase === 'uploading' ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('progress.uploadLabel', { name })}
          sx={{ my: 0.5 }}
        />
      ) : null}
      {update.upload === 'failed' ? (
        <Typography variant="body2" color="error">
          {update.uploadReason
            ? t(`progress.uploadReasons.${update.uploadReason}`)
            : t('progress.ampSaid', { message: update.uploadMessage ?? '' })}
        </Typography>
      ) : null}
      {update.upload === 'accepted' ? (
        <Typography variant="body2" color={phase === 'failure' ? 'error' : undefined}>
          {statusKey ? t(`statuses.${statusKey}`) : status}
        </Typography>
      ) : null}
      {phase === 'noResult' ? <Typography variant="body2">{t('progress.noResult')}</Typography> : null}
      {showsBoards(update, remaining) ? <Boards update={update} channels={model?.channels ?? 8} /> : null}
    </ListItem>
  );
}

/** spec 3 §3/§4: power supply and amps 1-2, 3-4, 5-6, 7-8 as the model has them. */
function Boards({ update, channels }: { update: AmpUpdate; channels: number }) {
  const { t } = useTranslation(LOCAL_UPDATE_NS);
  const headingId = useId();
  const fields = boardFields(channels);
  const boardText = (s: string) =>
    s === 'Pending' || s === 'Flashing' || s === 'ok' ? t(`progress.boardStatuses.${s}`) : s || '—';
  return (
    <Stack sx={{ mt: 0.5, pl: 2 }}>
      <Typography id={headingId} variant="body2" color="textSecondary">
        {t('progress.components')}
      </Typography>
      <Stack component="dl" aria-labelledby={headingId} sx={{ m: 0 }}>
        {fields.map((field, i) => (
          <Stack key={field} direction="row" sx={{ gap: 1 }}>
            <Typography component="dt" variant="body2" sx={{ minWidth: 120 }}>
              {i === 0 ? t('progress.powerSupply') : t('progress.ampBoard', { from: 2 * i - 1, to: 2 * i })}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {boardText(update.last.boards[i] ?? '')}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
