/**
 * The rollout plan (issue 14): amps in the first wave, the second wave's share, the failure threshold that stops a
 * wave, and the switch that updates amps passing audio or in a fault (with a warning); the waves it makes are shown.
 */
import { Alert, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_UPDATE_NS } from '../cloud-update-i18n';
import { PLAN_FIELDS, planNumber, type PlanField, type PlanForm } from '../selection';

const LABELS = { canary: 'canary', percent: 'percent', failureThresholdPercent: 'threshold' } as const;

export function PlanPanel(props: { plan: PlanForm; waves: readonly number[]; onChange: (plan: PlanForm) => void }) {
  const { t } = useTranslation(CLOUD_UPDATE_NS);
  const headingId = useId();
  const { plan } = props;
  const set = (field: PlanField, value: string) => props.onChange({ ...plan, [field]: value });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('plan.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
        {PLAN_FIELDS.map((field) => {
          const invalid = planNumber(plan[field]) === null;
          return (
            <TextField
              key={field}
              label={t(`plan.${LABELS[field]}`)}
              value={plan[field]}
              onChange={(e) => set(field, e.target.value)}
              error={invalid}
              helperText={invalid ? t('plan.invalid') : t(`plan.${LABELS[field]}Help`)}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          );
        })}
      </Stack>
      <FormControlLabel
        sx={{ mt: 1 }}
        label={t('plan.force')}
        control={<Switch checked={plan.force} onChange={(e) => props.onChange({ ...plan, force: e.target.checked })} />}
      />
      {plan.force ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('plan.forceWarning')}
        </Alert>
      ) : null}
      <Typography sx={{ mt: 1 }} aria-live="polite">
        {props.waves.length === 0 ? t('plan.wavesNone') : t('plan.waves', { sizes: props.waves.join(' + ') })}
      </Typography>
    </Paper>
  );
}
