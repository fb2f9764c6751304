/** The /amps/{ampId}/events screen (spec 2 §2): the amp's event log. */
import type { AmpPageProps } from '../../shared/amp-pages';
import { LogPage } from './components/log-page';

export function EventsScreen({ ampId }: AmpPageProps) {
  return <LogPage ampId={ampId} log="events" />;
}
