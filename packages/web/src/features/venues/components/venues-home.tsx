import { Box, Divider, Tab, Tabs } from '@mui/material';
import { AMP_LIST_PANE_WIDTH_PX } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useMatch } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { DashboardSection } from './lazy-sections';
import { VenueList } from './venue-list';

/** spec 1 §2 narrow screens: tabs Venues and Cloud Dashboard over /venues and /venues/dashboard. */
function NarrowTabs() {
  const { t } = useTranslation('venues');
  const dashboard = useMatch('/venues/dashboard') !== null;
  return (
    <Tabs value={dashboard ? 1 : 0} aria-label={t('list.tabs')} variant="fullWidth">
      <Tab label={t('list.tabVenues')} component={RouterLink} to="/venues" />
      <Tab label={t('list.tabDashboard')} component={RouterLink} to="/venues/dashboard" />
    </Tabs>
  );
}

/** /venues: the venue list; on wide screens the dashboard fills the main area beside it (spec 1 §2). */
export function VenuesHome() {
  const wide = useIsWide();
  if (!wide)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <NarrowTabs />
        <VenueList />
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box sx={{ width: AMP_LIST_PANE_WIDTH_PX, flexShrink: 0, minHeight: 0 }}>
        <VenueList />
      </Box>
      <Divider orientation="vertical" flexItem />
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
        <DashboardSection />
      </Box>
    </Box>
  );
}

/** /venues/dashboard: narrow screens only (spec 1 §2); wide screens show the dashboard on /venues. */
export function DashboardRoute() {
  const wide = useIsWide();
  if (wide) return <Navigate to="/venues" replace />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflow: 'auto' }}>
      <NarrowTabs />
      <DashboardSection />
    </Box>
  );
}
