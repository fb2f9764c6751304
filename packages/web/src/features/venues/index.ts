/** Venues (spec 1 §2): the list, add venue, the venue panel with its amps, settings, Add Amp. */
export { VenuesLayout } from './components/venues-layout';
export { VenuesHome, DashboardRoute } from './components/venues-home';
export { AddVenuePage } from './components/add-venue-page';
export { VenuePanelLayout } from './components/venue-panel-layout';
export { SelectAmpPrompt } from './components/venue-prompts';
export { AddAmpPage } from './components/add-amp-page';
export { VenueSettingsPage } from './components/venue-settings-page';
export { venuesApi, useGetVenuesOverviewQuery } from './api/venues-api';
export { useVenue, useVenuesOverview } from './use-venues';
export { venueStatus, type CloudAmp, type VenueOverview, type VenueStatus } from './venue-overview';
