import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, Outlet } from 'react-router';
import { selectCurrentNotice } from '../../shared/notices/store/notices-slice';
import { LoadingScreen } from '../../shared/ui/loading-screen';
import { menuGlyph } from '../../shared/ui/plain/glyphs';
import { Icon } from '../../shared/ui/plain/icon';
import { IconButton } from '../../shared/ui/plain/icon-button';
import { WithMui } from '../../shared/ui/with-mui';
import styles from './app-layout.module.css';

/** The drawer of a hosting mode (app-drawer.tsx local, cloud-drawer.tsx cloud), chosen by its route table. */
export type AppMenu = ComponentType<{ open: boolean; onClose: () => void }>;

// the notices (MUI's Snackbar and Alert) load with the first notice
const NoticeHost = lazy(async () => ({
  default: (await import('../../shared/notices/components/notice-host')).NoticeHost,
}));

/**
 * The frame of every screen: the top bar with the drawer button, the page, the app-wide notices. Plain React and
 * CSS (docs/adr/0004): the drawer (a lazy component of the route table) mounts on its first opening and the notice
 * host on the first notice, each with MUI, and then stay mounted so that they close with their transitions.
 */
export function AppLayout({ menu: Menu }: { menu: AppMenu }) {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [noticeShown, setNoticeShown] = useState(false);
  // state derived while rendering: the first notice mounts the host in the same render
  const hasNotice = useSelector(selectCurrentNotice) !== undefined;
  if (hasNotice && !noticeShown) setNoticeShown(true);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <RouterLink to="/" className={styles.title}>
          {t('appName')}
        </RouterLink>
        <IconButton label={t('actions.openDrawer')} onClick={openDrawer} onBar noTooltip>
          <Icon glyph={menuGlyph()} />
        </IconButton>
      </header>
      <main className={styles.main}>
        {/* a screen whose English texts are still loading (shared/i18n/app-i18n.ts) waits here on a direct visit */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      {drawerUsed ? (
        <WithMui>
          <Menu open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </WithMui>
      ) : null}
      {noticeShown ? (
        <WithMui>
          <NoticeHost />
        </WithMui>
      ) : null}
    </div>
  );
}
