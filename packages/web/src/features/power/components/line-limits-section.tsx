/**
 * spec 2 §3 line warning limits: automatic limits on or off, and the low and high limits, each with its named UAC
 * permission (spec 2 §6). While automatic limits are on the amp sets the limits, so their sliders are disabled; the
 * low limit stays at or below the high one.
 */
import Typography from '@mui/material/Typography';
import { UAC_PERMISSIONS, type DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../shared/ui/form-section';
import { ValueSlider } from '../../../shared/ui/value-slider';
import { POWER_NS } from '../power-i18n';
import { AccessSwitch, type ControlContext } from './controls';

type PowerSupply = NonNullable<NonNullable<DeviceDelta['amp']>['powerSupply']>;
const URL = '/amp/powerSupply';

export function LineLimitsSection({
  powerSupply: ps,
  ctx,
}: {
  powerSupply: PowerSupply | undefined;
  ctx: ControlContext;
}) {
  const { t } = useTranslation(POWER_NS);
  const lowBounds = ctx.bounds(`${URL}/lineLowLimitWarning`);
  const highBounds = ctx.bounds(`${URL}/lineHighLimitWarning`);
  const auto = ps?.lineWarningAutoLimits ?? true;
  const low = ps?.lineLowLimitWarning ?? lowBounds?.min ?? 0;
  const high = ps?.lineHighLimitWarning ?? highBounds?.max ?? 0;
  return (
    <FormSection title={t('lineLimits.title')}>
      <AccessSwitch
        label={t('lineLimits.auto')}
        checked={auto}
        level={ctx.level(UAC_PERMISSIONS.autoAcLimitsEnable)}
        onChange={(on) => ctx.write(URL, { lineWarningAutoLimits: on })}
      />
      {auto ? (
        <Typography variant="body2" color="textSecondary">
          {t('lineLimits.autoHint')}
        </Typography>
      ) : null}
      {lowBounds ? (
        <ValueSlider
          label={t('lineLimits.low')}
          value={low}
          bounds={{ ...lowBounds, max: Math.max(lowBounds.min, Math.min(lowBounds.max, high)) }}
          unit={t('units.volts')}
          access={ctx.level(UAC_PERMISSIONS.lowAcFaultLimit)}
          disabled={auto}
          onChange={(v) => ctx.write(URL, { lineLowLimitWarning: v })}
        />
      ) : null}
      {highBounds ? (
        <ValueSlider
          label={t('lineLimits.high')}
          value={high}
          bounds={{ ...highBounds, min: Math.min(highBounds.max, Math.max(highBounds.min, low)) }}
          unit={t('units.volts')}
          access={ctx.level(UAC_PERMISSIONS.highAcFaultLimit)}
          disabled={auto}
          onChange={(v) => ctx.write(URL, { lineHighLimitWarning: v })}
        />
      ) : null}
    </FormSection>
  );
}
