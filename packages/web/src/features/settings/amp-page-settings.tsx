/**
 * The /amps/{ampId}/settings screen (spec 2 §2 "Amp settings sections"): Password, Locator and device info, Power
 * usage. Network and 802.1X have their own pages.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AmpPageProps } from '../../shared/amp-pages';
import { DeviceInfoSection } from './components/device-info-section';
import { LocatorSection } from './components/locator-section';
import { PasswordSection } from './components/password-section';
import { PowerUsageSection } from './components/power-usage-section';

export function SettingsScreen({ ampId }: AmpPageProps) {
  const { t } = useTranslation('amp-detail');
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
      <Typography variant="h6" component="h2">
        {t('pages.settings')}
      </Typography>
      <PasswordSection ampId={ampId} />
      <LocatorSection ampId={ampId} />
      <DeviceInfoSection ampId={ampId} />
      <PowerUsageSection ampId={ampId} />
    </Stack>
  );
}
