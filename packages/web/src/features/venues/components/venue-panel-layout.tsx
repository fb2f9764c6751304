import { Box, Divider, Stack, Typography } from '@mui/material';
import { AMP_LIST_PANE_WIDTH_PX } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatch, useParams, useSearchParams } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { ChoiceSelect } from '../../../shared/ui/list-controls';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { useVenue } from '../use-venues';
import { sortVenueAmps, venueAmpSortOf, type VenueAmpSort, type VenueOverview } from '../venue-overview';

const VENUE_AMP_SORTS: readonly VenueAmpSort[] = ['name', 'faults'];
import { CloudAmpCard } from './cloud-amp-card';
import { MoveAmpHost } from './move-amp-dialog';
import { RemoveAmpSnackbar } from './remove-amp-dialog';
import { VenueHeader } from './venue-header';

/** The venue's amps, sorted by the query parameter s (faults or name, spec 1 §2). */
function VenueAmps({ venue }: { venue: VenueOverview }) {
  const { t } = useTranslation('venues');
  const [params, setParams] = useSearchParams();
  const sort = venueAmpSortOf(params.get('s'));
  const open = useMatch('/venues/:venueId/amps/:ampId/*')?.params.ampId;
  const amps = sortVenueAmps(venue.amps, sort);
  let body;
  if (venue.devicesFailed) body = <CenteredMessage title={t('panel.devicesFailed')} />;
  else if (amps.length === 0)
    body = (
      <CenteredMessage title={t('panel.noAmps')}>
        <Typography color="textSecondary">{t('panel.noAmpsHint')}</Typography>
      </CenteredMessage>
    );
  else
    body = (
      <Stack component="ul" aria-label={t('panel.amps')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {amps.map((amp) => (
          <Box component="li" key={amp.summary.ampId} sx={{ height: 140 }}>
            <CloudAmpCard amp={amp} selected={open === amp.summary.ampId} />
          </Box>
        ))}
      </Stack>
    );
  return (
    <Box component="section" aria-label={venue.name} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <VenueHeader venue={venue} />
      <Box sx={{ p: 1.5, pb: 0 }}>
        <ChoiceSelect
          id="venue-amp-sort"
          label={t('panel.sortBy')}
          value={sort}
          choices={VENUE_AMP_SORTS}
          choiceLabel={(k) => t(`panel.sort.${k}`)}
          onChange={(s) => setParams({ s }, { replace: true })}
          style={{ width: '100%' }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5 }}>
        <MoveAmpHost>{body}</MoveAmpHost>
      </Box>
      <RemoveAmpSnackbar />
    </Box>
  );
}

/**
 * /venues/{id}: the venue panel with its amp list; wide screens show the amp (or 'Select an Amp') beside it, narrow
 * screens one at a time (spec 1 §2). An unknown venue id goes back to /venues once the venues are known.
 */
export function VenuePanelLayout() {
  const { venueId } = useParams();
  const { venue, loaded } = useVenue(venueId);
  const wide = useIsWide();
  const detail = useMatch('/venues/:venueId/amps/:ampId/*') !== null;
  if (!loaded) return <LoadingScreen />;
  if (!venue) return <Navigate to="/venues" replace />;
  if (!wide) return detail ? <Outlet /> : <VenueAmps venue={venue} />;
  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box sx={{ width: AMP_LIST_PANE_WIDTH_PX, flexShrink: 0, minHeight: 0 }}>
        <VenueAmps venue={venue} />
      </Box>
      <Divider orientation="vertical" flexItem />
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
