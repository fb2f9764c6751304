/** The /amps/{ampId}/network screen (spec 2 §2): the amp's network form, fed from the device slice. */
import { useCallback } from 'react';
import { useHostingMode } from '../../shared/hosting';
import type { AmpPageProps } from '../../shared/amp-pages';
import { useAmpModel, useAmpState, useAmpSummary, useDeviceWrite } from '../../device';
import { NetworkPage } from './components/network-page';
import type { NetworkPayloads } from './network-form';

export function NetworkScreen({ ampId }: AmpPageProps) {
  const network = useAmpState(ampId, (s) => s?.network);
  const model = useAmpModel(ampId);
  const summary = useAmpSummary(ampId);
  const { canWrite, set } = useDeviceWrite(ampId);
  const cloud = useHostingMode().mode === 'cloud';
  const guest = summary?.isConnected === true && summary.isPasswordProtected && !canWrite;
  // spec 2 §4/§7: all three together; wifi without mac/signalStrength, apConfig without active
  const save = useCallback(
    async ({ ethernet, wifi, apConfig }: NetworkPayloads) => {
      const results = await Promise.all([
        set('/network/ethernet', ethernet),
        ...(wifi ? [set('/network/wifi', wifi)] : []),
        set('/network/apConfig', apConfig),
      ]);
      return results.every(Boolean);
    },
    [set],
  );
  return (
    <NetworkPage
      network={network}
      caps={{ wifi: model?.caps.wifi ?? network?.wifi !== undefined, dot1x: model?.caps.dot1x ?? false }}
      canWrite={canWrite}
      cloud={cloud}
      guest={guest}
      onSave={save}
    />
  );
}
