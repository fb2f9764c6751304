import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSelector } from 'react-redux';
import { selectUacHidesPages, useAmpModel, useAmpState, type WithDevices } from '../../../device';
import { UAC_HIDDEN_PAGES, useAmpRoutes, type AmpPage, type AmpPageProps } from '../../../shared/amp-pages';
import { CenteredMessage } from '../../../shared/ui/centered-message';

/** True when `n` names one of the model's channels ("1" … "8"). */
export const isChannelOf = (n: string, channels: number): boolean =>
  /^[1-9]\d*$/.test(n) && Number(n) >= 1 && Number(n) <= channels;

/**
 * The rules that decide whether an amp page exists for this amp, applied before its screen renders (the route table
 * in app/ gives the screen): spec 2 §2 a UAC lock that leaves the user nothing to see hides the configuring pages (a role that reads or
 * writes anything shows them, each field at its level: issue 18); the 802.1X page exists only on models
 * with 802.1X and while it is enabled; channel {n} must be one of the model's channels.
 */
export function AmpPageGate({ page, Screen }: { page: AmpPage | 'channels'; Screen: ComponentType<AmpPageProps> }) {
  const { t } = useTranslation('amp-detail');
  const { ampId = '', n } = useParams();
  const routes = useAmpRoutes();
  const model = useAmpModel(ampId);
  const locked = useSelector((s: WithDevices) => selectUacHidesPages(s, ampId));
  const dot1xEnabled = useAmpState(ampId, (s) => s?.network?.ethernet?.dot1xEnable);
  // connect-to-account is local only (spec 2 §2)
  if (page === 'connect' && routes.cloud) return <Navigate to={routes.amp(ampId)} replace />;
  if (page === 'dot1x') {
    if (model && !model.caps.dot1x) return <Navigate to={routes.list} replace />;
    if (dot1xEnabled === false) return <Navigate to={routes.amp(ampId)} replace />;
  }
  if (locked && UAC_HIDDEN_PAGES.has(page)) return <CenteredMessage title={t('uacLocked')} />;
  if (page === 'channels') {
    if (n !== undefined && model && !isChannelOf(n, model.channels))
      return <CenteredMessage title={t('notFound.channel')} />;
  }
  return <Screen ampId={ampId} />;
}
