/**
 * The routes of spec 1 §2 and spec 2 §2 in local mode. Screens load lazily (one chunk per feature); the layout,
 * the root redirect and the error screen are in the main chunk. The amp list (the first route) is drawn without
 * MUI; every other screen sits under the pathless MuiOutlet route, which brings MUI and its theme (docs/adr/0004).
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from '../shared/ui/error-screen';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { ampPageRoutes } from './amp-routes';
import { AppLayout } from './layout/app-layout';
import { muiRoute } from './mui-route';
import { RootRedirect } from './root-redirect';

const amps = () => import('../features/amp-list');

/** The amp list is where nearly every visit lands: main.tsx starts loading it at once, beside the host amp's answer. */
export const preloadAmpList = (): void => void amps();
const ampDetail = () => import('../features/amp-detail');
const csTouch = () => import('../features/cs-touch');

const AppDrawer = lazy(async () => ({ default: (await import('./layout/app-drawer')).AppDrawer }));

export const routes: RouteObject[] = [
  {
    element: <AppLayout menu={AppDrawer} />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: 'amps',
        lazy: async () => ({ Component: (await amps()).AmpsLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await amps()).SelectAmpPrompt }) },
          muiRoute([
            {
              path: ':ampId',
              lazy: async () => ({ Component: (await ampDetail()).AmpDetailShell }),
              children: ampPageRoutes,
            },
          ]),
        ],
      },
      muiRoute([
        { path: 'login', lazy: async () => ({ Component: (await import('../features/amp-login')).LoginPage }) },
        {
          path: 'preferences',
          lazy: async () => ({ Component: (await import('../features/preferences')).PreferencesPage }),
        },
        { path: 'about', lazy: async () => ({ Component: (await import('../features/about')).AboutPage }) },
        {
          path: 'update',
          lazy: async () => ({ Component: (await import('../features/local-update')).LocalUpdatePage }),
        },
        {
          // spec 3 §2: the touch configuration editor; no panel id → the amp list
          path: 'cs-touch',
          lazy: async () => ({ Component: (await csTouch()).CsTouchLayout }),
          children: [
            { index: true, element: <Navigate to="/amps" replace /> },
            {
              path: ':touchId',
              lazy: async () => ({ Component: (await csTouch()).TouchPanelRoute }),
              children: [
                { index: true, lazy: async () => ({ Component: (await csTouch()).GroupAreaPrompt }) },
                { path: 'group/:groupIndex', lazy: async () => ({ Component: (await csTouch()).GroupDetail }) },
                {
                  path: 'group/:groupIndex/:subGroupIndex',
                  lazy: async () => ({ Component: (await csTouch()).GroupDetail }),
                },
                { path: '*', element: <Navigate to=".." replace /> },
              ],
            },
          ],
        },
      ]),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
