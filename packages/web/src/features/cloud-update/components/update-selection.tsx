/**
 * The selection view (spec 1 §2, §5): the amps, the rollout plan, and Update, enabled only with a latest version in
 * the library and at least one amp selected; it asks before starting. A refusal is shown and the selection is kept.
 */
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import type { RolloutCandidate, RolloutCandidates } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { useStartRolloutMutation } from '../api/rollouts-api';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { rolloutErrorKey, type RolloutErrorKey } from '../rollout-format';
import { planOf, selectedIds, toggleAmp, toggleGroup, waveSizesOf, type PlanForm } from '../selection';
import { AmpSelection } from './amp-selection';
import { PlanPanel } from './plan-panel';
import { StartDialog } from './start-dialog';

export interface UpdateSelectionProps {
  readonly candidates: RolloutCandidates;
  readonly selected: ReadonlySet<string>;
  readonly onSelected: (selected: ReadonlySet<string>) => void;
  readonly plan: PlanForm;
  readonly onPlan: (plan: PlanForm) => void;
  readonly onStarted: (rolloutId: string) => void;
  readonly onShowActive: () => void;
  readonly onHistory: (amp: { deviceId: string; name: string }) => void;
}

export function UpdateSelection(props: UpdateSelectionProps) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const [start, startState] = useStartRolloutMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<RolloutErrorKey | null>(null);
  const ids = selectedIds(props.candidates, props.selected);
  const plan = planOf(props.plan);
  const waves = waveSizesOf(ids.length, plan);
  const hasLatest = Object.keys(props.candidates.latest).length > 0;
  const needs = !hasLatest ? 'latest' : ids.length === 0 ? 'selection' : plan === null ? 'plan' : null;

  const handleStart = async () => {
    if (plan === null) return;
    setError(null);
    try {
      const rollout = await start({ deviceIds: ids, ...plan }).unwrap();
      setConfirming(false);
      props.onStarted(rollout.rolloutId);
    } catch (e) {
      setConfirming(false);
      setError(rolloutErrorKey(errorNameOf(e)));
    }
  };
  const toggleGroupOf = (amps: readonly RolloutCandidate[]) => props.onSelected(toggleGroup(amps, props.selected));

  return (
    <Stack spacing={2}>
      {!hasLatest ? (
        <Alert severity="info">
          {t('selection.noLatest')}{' '}
          <Link component={RouterLink} to="/firmware">
            {t('selection.library')}
          </Link>
        </Alert>
      ) : null}
      <AmpSelection
        candidates={props.candidates}
        selected={props.selected}
        onToggleGroup={toggleGroupOf}
        onToggleAmp={(id) => props.onSelected(toggleAmp(id, props.selected))}
        onHistory={props.onHistory}
      />
      <PlanPanel plan={props.plan} waves={waves} onChange={props.onPlan} />
      {error !== null ? (
        <Alert
          severity="error"
          onClose={() => setError(null)}
          action={
            error === 'ROLLOUT_ACTIVE' ? (
              <Button color="inherit" size="small" onClick={props.onShowActive}>
                {t('activeFailedLink')}
              </Button>
            ) : undefined
          }
        >
          {t('startFailed', { reason: t(`errors.${error}`) })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/* issue 21: a role without firmware.update sees the button off and why */}
        <GuardedButton
          permission="firmware.update"
          variant="contained"
          disabled={needs !== null}
          onClick={() => setConfirming(true)}
          aria-describedby={needs !== null ? 'cloud-update-needs' : undefined}
        >
          {t('update')}
        </GuardedButton>
        {needs !== null ? (
          <Typography id="cloud-update-needs" variant="body2" color="textSecondary">
            {t(`needs.${needs}`)}
          </Typography>
        ) : null}
      </Stack>
      <StartDialog
        open={confirming}
        count={ids.length}
        waves={waves}
        plan={plan}
        busy={startState.isLoading}
        onConfirm={() => void handleStart()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
