import { Badge, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Suspense } from 'react';
import { VENUE_POLL_MS } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import { useLivePollingInterval } from '../../../shared/cloud/live-status';
import { ActivityIcon, AddIcon, SettingsIcon } from '../../../shared/ui/cloud-icons';
import { BackIcon } from '../../../shared/ui/icons';
import { INCIDENTS_NS, SeverityIcon, isFaultIncident, useOpenIncidentsQuery } from '../../incidents';
import type { VenueOverview } from '../venue-overview';

/** The venue's incidents page, badged with its open Critical and Warning incidents (the list the dashboard polls). */
function IncidentsLink({ venue, base }: { venue: VenueOverview; base: string }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const { data } = useOpenIncidentsQuery({ pollingInterval: useLivePollingInterval(VENUE_POLL_MS) });
  const open = data?.filter((i) => i.venueId === venue.venueId && isFaultIncident(i)).length ?? 0;
  const label = open > 0 ? t('linkOpen', { count: open }) : t('title');
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={`${base}/faults`} state={{ venueName: venue.name }} aria-label={label}>
        <Badge badgeContent={open > 0 ? open : null} color="error">
          <SeverityIcon severity="Warning" color="inherit" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** issue 21: the venue's audit timeline (its label in the 'audit' namespace, loaded on its own). */
function ActivityLink({ base }: { base: string }) {
  const { t } = useTranslation('audit');
  return (
    <Tooltip title={t('open')}>
      <IconButton component={RouterLink} to={`${base}/activity`} aria-label={t('open')}>
        <ActivityIcon />
      </IconButton>
    </Tooltip>
  );
}

/** spec 1 §2 venue header: back to the venues, the venue name, its incidents, its settings, Add Amp. */
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
      <IncidentsLink venue={venue} base={base} />
      <Suspense fallback={null}>
        <ActivityLink base={base} />
      </Suspense>
      <Tooltip title={t('panel.settings')}>
        <IconButton component={RouterLink} to={`${base}/settings`} aria-label={t('panel.settings')}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <GuardedButton
        permission="device.add"
        to={`${base}/add`}
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        reasonAlign="flex-end"
      >
        {t('panel.addAmp')}
      </GuardedButton>
    </Stack>
  );
}
