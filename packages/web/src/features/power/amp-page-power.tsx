/** The /amps/{ampId}/power screen (spec 2 §2 Power supply page), fed from the device slice. */
import type { AmpPageProps } from '../../shared/amp-pages';
import { useAmpState, useAmpSummary } from '../../device';
import { PowerPage } from './components/power-page';
import { usePowerControls } from './use-power-controls';

export function PowerScreen({ ampId }: AmpPageProps) {
  const powerSupply = useAmpState(ampId, (s) => s?.amp?.powerSupply);
  const autoStandby = useAmpState(ampId, (s) => s?.amp?.autoStandby);
  const summary = useAmpSummary(ampId);
  const ctx = usePowerControls(ampId);
  const guest = summary?.isConnected === true && summary.isPasswordProtected && !ctx.canWrite;
  return <PowerPage powerSupply={powerSupply} autoStandby={autoStandby} ctx={ctx} guest={guest} />;
}
