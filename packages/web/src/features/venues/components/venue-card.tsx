import { Box, IconButton, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FirmwareIcon, SettingsIcon } from '../../../shared/ui/cloud-icons';
import { StatusFace, faceOf } from '../../../shared/ui/status-face';
import { venueStatus, type VenueOverview } from '../venue-overview';

/** spec 1 §2 venue card: name, settings, 'N of M amps online', status face, firmware icon. */
export function VenueCard({ venue }: { venue: VenueOverview }) {
  const { t } = useTranslation('venues');
  const status = venueStatus(venue.amps);
  const face = faceOf(status);
  const path = `/venues/${encodeURIComponent(venue.venueId)}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-venue={venue.venueId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link
          component={RouterLink}
          to={path}
          variant="subtitle1"
          underline="hover"
          color="inherit"
          noWrap
          sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}
        >
          {venue.name}
        </Link>
        <Tooltip title={t('card.settings')}>
          <IconButton size="small" component={RouterLink} to={`${path}/settings`} aria-label={t('card.settings')}>
            <SettingsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
          {t('card.online', { count: status.connectedAmpCount, total: status.ampCount })}
        </Typography>
        {status.hasAvailableFirmwareUpdate ? (
          <Tooltip title={t('card.firmware')}>
            <IconButton size="small" component={RouterLink} to="/update" aria-label={t('card.firmware')}>
              <FirmwareIcon fontSize="small" color="info" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Box role="img" aria-label={t(`card.status.${face}`)} sx={{ display: 'flex' }}>
          <StatusFace kind={face} />
        </Box>
      </Stack>
    </Paper>
  );
}
