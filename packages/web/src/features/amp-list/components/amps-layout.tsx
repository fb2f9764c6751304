import { AMP_LIST_PANE_WIDTH_PX } from '@rackside/protocol';
import { Outlet, useMatch } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { AmpListPane } from './amp-list-pane';
import styles from './amp-list.module.css';

/** spec 2 §2: wide screens show the 400 px list beside the detail; narrow screens show one at a time. */
export function AmpsLayout() {
  const wide = useIsWide();
  const detail = useMatch('/amps/:ampId/*') !== null;
  if (!wide) return detail ? <Outlet /> : <AmpListPane />;
  return (
    <div className={styles.split}>
      <div className={styles.listSide} style={{ width: AMP_LIST_PANE_WIDTH_PX }}>
        <AmpListPane />
      </div>
      <hr className={styles.divider} />
      <div className={styles.detailSide}>
        <Outlet />
      </div>
    </div>
  );
}
