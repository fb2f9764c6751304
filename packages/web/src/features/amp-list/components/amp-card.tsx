import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmpConnection, useAmpSummary } from '../../../device';
import { AmpCardActions } from './amp-card-actions';
import { AmpCardFrame as CardFrame } from './amp-card-frame';
import { AmpMenu } from './amp-menu';
import styles from './amp-list.module.css';

/**
 * One amp of the list: connected, disconnected (retrying) or speaking an unsupported API (spec 2 §2). Memoised: the
 * list renders again on every scrolled frame, a card only when its own amp's summary or connection changes.
 */
export const AmpCard = memo(function AmpCard({ ampId, selected }: { ampId: string; selected: boolean }) {
  const { t } = useTranslation('amps');
  const summary = useAmpSummary(ampId);
  const connection = useAmpConnection(ampId);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = useCallback(() => setMenuAnchor(null), []);
  if (!summary) return null;
  if (!summary.isConnected) {
    const failed = connection === 'FAILED';
    return (
      <CardFrame summary={summary} selected={selected} edge={failed ? 'error.main' : 'divider'}>
        <p className={`${styles.status} ${styles.strong} ${failed ? styles.lineError : ''}`}>
          {t(failed ? 'card.notConnected' : 'card.connecting')}
        </p>
        {failed ? <p className={styles.status}>{t('card.retrying')}</p> : null}
      </CardFrame>
    );
  }
  if (!summary.isSupported)
    return (
      <CardFrame summary={summary} selected={selected} edge="warning.main">
        <p className={`${styles.status} ${styles.strong} ${styles.lineWarning}`}>{t('card.unsupported')}</p>
      </CardFrame>
    );
  const edge = summary.hasFault ? 'error.main' : summary.hasWarning ? 'warning.main' : 'success.main';
  return (
    <CardFrame summary={summary} selected={selected} edge={edge}>
      <AmpCardActions summary={summary} onMenu={setMenuAnchor} />
      <AmpMenu summary={summary} anchor={menuAnchor} onClose={closeMenu} />
    </CardFrame>
  );
});
