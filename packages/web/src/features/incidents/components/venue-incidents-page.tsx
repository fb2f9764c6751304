import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { BackIcon } from '../../../shared/ui/icons';
import { LoadFailedMessage } from '../../../shared/ui/load-failed-message';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { INCIDENTS_NS } from '../incidents-i18n';
import { IncidentList } from './incident-list';
import { useIncidents } from './use-incidents';

/** The venue's name the link to this page carried (venue header), if any. */
function venueNameOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('venueName' in state)) return undefined;
  return typeof state.venueName === 'string' ? state.venueName : undefined;
}

/**
 * /venues/{venueId}/faults (issue 15; spec 1 §2 venue faults): the venue's incidents, open ones first then the
 * history, each with its severity, amp, condition, times, acknowledgement and timeline.
 */
export function VenueIncidentsPage() {
  const { t } = useTranslation(INCIDENTS_NS);
  const { venueId = '' } = useParams();
  const location = useLocation();
  const incidents = useIncidents({ venueId });
  const { query } = incidents;
  const venue = venueNameOf(location.state) ?? query.data?.[0]?.venueName;
  const title = venue ? t('titleOf', { venue }) : t('title');
  if (query.isLoading) return <LoadingScreen />;
  // another user's venue, or one deleted meanwhile (like venue settings)
  if (!query.data && errorNameOf(query.error) === 'NotFound') return <Navigate to="/venues" replace />;
  if (!query.data)
    return (
      <LoadFailedMessage
        title={title}
        message={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 960 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Tooltip title={t('back')}>
            <IconButton
              component={RouterLink}
              to={`/venues/${encodeURIComponent(venueId)}`}
              aria-label={t('back')}
              edge="start"
            >
              <BackIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Stack>
        <IncidentList incidents={incidents} showAmp />
      </Stack>
    </Box>
  );
}
