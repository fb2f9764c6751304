/** The /amps/{ampId}/events screen (spec 2 §2): the amp's event log. */
import type { AmpPageProps } from '../amp-detail/components/amp-page-route';
import { LogPage } from './components/log-page';

export default function EventsScreen({ ampId }: AmpPageProps) {
  return <LogPage ampId={ampId} log="events" />;
}
