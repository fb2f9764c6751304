/**
 * Sections of the venues screens that load in their own chunk: the dashboard (the wide main area of /venues and the
 * narrow /venues/dashboard tab, spec 1 §2) and the notification recipients of venue settings (from features/contacts).
 */
import { Box } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';

const Dashboard = lazy(async () => ({ default: (await import('../dashboard/dashboard-panel')).DashboardPanel }));
const Recipients = lazy(async () => ({ default: (await import('../../contacts')).VenueRecipients }));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <LoadingSpinner />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}

export function DashboardSection() {
  return (
    <Loading>
      <Dashboard />
    </Loading>
  );
}

export function RecipientsSection({ venueId }: { venueId: string }) {
  return (
    <Loading>
      <Recipients venueId={venueId} />
    </Loading>
  );
}
