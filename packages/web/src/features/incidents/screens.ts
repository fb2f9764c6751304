/** The incident screens, in their own chunk: loaded by `loadIncidentScreens` (index.ts) when one is first shown. */
export { VenueIncidentsPage } from './components/venue-incidents-page';
export { AmpIncidentsDialog } from './components/amp-incidents-dialog';
export { NotificationSettingsSection } from './components/notification-settings-section';
