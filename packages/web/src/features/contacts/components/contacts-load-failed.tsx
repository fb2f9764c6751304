import { useTranslation } from 'react-i18next';
import { LoadFailedMessage } from '../../../shared/ui/load-failed-message';

/** spec 1 §8 FETCH_CONTACTS_ERROR: the contacts could not be loaded; Retry asks again. */
export function ContactsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <LoadFailedMessage
      title={t('list.title')}
      message={t('list.loadFailed')}
      retryLabel={t('list.retry')}
      onRetry={onRetry}
    />
  );
}
