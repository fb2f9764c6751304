/**
 * The /amps/{ampId}/advanced screen: GPIO per port on models with GPIO (spec 2 §2/§3), hidden in cloud mode
 * (spec 2 §6).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AmpPageProps } from '../../shared/amp-pages';
import { useAmpModel } from '../../device';
import { useIsCloud } from '../../device/fields/use-field-access';
import { GpioSection } from './components/gpio-section';
import { GPIO_NS } from './gpio-i18n';

export function AdvancedScreen({ ampId }: AmpPageProps) {
  const { t } = useTranslation([GPIO_NS, 'amp-detail']);
  const model = useAmpModel(ampId);
  const cloud = useIsCloud();
  const gpio = model?.caps.gpio === true && !cloud;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
      <Typography variant="h6" component="h2">
        {t('amp-detail:pages.advanced')}
      </Typography>
      {model && gpio ? <GpioSection ampId={ampId} model={model} /> : null}
      {model && !gpio ? <Typography color="textSecondary">{t(cloud ? 'cloud' : 'none')}</Typography> : null}
    </Stack>
  );
}
