/** The /amps/{ampId}/green screen: the amp's energy savings at a glance, linking to the power supply page. */
import type { AmpPageProps } from '../../shared/amp-pages';
import { useAmpState } from '../../device';
import { GreenPage } from './components/green-page';

export function GreenScreen({ ampId }: AmpPageProps) {
  const autoStandby = useAmpState(ampId, (s) => s?.amp?.autoStandby);
  const powerSupply = useAmpState(ampId, (s) => s?.amp?.powerSupply);
  const channels = useAmpState(ampId, (s) => s?.amp?.channels);
  return <GreenPage autoStandby={autoStandby} powerSupply={powerSupply} channels={channels} />;
}
