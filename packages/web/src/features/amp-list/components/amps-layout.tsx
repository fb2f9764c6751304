import { AMP_LIST_PANE_WIDTH_PX } from '@rackside/protocol';
import type { ReactNode } from 'react';
import { Outlet, useMatch } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { AmpListPane } from './amp-list-pane';
import styles from './amp-list.module.css';

/**
 * spec 2 §2 / spec 3 §2: wide screens show the 400 px amp list at the left beside `children`; narrow screens (under
 * 768 px) show one at a time: `children` once something is selected (`showDetail`), else the list.
 */
export function AmpListSplit({ showDetail, children }: { showDetail: boolean; children: ReactNode }) {
  const wide = useIsWide();
  if (!wide) return showDetail ? children : <AmpListPane />;
  return (
    <div className={styles.split}>
      <div className={styles.listSide} style={{ width: AMP_LIST_PANE_WIDTH_PX }}>
        <AmpListPane />
      </div>
      <hr className={styles.divider} />
      <div className={styles.detailSide}>{children}</div>
    </div>
  );
}

/** spec 2 §2: the amp list beside the open amp's detail. */
export function AmpsLayout() {
  const detail = useMatch('/amps/:ampId/*') !== null;
  return (
    <AmpListSplit showDetail={detail}>
      <Outlet />
    </AmpListSplit>
  );
}
