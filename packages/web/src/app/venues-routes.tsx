/** spec 1 §2 venues area (base /venues); screens load lazily from features/venues. */
import { Navigate, type RouteObject } from 'react-router';
import { ampPageRoutes } from './amp-routes';

const venues = () => import('../features/venues');
const auditScreens = async () => (await import('../features/audit')).loadAuditScreens();

export const venuesRoutes: RouteObject = {
  path: 'venues',
  lazy: async () => ({ Component: (await venues()).VenuesLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await venues()).VenuesHome }) },
    { path: 'add', lazy: async () => ({ Component: (await venues()).AddVenuePage }) },
    { path: 'dashboard', lazy: async () => ({ Component: (await venues()).DashboardRoute }) },
    {
      path: ':venueId',
      lazy: async () => ({ Component: (await venues()).VenuePanelLayout }),
      children: [
        { index: true, lazy: async () => ({ Component: (await venues()).SelectAmpPrompt }) },
        // issue 21: the amp's audit timeline beside the venue's amps (no relay session: any role reads it)
        { path: 'amps/:ampId/activity', lazy: async () => ({ Component: (await auditScreens()).AmpAuditPage }) },
        {
          // issue 13: the amp detail through the cloud relay, every page of local mode
          path: 'amps/:ampId',
          lazy: async () => ({ Component: (await import('../features/amp-detail')).RemoteAmpDetail }),
          children: ampPageRoutes,
        },
      ],
    },
    { path: ':venueId/add', lazy: async () => ({ Component: (await venues()).AddAmpPage }) },
    { path: ':venueId/settings', lazy: async () => ({ Component: (await venues()).VenueSettingsPage }) },
    // issue 15: the venue's incidents (spec 1 §2 venue faults path)
    {
      path: ':venueId/faults',
      lazy: async () => ({
        Component: (await (await import('../features/incidents')).loadIncidentScreens()).VenueIncidentsPage,
      }),
    },
    // issue 21: the venue's audit timeline
    { path: ':venueId/activity', lazy: async () => ({ Component: (await auditScreens()).VenueAuditPage }) },
    { path: ':venueId/firmware', element: <Navigate to="/update" replace /> },
    { path: ':venueId/*', element: <Navigate to="/venues" replace /> },
  ],
};
