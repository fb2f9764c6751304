/** spec 1 §2 venues area (base /venues); screens load lazily from features/venues. */
import { Navigate, type RouteObject } from 'react-router';

const venues = () => import('../features/venues');

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
        { path: 'amps/:ampId/*', lazy: async () => ({ Component: (await venues()).CloudAmpDetailRoute }) },
      ],
    },
    { path: ':venueId/add', lazy: async () => ({ Component: (await venues()).AddAmpPage }) },
    { path: ':venueId/settings', lazy: async () => ({ Component: (await venues()).VenueSettingsPage }) },
    { path: ':venueId/firmware', element: <Navigate to="/update" replace /> },
    { path: ':venueId/*', element: <Navigate to="/venues" replace /> },
  ],
};
