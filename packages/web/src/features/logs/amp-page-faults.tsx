/** The /amps/{ampId}/faults screen (spec 2 §2): the amp's fault log. */
import type { AmpPageProps } from '../amp-detail/components/amp-page-route';
import { LogPage } from './components/log-page';

export default function FaultsScreen({ ampId }: AmpPageProps) {
  return <LogPage ampId={ampId} log="faults" />;
}
