import { useTranslation } from 'react-i18next';
import { shallowEqual, useSelector } from 'react-redux';
import { CenteredMessage, MessageText } from '../../../shared/ui/centered-message';
import { LinearProgress } from '../../../shared/ui/plain/progress';
import { selectIsDiscovering } from '../../../device';
import { selectListedCount, selectVisibleAmpIds } from '../store/visible-amps';
import { AmpList } from './amp-list';
import styles from './amp-list.module.css';
import { AmpListToolbar } from './amp-list-toolbar';
import { TouchPanelList } from './touch-panel-list';

/** The amp list pane: search and sort, the loading indicator, the cards or an empty state (spec 2 §2). */
export function AmpListPane() {
  const { t } = useTranslation('amps');
  const ids = useSelector(selectVisibleAmpIds, shallowEqual);
  const listed = useSelector(selectListedCount);
  const discovering = useSelector(selectIsDiscovering);
  let body;
  if (ids.length > 0) body = <AmpList ids={ids} />;
  else if (listed > 0) body = <CenteredMessage title={t('list.noMatches')} />;
  else if (discovering) body = <CenteredMessage title={t('list.loading')} />;
  else
    body = (
      <CenteredMessage title={t('list.noAmps')}>
        <MessageText>{t('list.retypeIpHint')}</MessageText>
      </CenteredMessage>
    );
  return (
    <section aria-label={t('list.label')} className={styles.pane}>
      <AmpListToolbar />
      {discovering ? <LinearProgress label={t('list.loading')} /> : <div className={styles.progressGap} />}
      {body}
      <TouchPanelList />
    </section>
  );
}
