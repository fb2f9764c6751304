/** spec 2 §2 Power supply page: readings, statuses, source and PoE, auto-standby and line limits. */
import type { DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { AmpSettingsPage } from '../../../shared/ui/amp-settings-page';
import { POWER_NS } from '../power-i18n';
import { AutoStandbySection } from './auto-standby-section';
import type { ControlContext } from './controls';
import { LineLimitsSection } from './line-limits-section';
import { PowerReadouts } from './power-readouts';

type Amp = NonNullable<DeviceDelta['amp']>;

export interface PowerPageProps {
  powerSupply: Amp['powerSupply'];
  autoStandby: Amp['autoStandby'];
  ctx: ControlContext;
  /** A guest on a protected amp (says why nothing can be changed). */
  guest: boolean;
}

export function PowerPage({ powerSupply, autoStandby, ctx, guest }: PowerPageProps) {
  const { t } = useTranslation(POWER_NS);
  // the controls write at once: no Reset/Save bar
  return (
    <AmpSettingsPage title={t('title')} readOnlyNote={guest ? t('readOnly.guest') : undefined}>
      <PowerReadouts powerSupply={powerSupply} />
      <AutoStandbySection autoStandby={autoStandby} ctx={ctx} />
      <LineLimitsSection powerSupply={powerSupply} ctx={ctx} />
    </AmpSettingsPage>
  );
}
