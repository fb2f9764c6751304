import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { AuditEvent } from '@rackside/protocol';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { BackIcon } from '../../../shared/ui/icons';
import { useVenuesOverview, type VenueOverview } from '../../venues';
import { fileSlug } from '../audit-csv';
import { AUDIT_NS } from '../audit-i18n';
import type { AmpNameOf } from './audit-event-row';
import { AuditTimeline } from './audit-timeline';

/** A timeline page: back (where there is one to go to), the title as the h1, the timeline. */
function AuditPage({
  title,
  back,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 1080 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {back ? (
            <Tooltip title={back.label}>
              <IconButton component={RouterLink} to={back.to} aria-label={back.label} edge="start">
                <BackIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}

/** The name an event kept of its amp (the device.* kinds), if any. */
const keptName = (e: AuditEvent): string | null =>
  e.kind === 'device.added' || e.kind === 'device.moved' || e.kind === 'device.removed' ? e.details.name || null : null;

/** Names amps by the venues' amps as they are now, else by the name the event kept. */
function useAmpNames(venues: readonly VenueOverview[] | undefined): AmpNameOf {
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const venue of venues ?? [])
      for (const amp of venue.amps) if (amp.summary.deviceName) names.set(amp.summary.ampId, amp.summary.deviceName);
    return (e) => (e.deviceId === null ? undefined : (names.get(e.deviceId) ?? keptName(e) ?? undefined));
  }, [venues]);
}

/** /activity (issue 21): the organisation's whole log. */
export function OrgAuditPage() {
  const { t } = useTranslation(AUDIT_NS);
  const { data } = useVenuesOverview();
  const ampName = useAmpNames(data?.venues);
  return (
    <AuditPage title={t('title')}>
      <AuditTimeline scope={{ kind: 'organisation' }} what="organisation" ampName={ampName} />
    </AuditPage>
  );
}

/** /venues/{venueId}/activity: one venue's timeline (amps moved out of it included). */
export function VenueAuditPage() {
  const { t } = useTranslation(AUDIT_NS);
  const { venueId = '' } = useParams();
  const { data } = useVenuesOverview();
  const venue = data?.venues.find((v) => v.venueId === venueId);
  const ampName = useAmpNames(data?.venues);
  const back = { to: `/venues/${encodeURIComponent(venueId)}`, label: t('backToVenue') };
  return (
    <AuditPage title={venue ? t('titleOfVenue', { venue: venue.name }) : t('title')} back={back}>
      <AuditTimeline
        key={venueId}
        scope={{ kind: 'venue', venueId }}
        what={fileSlug(venue?.name ?? '', `venue-${venueId.slice(0, 8)}`)}
        ampName={ampName}
      />
    </AuditPage>
  );
}

/** /venues/{venueId}/amps/{ampId}/activity: one amp's timeline, beside the venue's amps. */
export function AmpAuditPage() {
  const { t } = useTranslation(AUDIT_NS);
  const { venueId = '', ampId = '' } = useParams();
  const { data } = useVenuesOverview();
  const amp = data?.venues.find((v) => v.venueId === venueId)?.amps.find((a) => a.summary.ampId === ampId);
  const name = amp?.summary.deviceName || undefined;
  const back = {
    to: `/venues/${encodeURIComponent(venueId)}/amps/${encodeURIComponent(ampId)}`,
    label: t('backToAmp'),
  };
  return (
    <AuditPage title={name ? t('titleOfAmp', { amp: name }) : t('title')} back={back}>
      <AuditTimeline key={ampId} scope={{ kind: 'amp', deviceId: ampId }} what={fileSlug(name ?? '', ampId)} />
    </AuditPage>
  );
}
