import { useTranslation } from 'react-i18next';
import styles from './centered-message.module.css';
import { Spinner } from './plain/progress';

/**
 * Shown while a lazily loaded screen arrives (no text: it is rarely on screen long enough to read). Plain React and
 * CSS: it shows before MUI has loaded (docs/adr/0004).
 */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.box}>
      <Spinner label={t('loading')} />
    </div>
  );
}
