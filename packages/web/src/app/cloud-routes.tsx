/**
 * The routes of spec 1 §2 in cloud mode. Open: /login, /register, /forgot, /preferences, /about. Signed in:
 * /verify-email; signed in with a verified email: /profile, /venues/*, /contacts, /update. Anything else → /.
 */
import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from '../shared/ui/error-screen';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { CloudRootRedirect, RequireUser, RequireVerified } from './cloud-guards';
import { cloudFirmwareRoutes, contactsRoutes } from './cloud-seams';
import { AppLayout } from './layout/app-layout';
import { venuesRoutes } from './venues-routes';

const auth = () => import('../features/cloud-auth');

export const cloudRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <CloudRootRedirect /> },
      { path: 'login', lazy: async () => ({ Component: (await auth()).SignInPage }) },
      { path: 'register', lazy: async () => ({ Component: (await auth()).RegisterPage }) },
      { path: 'forgot', lazy: async () => ({ Component: (await auth()).ForgotPasswordPage }) },
      {
        path: 'preferences',
        lazy: async () => ({ Component: (await import('../features/preferences')).PreferencesPage }),
      },
      { path: 'about', lazy: async () => ({ Component: (await import('../features/about')).AboutPage }) },
      {
        element: <RequireUser />,
        children: [
          { path: 'verify-email', lazy: async () => ({ Component: (await auth()).VerifyEmailPage }) },
          {
            element: <RequireVerified />,
            children: [
              { path: 'profile', lazy: async () => ({ Component: (await auth()).ProfilePage }) },
              venuesRoutes,
              ...contactsRoutes,
              ...cloudFirmwareRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
