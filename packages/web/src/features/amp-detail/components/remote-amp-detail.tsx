import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useDeviceManager } from '../../../device';
import { AmpRoutesContext, venueAmpRoutes } from '../../../shared/amp-pages';
import { AmpDetailShell } from './amp-detail-shell';

/**
 * /venues/{venueId}/amps/{ampId}/… (spec 2 in cloud mode, issue 13): the same amp detail as local mode, its amp
 * reached through the cloud relay while the detail is open, its links under the venue.
 */
export function RemoteAmpDetail() {
  const { venueId = '', ampId = '' } = useParams();
  const manager = useDeviceManager();
  useEffect(() => manager.openRemote?.(ampId), [manager, ampId]);
  const routes = useMemo(() => venueAmpRoutes(venueId), [venueId]);
  return (
    <AmpRoutesContext value={routes}>
      <AmpDetailShell remote />
    </AmpRoutesContext>
  );
}
