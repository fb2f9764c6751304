/**
 * spec 2 §2/§3/§4 auto-standby: enable, mode (Heartbeat, Constant, Constant+Load), threshold and time to wait, each
 * with its named UAC permission (spec 2 §6; the mode, which has none of its own, follows the enable permission).
 */
import Typography from '@mui/material/Typography';
import { AUTO_STANDBY_MODES, UAC_PERMISSIONS, type DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../shared/ui/form-section';
import { ValueSlider } from '../../../shared/ui/value-slider';
import { POWER_NS } from '../power-i18n';
import { AccessSelect, AccessSwitch, type ControlContext } from './controls';

type AutoStandby = NonNullable<NonNullable<DeviceDelta['amp']>['autoStandby']>;
const URL = '/amp/autoStandby';

export function AutoStandbySection({
  autoStandby: as,
  ctx,
}: {
  autoStandby: AutoStandby | undefined;
  ctx: ControlContext;
}) {
  const { t } = useTranslation(POWER_NS);
  const enableLevel = ctx.level(UAC_PERMISSIONS.autoStandbyEnable);
  const threshold = ctx.bounds(`${URL}/threshold`);
  const wait = ctx.bounds(`${URL}/timeToWait`);
  return (
    <FormSection title={t('autoStandby.title')}>
      <AccessSwitch
        label={t('autoStandby.enable')}
        checked={as?.enable ?? false}
        level={enableLevel}
        onChange={(enable) => ctx.write(URL, { enable })}
      />
      <AccessSelect
        label={t('autoStandby.mode')}
        value={as?.mode ?? 'Heartbeat'}
        choices={AUTO_STANDBY_MODES}
        text={(m) => t(`autoStandby.modes.${m}`)}
        level={enableLevel}
        onChange={(mode) => ctx.write(URL, { mode })}
      />
      {threshold ? (
        <ValueSlider
          label={t('autoStandby.threshold')}
          value={as?.threshold ?? threshold.min}
          bounds={threshold}
          unit={t('units.dBFS')}
          access={ctx.level(UAC_PERMISSIONS.autoStandbyThreshold)}
          onChange={(v) => ctx.write(URL, { threshold: v })}
        />
      ) : null}
      {wait ? (
        <ValueSlider
          label={t('autoStandby.timeToWait')}
          value={as?.timeToWait ?? wait.min}
          bounds={wait}
          unit={t('units.min')}
          access={ctx.level(UAC_PERMISSIONS.autoStandbyWaitTime)}
          onChange={(v) => ctx.write(URL, { timeToWait: v })}
        />
      ) : null}
      <Typography variant="body2" color={as?.active ? 'warning.main' : 'text.secondary'}>
        {t(as?.active ? 'autoStandby.activeNow' : 'autoStandby.notActive')}
      </Typography>
    </FormSection>
  );
}
