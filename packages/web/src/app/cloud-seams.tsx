/**
 * Where features still to come plug into the cloud routes (issue 7 part B). A feature that exists is picked up at
 * build time; until then its paths show a translated 'coming' page:
 * - features/contacts/routes.tsx exporting `contactsRoutes: RouteObject[]` (/contacts, /contacts/add,
 *   /contacts/:contactId/edit; lazy screens inside, spec 1 §2 Contacts);
 * - the dashboard panel (features/dashboard/dashboard-panel.tsx) and the venue recipients section
 *   (features/contacts/venue-recipients.tsx) plug into features/venues, see components/feature-slot.tsx there.
 */
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../shared/ui/coming-page';

const contacts = Object.values(
  import.meta.glob<{ contactsRoutes: RouteObject[] }>('../features/contacts/routes.tsx', { eager: true }),
)[0];

function ContactsComing() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.contacts')} />;
}

function CloudFirmwareComing() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.firmwareUpdate')} />;
}

export const contactsRoutes: RouteObject[] = contacts?.contactsRoutes ?? [
  { path: 'contacts/*', element: <ContactsComing /> },
];

/** /update in cloud mode (spec 1 §2 cloud firmware update; a later part of issue 7). */
export const cloudFirmwareRoutes: RouteObject[] = [{ path: 'update', element: <CloudFirmwareComing /> }];
