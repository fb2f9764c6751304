import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../../shared/ui/centered-message';

/** spec 2 §2: on wide screens with no amp selected, a prompt to select one (narrow screens show the list instead). */
export function SelectAmpPrompt() {
  const { t } = useTranslation('amps');
  return (
    <CenteredMessage title={t('list.selectAmp')}>
      <Typography color="textSecondary">{t('list.selectAmpHint')}</Typography>
    </CenteredMessage>
  );
}
