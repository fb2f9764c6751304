import { Box, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Outlet, useParams } from 'react-router';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import {
  selectAmpEntry,
  selectIsDiscovering,
  selectReadonlyReason,
  useAmpSubscription,
  type WithDevices,
  type WithLocalLogin,
} from '../../../device';
import { ReadonlyReasonProvider } from '../../../shared/ui/value-slider-lock';
import { AmpDetailHeader } from './amp-detail-header';
import { ConnectionNotices } from './connection-notices';
import { GuestBanner } from './guest-banner';

/**
 * spec 2 §2 amp detail shell: subscribes the amp on open and unsubscribes on leave; 'Amplifier Not Found' for an
 * address the fleet does not know (a remote amp is added by its route: RemoteAmpDetail); the connection snackbars and the disconnected dialog; the amp's page below.
 */
export function AmpDetailShell({ remote = false }: { remote?: boolean }) {
  const { t } = useTranslation('amp-detail');
  const { ampId = '' } = useParams();
  const known = useSelector((s: WithDevices) => selectAmpEntry(s, ampId) !== undefined);
  const everConnected = useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.everConnected === true);
  const discovering = useSelector(selectIsDiscovering);
  const readonlyReason = useSelector((s: WithDevices & WithLocalLogin) => selectReadonlyReason(s, ampId));
  const [seen, setSeen] = useState<string | null>(null);
  if (known && seen !== ampId) setSeen(ampId);
  useAmpSubscription(ampId, known);
  const lost = seen === ampId && !known;
  if (!known && !lost) {
    // a remote amp joins the fleet as its detail opens; a local one may still be discovered
    if (discovering || remote)
      return (
        <CenteredMessage title={t('connecting')}>
          <CircularProgress aria-label={t('connecting')} />
        </CenteredMessage>
      );
    return (
      <CenteredMessage title={t('notFound.title')} headingLevel="h1">
        <Typography color="textSecondary">{t('notFound.text')}</Typography>
      </CenteredMessage>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <AmpDetailHeader ampId={ampId} />
      {readonlyReason === 'guest' ? <GuestBanner /> : null}
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
        {everConnected || lost ? (
          <ReadonlyReasonProvider value={readonlyReason}>
            <Outlet />
          </ReadonlyReasonProvider>
        ) : (
          // nothing to show until the amp has answered once; the snackbar says when it cannot be reached
          <CenteredMessage title={t('connecting')}>
            <CircularProgress aria-label={t('connecting')} />
          </CenteredMessage>
        )}
      </Box>
      <ConnectionNotices ampId={ampId} lost={lost} />
    </Box>
  );
}
