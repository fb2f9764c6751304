/**
 * Seams for issue 7 part B: screens of other features that plug into the venues screens when they exist, each its
 * own lazy chunk; until then a translated 'coming' note shows.
 * - features/dashboard/dashboard-panel.tsx, default export, no props: the wide main area of /venues and the
 *   narrow /venues/dashboard tab (spec 1 §2 Dashboard);
 * - features/contacts/venue-recipients.tsx, default export `({venueId})`: the notifications section of venue
 *   settings (spec 1 §2 recipients).
 */
import { Box, Typography } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../../shared/ui/coming-page';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';

const firstLazy = <P,>(modules: Record<string, () => Promise<{ default: ComponentType<P> }>>) => {
  const load = Object.values(modules)[0];
  return load ? lazy(load) : null;
};

const Dashboard = firstLazy(import.meta.glob<{ default: ComponentType }>('../../dashboard/dashboard-panel.tsx'));
const Recipients = firstLazy(
  import.meta.glob<{ default: ComponentType<{ venueId: string }> }>('../../contacts/venue-recipients.tsx'),
);

const fallback = (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
    <LoadingSpinner />
  </Box>
);

export function DashboardSlot() {
  const { t } = useTranslation('common');
  if (!Dashboard) return <ComingPage title={t('coming.dashboard')} headingLevel="h2" />;
  return (
    <Suspense fallback={fallback}>
      <Dashboard />
    </Suspense>
  );
}

export function RecipientsSlot({ venueId }: { venueId: string }) {
  const { t } = useTranslation('common');
  if (!Recipients) return <Typography color="textSecondary">{t('coming.text')}</Typography>;
  return (
    <Suspense fallback={fallback}>
      <Recipients venueId={venueId} />
    </Suspense>
  );
}
