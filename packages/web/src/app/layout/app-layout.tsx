import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { NoticeHost } from '../../shared/notices';
import { MenuIcon } from '../../shared/ui/icons';
import { LoadingScreen } from '../../shared/ui/loading-screen';

/** The drawer of a hosting mode (app-drawer.tsx local, cloud-drawer.tsx cloud), chosen by its route table. */
export type AppMenu = ComponentType<{ open: boolean; onClose: () => void }>;

/** The frame of every screen: the top bar with the drawer button, the page, the app-wide notices. */
export function AppLayout({ menu: Menu }: { menu: AppMenu }) {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar variant="dense">
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ flex: 1, color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
          >
            {t('appName')}
          </Typography>
          <IconButton
            color="inherit"
            edge="end"
            aria-label={t('actions.openDrawer')}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {/* a screen whose English texts are still loading (shared/i18n/app-i18n.ts) waits here on a direct visit */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Menu open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <NoticeHost />
    </Box>
  );
}
