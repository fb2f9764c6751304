import { useTranslation } from 'react-i18next';
import { CenteredMessage, MessageText } from './centered-message';
import { helpHref } from './help-link';
import styles from './plain/plain.module.css';

/**
 * spec 1 §2 / spec 2 §2 generic error screen: 'Something went wrong' with links to the amp list and Help & Feedback.
 * Plain anchors and plain CSS: it must work even when the router itself, or loading a screen's chunk, is what failed.
 */
export function ErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <CenteredMessage title={t('errorScreen.title')} headingLevel="h1">
      <MessageText>{t('errorScreen.text')}</MessageText>
      <div className={styles.buttonRow}>
        <a className={`${styles.button} ${styles.contained}`} href="/amps">
          {t('errorScreen.ampList')}
        </a>
        <a className={styles.button} href={helpHref(t('help.mailSubject'))}>
          {t('errorScreen.help')}
        </a>
      </div>
    </CenteredMessage>
  );
}
