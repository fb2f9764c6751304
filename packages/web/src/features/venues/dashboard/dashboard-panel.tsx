/**
 * spec 1 §2 Dashboard: the tiles, 'looking good' when nothing is wrong, and the amp table, from the venues the
 * venues screens keep polled (every 10 s) and the open incidents (issue 15, polled here as often). Loaded lazily into the wide main area of /venues and the narrow
 * /venues/dashboard tab (features/venues/components/lazy-sections.tsx).
 */
import { Alert, AlertTitle, Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DASHBOARD_FILTER,
  VENUE_POLL_MS,
  effectiveDashboardFilters,
  isDashboardLookingGood,
  toggleDashboardFilter,
} from '@rackside/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLivePollingInterval } from '../../../shared/cloud/live-status';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { useOpenIncidentsQuery } from '../../incidents';
import { useVenuesOverview } from '../use-venues';
import { incidentDashboardCounts, matchesIncidentDashboardFilter } from './dashboard-filter';
import { DASHBOARD_NS } from './dashboard-i18n';
import { dashboardRowsOf } from './dashboard-rows';
import { DashboardTable } from './dashboard-table';
import { DashboardTiles } from './dashboard-tiles';

function DashboardBody() {
  const { t } = useTranslation(DASHBOARD_NS);
  const { data, isLoading, isError } = useVenuesOverview();
  // issue 15: the live faults are the open incidents, polled like the venues (slower while the live stream is open)
  const incidents = useOpenIncidentsQuery({ pollingInterval: useLivePollingInterval(VENUE_POLL_MS) });
  const [flags, setFlags] = useState<number>(DASHBOARD_FILTER.None);
  // the six-column table needs a large screen (1120 px and up, spec 2 §9): the venue list takes 400 px of it
  const full = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const venues = useMemo(() => data?.venues ?? [], [data]);
  const rows = useMemo(() => dashboardRowsOf(venues, incidents.data), [venues, incidents.data]);
  const counts = incidentDashboardCounts(rows);
  const active = effectiveDashboardFilters(flags, counts);

  if (!data) return <CenteredMessage title={isLoading || !isError ? t('loading') : t('loadFailed')} />;
  return (
    <Stack spacing={2}>
      <DashboardTiles
        venues={venues.length}
        amps={rows.length}
        counts={counts}
        flags={active}
        onToggle={(filter) => setFlags(toggleDashboardFilter(active, filter))}
      />
      {rows.length === 0 ? (
        <CenteredMessage title={t('noAmps')}>
          <Typography sx={{ color: 'text.secondary' }}>{t('noAmpsHint')}</Typography>
        </CenteredMessage>
      ) : (
        <>
          {/* nothing to say about faults until the incidents are known */}
          {incidents.data && isDashboardLookingGood(counts) ? (
            <Alert severity="success" role="status">
              <AlertTitle>{t('lookingGood')}</AlertTitle>
              {t('lookingGoodHint')}
            </Alert>
          ) : null}
          {active !== DASHBOARD_FILTER.None ? (
            <Box>
              <Button size="small" onClick={() => setFlags(DASHBOARD_FILTER.None)}>
                {t('clearFilters')}
              </Button>
            </Box>
          ) : null}
          <DashboardTable rows={rows.filter((r) => matchesIncidentDashboardFilter(r, active))} compact={!full} />
        </>
      )}
    </Stack>
  );
}

export function DashboardPanel() {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id="dashboard-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('title')}
      </Typography>
      <DashboardBody />
    </Box>
  );
}
