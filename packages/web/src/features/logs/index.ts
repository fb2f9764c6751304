/** The amp's event and fault logs (spec 2 §2 /amps/{ampId}/events and /faults). */
export { EventsScreen } from './amp-page-events';
export { FaultsScreen } from './amp-page-faults';
