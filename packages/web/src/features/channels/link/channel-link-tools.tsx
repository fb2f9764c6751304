/**
 * Issue 18: the channel view's linking and copying tools: 'Link channels', 'Copy to channels…' and the notice of a
 * linked write some channels did not take. Like the speaker tunings section, they need the app's providers (the device
 * store and connection manager), so outside them (the tabs' own tests) nothing shows.
 */
import { useContext } from 'react';
import { ReactReduxContext } from 'react-redux';
import Stack from '@mui/material/Stack';
import type { ChannelTabProps } from '../types';
import { CopyBlockButton } from '../copy/copy-button';
import { LinkChannelsButton, LinkRefusalNotice } from './link-controls';
import { useLinkedAmpsOpen } from './use-linked-amps-open';

export type LinkToolsContext = Pick<ChannelTabProps, 'ampId' | 'model' | 'state' | 'info' | 'access'>;

export function ChannelLinkTools(props: { ctx: LinkToolsContext; channel: number }) {
  return useContext(ReactReduxContext) ? <Tools {...props} /> : null;
}

function Tools({ ctx, channel }: { ctx: LinkToolsContext; channel: number }) {
  useLinkedAmpsOpen(ctx.ampId);
  return (
    <Stack sx={{ gap: 1, flex: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <LinkChannelsButton ampId={ctx.ampId} state={ctx.state} channel={channel} />
        <CopyBlockButton ctx={ctx} source={channel} />
      </Stack>
      <LinkRefusalNotice ampId={ctx.ampId} />
    </Stack>
  );
}
