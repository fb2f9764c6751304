/**
 * spec 2 §1 "touch-controller devices are listed alongside amps in local mode" (issue 18): the CS Touch panels the
 * amps proxy (`/NSTProxy` devices), each with its address, model, whether it is online and the amp it was found
 * behind; each opens its configuration editor (/cs-touch/{id}, issue 19). Plain React on the first route
 * (docs/adr/0004). Nothing shows while no amp proxies a panel.
 */
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { NavLink } from 'react-router';
import { selectTouchPanels } from '../../../device';
import styles from './touch-panel-list.module.css';

export function TouchPanelList() {
  const { t } = useTranslation('amps');
  const panels = useSelector(selectTouchPanels);
  if (panels.length === 0) return null;
  return (
    <section aria-labelledby="touch-panels-heading" className={styles.section}>
      <h2 id="touch-panels-heading" className={styles.heading}>
        {t('touch.label', { count: panels.length })}
      </h2>
      <ul className={styles.list} aria-labelledby="touch-panels-heading">
        {panels.map((p) => (
          <li key={p.id} className={styles.item}>
            {/* spec 3 §2: each panel opens its configuration editor */}
            <NavLink className={styles.name} to={`/cs-touch/${encodeURIComponent(p.id)}`}>
              {p.name}
            </NavLink>
            <span className={p.online ? styles.online : styles.offline}>
              {t(p.online ? 'touch.online' : 'touch.offline')}
            </span>
            <span className={styles.details}>
              {t('touch.details', { address: p.id, model: p.modelID, amp: p.viaName })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
