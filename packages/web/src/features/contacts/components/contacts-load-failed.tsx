import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../../shared/ui/centered-message';

/** spec 1 §8 FETCH_CONTACTS_ERROR: the contacts could not be loaded; Retry asks again. */
export function ContactsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <CenteredMessage title={t('list.title')} headingLevel="h1">
      <Typography color="textSecondary">{t('list.loadFailed')}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </CenteredMessage>
  );
}
