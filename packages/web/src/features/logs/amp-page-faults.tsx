/** The /amps/{ampId}/faults screen (spec 2 §2): the amp's fault log. */
import type { AmpPageProps } from '../../shared/amp-pages';
import { LogPage } from './components/log-page';

export function FaultsScreen({ ampId }: AmpPageProps) {
  return <LogPage ampId={ampId} log="faults" />;
}
