import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { UAC_HIDDEN_PAGES, ampPath, type AmpPage } from '../../../shared/amp-pages';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { ComingPage } from '../../../shared/ui/coming-page';
import { useAmpModel, useAmpState, useAmpSummary } from '../../devices';

/** What an amp sub-page component receives. */
export interface AmpPageProps {
  readonly ampId: string;
  readonly page: AmpPage;
}

/**
 * Sub-page screens live in their features as `features/<feature>/amp-page-<page>.tsx` with a default export
 * (e.g. features/network/amp-page-network.tsx); each is its own lazy chunk. A page without a screen yet shows
 * the "coming" notice.
 */
const modules = import.meta.glob<{ default: ComponentType<AmpPageProps> }>('../../*/amp-page-*.tsx');
const screens = new Map<string, LazyExoticComponent<ComponentType<AmpPageProps>>>();
for (const [path, load] of Object.entries(modules)) {
  const page = /amp-page-([a-z0-9]+)\.tsx$/.exec(path)?.[1];
  if (page) screens.set(page, lazy(load));
}

/**
 * An amp sub-page (settings, events, faults, power, network, dot1x, green, advanced, connect). The route applies
 * the rules that decide whether the page exists for this amp, then renders the page's screen.
 */
export function AmpPageRoute({ page }: { page: AmpPage }) {
  const { t } = useTranslation('amp-detail');
  const { ampId = '' } = useParams();
  const model = useAmpModel(ampId);
  const locked = useAmpSummary(ampId)?.isUACLocked === true;
  const dot1xEnabled = useAmpState(ampId, (s) => s?.network?.ethernet?.dot1xEnable);
  if (page === 'dot1x') {
    // spec 2 §2: an amp without 802.1X sends the user to the list; the page exists only while 802.1X is enabled
    if (model && !model.caps.dot1x) return <Navigate to="/amps" replace />;
    if (dot1xEnabled === false) return <Navigate to={ampPath(ampId)} replace />;
  }
  if (locked && UAC_HIDDEN_PAGES.has(page)) return <CenteredMessage title={t('uacLocked')} />;
  const Screen = screens.get(page);
  if (!Screen) return <ComingPage title={t(`pages.${page}`)} headingLevel="h2" />;
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t(`pages.${page}`)} />
        </Box>
      }
    >
      <Screen ampId={ampId} page={page} />
    </Suspense>
  );
}
