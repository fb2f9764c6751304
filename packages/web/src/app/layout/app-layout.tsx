import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { NoticeHost } from '../../shared/notices';
import { useHostingMode } from '../../shared/hosting';
import { MenuIcon } from '../../shared/ui/icons';
import { AppDrawer } from './app-drawer';
import { CloudDrawer } from './cloud-drawer';

/** The frame of every screen: the top bar with the drawer button, the page, the app-wide notices. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { mode } = useHostingMode();
  const Menu = mode === 'cloud' ? CloudDrawer : AppDrawer;
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
        <Outlet />
      </Box>
      <Menu open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <NoticeHost />
    </Box>
  );
}
