import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../../shared/ui/centered-message';

/** spec 1 §2: with no amp selected in a venue, 'Select an Amp'. */
export function SelectAmpPrompt() {
  const { t } = useTranslation('venues');
  return (
    <CenteredMessage title={t('panel.selectAmp')}>
      <Typography color="textSecondary">{t('panel.selectAmpHint')}</Typography>
    </CenteredMessage>
  );
}
