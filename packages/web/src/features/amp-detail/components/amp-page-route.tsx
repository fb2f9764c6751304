import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { UAC_HIDDEN_PAGES, ampPath, type AmpPage } from '../../../shared/amp-pages';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { ComingPage } from '../../../shared/ui/coming-page';
import { useAmpModel, useAmpState, useAmpSummary } from '../../devices';

/**
 * An amp sub-page (settings, events, faults, power, network, dot1x, green, advanced, connect). Their screens arrive
 * with the next issue; the route already applies the rules that decide whether the page exists for this amp.
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
  return <ComingPage title={t(`pages.${page}`)} headingLevel="h2" />;
}
