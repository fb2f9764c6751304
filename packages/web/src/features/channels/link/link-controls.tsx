/**
 * Issue 18: the channel view's 'Link channels' button (its dialog mounted while open) and the notice of the last linked
 * write a linked channel did not take.
 */
import { useState } from 'react';
import { useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { deepEqual, type AmpState } from '@rackside/protocol';
import type { WithDevices } from '../../../device';
import { LinkDialog } from './link-dialog';
import { LinkIcon } from './link-icon';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';
import { useLinksText } from './links-i18n';
import { selectLinkableAmps } from './other-amps';

export interface LinkControlsProps {
  readonly ampId: string;
  readonly state: AmpState;
  /** The channel shown first (ticked when nothing is linked yet). */
  readonly channel: number;
  readonly store?: LinkStore;
}

export function LinkChannelsButton({ ampId, state, channel, store = linkStore }: LinkControlsProps) {
  const { t } = useLinksText();
  const links = useAmpLinks(ampId, store);
  const [open, setOpen] = useState(false);
  const across = links.across[channel] ?? [];
  const amps = useSelector((s: WithDevices) => selectLinkableAmps(s, ampId, channel, across), deepEqual);
  const linked = links.channels.length > 0 || Object.keys(links.across).length > 0;
  return (
    <>
      <Button
        variant={linked ? 'contained' : 'outlined'}
        color={linked ? 'info' : 'primary'}
        startIcon={<LinkIcon />}
        aria-haspopup="dialog"
        disabled={Object.keys(state.channels).length < 2 && amps.length === 0}
        onClick={() => setOpen(true)}
      >
        {t('link.button')}
      </Button>
      {open ? (
        <LinkDialog
          state={state}
          initial={links.channels.length > 0 ? links.channels : [channel]}
          linked={linked}
          channel={channel}
          amps={amps}
          initialAmps={across}
          onLink={(channels, others) => {
            store.link(ampId, channels);
            store.linkAcross(ampId, channel, others);
            setOpen(false);
          }}
          onUnlink={() => {
            store.unlink(ampId);
            store.unlinkAcross(ampId);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The last linked write some linked channels (here and on other amps) did not take, and why; dismissible. */
export function LinkRefusalNotice({ ampId, store = linkStore }: { ampId: string; store?: LinkStore }) {
  const { t } = useLinksText();
  const { refusal } = useAmpLinks(ampId, store);
  if (!refusal) return null;
  const lines = [
    ...(refusal.channels.length > 0
      ? [t('link.refused', { channels: refusal.channels.join(', '), reason: t(`link.reasons.${refusal.reason}`) })]
      : []),
    ...(refusal.others ?? []).map((o) =>
      t('link.refusedOn', { amp: o.name, channels: o.channels.join(', '), reason: t(`link.reasons.${o.reason}`) }),
    ),
  ];
  return (
    <Alert severity="warning" onClose={() => store.dismissRefusal(ampId)} closeText={t('link.dismiss')}>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
