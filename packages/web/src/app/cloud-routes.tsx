/**
 * The routes of spec 1 §2 in cloud mode. Open: /login, /register, /forgot, /preferences, /about. Signed in:
 * /verify-email; signed in with a verified email: /profile (with /profile/two-factor and /profile/sessions, issue 21),
 * /venues/*, /contacts, /update, the firmware library /firmware (issue 14), /members and /invitation?token= (issue 21),
 * the organisation's audit timeline /activity (issue 21).
 * Anything else → /.
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from '../shared/ui/error-screen';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { CloudRootRedirect, RequireUser, RequireVerified } from './cloud-guards';
import { AppLayout } from './layout/app-layout';
import { muiRoute } from './mui-route';
import { venuesRoutes } from './venues-routes';

const auth = () => import('../features/account');
const contacts = () => import('../features/contacts');
const members = () => import('../features/members');
const CloudDrawer = lazy(async () => ({ default: (await import('./layout/cloud-drawer')).CloudDrawer }));

/** spec 1 §2 contacts area (base /contacts). */
const contactsRoutes: RouteObject = {
  path: 'contacts',
  children: [
    { index: true, lazy: async () => ({ Component: (await contacts()).ContactsPage }) },
    { path: 'add', lazy: async () => ({ Component: (await contacts()).AddContactPage }) },
    { path: ':contactId/edit', lazy: async () => ({ Component: (await contacts()).EditContactPage }) },
    // spec 1 §2: the edit screen without an id, or anything else here, goes back to the list
    { path: '*', element: <Navigate to="/contacts" replace /> },
  ],
};

export const cloudRoutes: RouteObject[] = [
  {
    element: <AppLayout menu={CloudDrawer} />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      // every cloud screen uses MUI (the first route's budget is the local amp list's, docs/adr/0004)
      muiRoute([
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
                // issue 21: two-factor sign-in and the signed-in devices, in a chunk of their own (the QR code)
                {
                  path: 'profile/two-factor',
                  lazy: async () => ({ Component: (await (await auth()).loadSecurityPages()).TwoFactorPage }),
                },
                {
                  path: 'profile/sessions',
                  lazy: async () => ({ Component: (await (await auth()).loadSecurityPages()).SessionsPage }),
                },
                venuesRoutes,
                contactsRoutes,
                // issue 21: the organisation's members, and the page an invitation e-mail links to (?token=)
                { path: 'members', lazy: async () => ({ Component: (await members()).MembersPage }) },
                { path: 'invitation', lazy: async () => ({ Component: (await members()).InvitationPage }) },
                // issue 21: the organisation's audit timeline
                {
                  path: 'activity',
                  lazy: async () => ({
                    Component: (await (await import('../features/audit')).loadAuditScreens()).OrgAuditPage,
                  }),
                },
                {
                  path: 'firmware',
                  lazy: async () => ({
                    Component: (await import('../features/firmware-library')).FirmwareLibraryPage,
                  }),
                },
                // spec 1 §2 cloud firmware update: selection, progress, past rollouts (issue 14)
                {
                  path: 'update',
                  lazy: async () => ({ Component: (await import('../features/cloud-update')).CloudUpdatePage }),
                },
              ],
            },
          ],
        },
      ]),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
