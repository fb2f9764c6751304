import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { ComingPage } from '../../../shared/ui/coming-page';

/** spec 1 §2: with no amp selected in a venue, 'Select an Amp'. */
export function SelectAmpPrompt() {
  const { t } = useTranslation('venues');
  return (
    <CenteredMessage title={t('panel.selectAmp')}>
      <Typography color="textSecondary">{t('panel.selectAmpHint')}</Typography>
    </CenteredMessage>
  );
}

/** /venues/{id}/amps/{ampId}: amp detail over the cloud (spec 2) arrives with the cloud transport. */
export function CloudAmpDetailRoute() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.ampDetail')} headingLevel="h2" />;
}
