import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AddIcon, SettingsIcon } from '../../../shared/ui/cloud-icons';
import { BackIcon } from '../../../shared/ui/icons';
import type { VenueOverview } from '../venue-overview';

/** spec 1 §2 venue header: back to the venues, the venue name, its settings, Add Amp. */
export function VenueHeader({ venue }: { venue: VenueOverview }) {
  const { t } = useTranslation('venues');
  const base = `/venues/${encodeURIComponent(venue.venueId)}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Tooltip title={t('panel.back')}>
        <IconButton component={RouterLink} to="/venues" aria-label={t('panel.back')} edge="start">
          <BackIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="h6" component="h1" noWrap sx={{ flex: 1, minWidth: 0 }}>
        {venue.name}
      </Typography>
      <Tooltip title={t('panel.settings')}>
        <IconButton component={RouterLink} to={`${base}/settings`} aria-label={t('panel.settings')}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Button component={RouterLink} to={`${base}/add`} variant="contained" size="small" startIcon={<AddIcon />}>
        {t('panel.addAmp')}
      </Button>
    </Stack>
  );
}
