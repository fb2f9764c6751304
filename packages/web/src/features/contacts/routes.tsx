/** spec 1 §2 contacts area (base /contacts), picked up by app/cloud-seams.tsx; the screens load lazily. */
import { Navigate, type RouteObject } from 'react-router';

const contacts = () => import('./index');

export const contactsRoutes: RouteObject[] = [
  {
    path: 'contacts',
    children: [
      { index: true, lazy: async () => ({ Component: (await contacts()).ContactsPage }) },
      { path: 'add', lazy: async () => ({ Component: (await contacts()).AddContactPage }) },
      { path: ':contactId/edit', lazy: async () => ({ Component: (await contacts()).EditContactPage }) },
      // spec 1 §2: the edit screen without an id, or anything else here, goes back to the list
      { path: '*', element: <Navigate to="/contacts" replace /> },
    ],
  },
];
