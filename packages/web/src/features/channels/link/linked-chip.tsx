/**
 * Issue 18: in a linked channel's column, what it is linked with ('Linked: 1, 2', 'Linked: 1, 2 · Ch 1 on Sub Left')
 * and an Unlink button (its links on this amp and across amps).
 */
import { useContext } from 'react';
import { ReactReduxContext, shallowEqual, useSelector } from 'react-redux';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { WithDevices } from '../../../device';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';
import { useLinksText } from './links-i18n';
import { LinkIcon } from './link-icon';
import { ampName } from './other-amps';

interface ChipProps {
  ampId: string;
  channel: number;
  store?: LinkStore;
}

const NONE: readonly string[] = [];

export function LinkedChip({ ampId, channel, store = linkStore }: ChipProps) {
  const { channels, across } = useAmpLinks(ampId, store);
  const peers = across[channel] ?? NONE;
  const local = channels.includes(channel);
  // the names of linked amps come from the device store (not there in the tabs' own tests, nor needed: no links)
  const hasStore = useContext(ReactReduxContext) !== null;
  if (!local && (peers.length === 0 || !hasStore)) return null;
  return hasStore && peers.length > 0 ? (
    <AcrossChip ampId={ampId} channel={channel} store={store} local={local ? channels : NONE} peers={peers} />
  ) : (
    <ChipRow ampId={ampId} channel={channel} store={store} local={channels} peers={NONE} names={NONE} />
  );
}

interface RowProps extends Required<ChipProps> {
  local: readonly (number | string)[];
  peers: readonly string[];
}

function AcrossChip(props: RowProps) {
  const names = useSelector((s: WithDevices) => props.peers.map((id) => ampName(s, id)), shallowEqual);
  return <ChipRow {...props} names={names} />;
}

function ChipRow({ ampId, channel, store, local, peers, names }: RowProps & { names: readonly string[] }) {
  const { t } = useLinksText();
  const list = local.join(', ');
  const amps = names.join(', ');
  const label =
    peers.length === 0
      ? t('link.chip', { channels: list })
      : local.length > 0
        ? t('link.chipAcross', { channels: list, n: channel, amps })
        : t('link.chipAcrossOnly', { n: channel, amps });
  const unlinkLabel =
    peers.length === 0
      ? t('link.unlinkLabel', { channels: list })
      : local.length > 0
        ? t('link.unlinkBothLabel', { channels: list, n: channel, amps })
        : t('link.unlinkAcrossLabel', { n: channel, amps });
  const unlink = () => {
    if (local.length > 0) store.unlink(ampId);
    if (peers.length > 0) store.unlinkAcross(ampId, channel);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, minWidth: 0 }}>
      <Chip
        size="small"
        color="info"
        icon={<LinkIcon />}
        label={label}
        sx={{ maxWidth: '100%', minWidth: 0 }}
        title={label}
      />
      <Button size="small" onClick={unlink} aria-label={unlinkLabel}>
        {t('link.unlink')}
      </Button>
    </Stack>
  );
}
