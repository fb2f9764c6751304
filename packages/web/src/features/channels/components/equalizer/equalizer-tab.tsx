/** spec 2 §2 Equalizer: the response and the channel's 8 output filters. */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { eqFilterKeys } from '@rackside/protocol';
import { createPreviewStore } from '../../preview-store';
import { outputEqResponse } from '../../response';
import type { ChannelTabProps } from '../../types';
import { ChannelResponse } from '../eq/channel-response';
import { IirFilterCard } from '../eq/iir-filter-card';

export function EqualizerTab(props: ChannelTabProps) {
  const { model, channel, state } = props;
  const [preview] = useState(createPreviewStore);
  const channelState = state.channels[String(channel)];
  if (!channelState) return null;
  return (
    <Stack sx={{ gap: 2 }}>
      <ChannelResponse channelState={channelState} channel={channel} preview={preview} build={outputEqResponse} />
      {eqFilterKeys(model, channel, 'outputEqFilters').map((k) => (
        <IirFilterCard
          key={k}
          ctx={props}
          model={model}
          channel={channel}
          group="outputEqFilters"
          filterKey={k}
          onPreview={preview.set}
        />
      ))}
    </Stack>
  );
}
