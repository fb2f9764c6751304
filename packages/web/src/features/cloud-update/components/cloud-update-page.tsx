/**
 * spec 1 §2 /update in cloud mode: the selection view, or the progress view of the running rollout (or the one named
 * by `?rollout=`: just started, or a past one); the past rollouts; each amp's firmware history. The selection and the
 * plan live here, so a refused start or a look at another rollout loses neither.
 */
import { Box, Stack, Typography } from '@mui/material';
import { ROLLOUT_DEFAULTS } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailedMessage } from '../../../shared/ui/load-failed-message';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useGetRolloutCandidatesQuery } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import type { PlanForm } from '../selection';
import { HistoryDialog, type HistoryAmp } from './history-dialog';
import { PastRollouts } from './past-rollouts';
import { RolloutProgress } from './rollout-progress';
import { UpdateSelection } from './update-selection';

const DEFAULT_PLAN: PlanForm = {
  canary: String(ROLLOUT_DEFAULTS.canary),
  percent: String(ROLLOUT_DEFAULTS.percent),
  failureThresholdPercent: String(ROLLOUT_DEFAULTS.failureThresholdPercent),
  force: false,
};

export function CloudUpdatePage() {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const [params, setParams] = useSearchParams();
  const { data, isLoading, refetch } = useGetRolloutCandidatesQuery();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [plan, setPlan] = useState<PlanForm>(DEFAULT_PLAN);
  const [historyOf, setHistoryOf] = useState<HistoryAmp | null>(null);
  const shown = params.get('rollout') ?? data?.activeRolloutId ?? null;
  const showHistory = (amp: HistoryAmp) => setHistoryOf({ deviceId: amp.deviceId, name: amp.name });

  if (isLoading) return <LoadingScreen />;
  if (!data && shown === null)
    return (
      <LoadFailedMessage
        title={t('title')}
        message={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 960 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {shown !== null ? (
          <RolloutProgress key={shown} rolloutId={shown} onBack={() => setParams({})} onHistory={showHistory} />
        ) : data ? (
          <>
            <Typography color="textSecondary">{t('intro')}</Typography>
            <UpdateSelection
              candidates={data}
              selected={selected}
              onSelected={setSelected}
              plan={plan}
              onPlan={setPlan}
              onStarted={(rolloutId) => setParams({ rollout: rolloutId })}
              onShowActive={() => void refetch()}
              onHistory={showHistory}
            />
            <PastRollouts onView={(rolloutId) => setParams({ rollout: rolloutId })} />
          </>
        ) : null}
      </Stack>
      <HistoryDialog amp={historyOf} onClose={() => setHistoryOf(null)} />
    </Box>
  );
}
