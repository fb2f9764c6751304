import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from './centered-message';

/** A page that arrives with a later issue: its title and a translated 'coming' note, no controls. */
export function ComingPage({ title, headingLevel = 'h1' }: { title: string; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('common');
  return (
    <CenteredMessage title={title} headingLevel={headingLevel}>
      <Typography color="textSecondary">{t('coming.text')}</Typography>
    </CenteredMessage>
  );
}
