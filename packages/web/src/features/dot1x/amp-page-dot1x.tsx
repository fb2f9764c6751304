/**
 * The /amps/{ampId}/dot1x screen (spec 2 §2; the route redirects when the model lacks 802.1X or it is off): the
 * 802.1X form, fed from the device slice; files go to the amp's own upload CGI.
 */
import { useCallback, useMemo } from 'react';
import type { Dot1xFileSlot, UacLevel } from '@rackside/protocol';
import { useHostingMode } from '../../shared/hosting';
import type { AmpPageProps } from '../../shared/amp-pages';
import { makeAccess } from '../../device/fields';
import { useAmpState, useAmpSummary, useDeviceWrite } from '../../device';
import { Dot1xPage } from './components/dot1x-page';
import { ampHttpOrigin, uploadDot1xFile } from './upload';

/** spec 2 §6: 802.1X is among the UAC-controlled fields; the form takes the lowest level of its field URLs. */
const DOT1X_FIELD_URLS = ['Mode', 'Identity', 'AnonymousIdentity', 'Domain', 'Password'].map(
  (f) => `/network/ethernet/dot1x${f}`,
);

export function Dot1xScreen({ ampId }: AmpPageProps) {
  const ethernet = useAmpState(ampId, (s) => s?.network?.ethernet);
  const uac = useAmpState(ampId, (s) => s?.UAC);
  const lockedProperties = useAmpState(ampId, (s) => s?.lockedProperties);
  const firmwareVersion = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.firmwareVersion);
  const summary = useAmpSummary(ampId);
  const { canWrite, set } = useDeviceWrite(ampId);
  const cloud = useHostingMode().mode === 'cloud';
  const level = useMemo(() => {
    const access = makeAccess({ uac, firmwareVersion, lockedProperties, cloud, canWrite });
    return Math.min(...DOT1X_FIELD_URLS.map(access)) as UacLevel;
  }, [uac, firmwareVersion, lockedProperties, cloud, canWrite]);
  const origin = ampHttpOrigin(ampId, window.location);
  const upload = useCallback((slot: Dot1xFileSlot, file: File) => uploadDot1xFile(origin, slot, file), [origin]);
  const save = useCallback((params: Record<string, string>) => set('/network/ethernet', params), [set]);
  return (
    <Dot1xPage
      ethernet={ethernet}
      canWrite={canWrite}
      cloud={cloud}
      guest={summary?.isConnected === true && summary.isPasswordProtected && !canWrite}
      level={level}
      upload={upload}
      onSave={save}
    />
  );
}
