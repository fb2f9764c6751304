/**
 * The energy-savings view behind the amp card's green link (spec 2 §2 names the page, not its content): whether
 * auto-standby is on and active, which channels are in standby, and the amp's estimated standby power; the settings
 * are on the power supply page.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormSection } from '../../../shared/ui/form-section';
import { formatReading, POWER_NS } from '../power-i18n';
import { ReadoutTable, type Readout } from './readout-table';

type Amp = NonNullable<DeviceDelta['amp']>;

export interface GreenPageProps {
  autoStandby: Amp['autoStandby'];
  powerSupply: Amp['powerSupply'];
  channels: Amp['channels'];
}

export function GreenPage({ autoStandby: as, powerSupply: ps, channels }: GreenPageProps) {
  const { t, i18n } = useTranslation(POWER_NS);
  const watts = (v: number | undefined) => t('units.W', { value: formatReading(v, 1, i18n.language) });
  const summary: Readout[] = [
    {
      label: t('green.autoStandby'),
      value: as?.enable ? t('green.on', { mode: t(`autoStandby.modes.${as.mode ?? 'Heartbeat'}`) }) : t('green.off'),
      tone: as?.enable ? 'success' : undefined,
    },
    { label: t('green.estStandby'), value: watts(ps?.estPowerUsageAutoStandby) },
    ...(ps?.powerSource === 'POE' ? [{ label: t('green.estPoe'), value: watts(ps.estPowerUsagePoe) }] : []),
  ];
  const rows: Readout[] = Object.entries(channels ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([n, ch]) => {
      const standby = ch?.output?.status === 'Standby' || ch?.output?.autoStandbyActive === true;
      return {
        label: t('green.channel', { n, name: ch?.output?.name ?? '' }),
        value: t(standby ? 'green.inStandby' : 'green.awake'),
        tone: standby ? 'success' : undefined,
      };
    });
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
      <Typography variant="h6" component="h2">
        {t('green.title')}
      </Typography>
      <FormSection title={t('green.autoStandby')}>
        <ReadoutTable label={t('green.autoStandby')} rows={summary} />
        <Typography variant="body2" color="textSecondary">
          {t(as?.active ? 'autoStandby.activeNow' : 'autoStandby.notActive')}
        </Typography>
      </FormSection>
      {rows.length > 0 ? (
        <FormSection title={t('green.channels')}>
          <ReadoutTable label={t('green.channels')} rows={rows} />
        </FormSection>
      ) : null}
      <Link component={RouterLink} to="../power" sx={{ alignSelf: 'flex-start' }}>
        {t('green.settings')}
      </Link>
    </Box>
  );
}
