/**
 * Issue 18: the channel view's 'Link channels' button (its dialog mounted while open) and the notice of the last linked
 * write a linked channel did not take.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AmpState } from '@rackside/protocol';
import { LinkDialog } from './link-dialog';
import { LinkIcon } from './link-icon';
import { linkStore, useAmpLinks, type LinkStore } from './link-store';
import { useLinksText } from './links-i18n';

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
  const linked = links.channels.length > 0;
  return (
    <>
      <Button
        variant={linked ? 'contained' : 'outlined'}
        color={linked ? 'info' : 'primary'}
        startIcon={<LinkIcon />}
        aria-haspopup="dialog"
        disabled={Object.keys(state.channels).length < 2}
        onClick={() => setOpen(true)}
      >
        {t('link.button')}
      </Button>
      {open ? (
        <LinkDialog
          state={state}
          initial={linked ? links.channels : [channel]}
          linked={linked}
          onLink={(channels) => {
            store.link(ampId, channels);
            setOpen(false);
          }}
          onUnlink={() => {
            store.unlink(ampId);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The last linked write some linked channels did not take, and why; dismissible. */
export function LinkRefusalNotice({ ampId, store = linkStore }: { ampId: string; store?: LinkStore }) {
  const { t } = useLinksText();
  const { refusal } = useAmpLinks(ampId, store);
  if (!refusal) return null;
  return (
    <Alert severity="warning" onClose={() => store.dismissRefusal(ampId)} closeText={t('link.dismiss')}>
      {t('link.refused', { channels: refusal.channels.join(', '), reason: t(`link.reasons.${refusal.reason}`) })}
    </Alert>
  );
}
