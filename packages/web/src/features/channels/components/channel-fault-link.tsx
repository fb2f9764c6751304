/**
 * Issue 18: a Faulted channel's reason in its header (power supply, the condition the amp logged, thermal shutdown),
 * a link to the amp's Faults page where the whole log is.
 */
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useAmpRoutes } from '../../../shared/amp-pages';
import { channelFaultReason, type FaultReason } from '../fault-reason';
import { useChannelsText } from '../i18n';
import type { FieldContext } from '../../../device/fields/types';

export interface ChannelFaultLinkProps {
  readonly ampId: string;
  readonly state: FieldContext['state'];
  readonly channel: number;
  /** The amp's `/logs/faults`. */
  readonly faultsLog: string | undefined;
}

export function ChannelFaultLink({ ampId, state, channel, faultsLog }: ChannelFaultLinkProps) {
  const { t } = useChannelsText();
  const routes = useAmpRoutes();
  const output = state.channels[String(channel)]?.output;
  const reason = channelFaultReason(
    {
      status: output?.status,
      thermal: output?.thermal,
      powerSupplyFault: state.powerSupply.fault,
      faultsLog,
    },
    channel,
  );
  if (!reason) return null;
  return (
    <Link
      component={RouterLink}
      to={routes.amp(ampId, 'faults')}
      color="error"
      title={t('view.fault.open')}
      sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 }}
    >
      {text(reason, t)}
    </Link>
  );
}

function text(reason: FaultReason, t: ReturnType<typeof useChannelsText>['t']): string {
  switch (reason.kind) {
    case 'logged':
      return t('view.fault.logged', { text: reason.text });
    case 'powerSupply':
      return t('view.fault.powerSupply');
    case 'thermal':
      return t('view.fault.thermal');
    case 'unknown':
      return t('view.fault.unknown');
  }
}
