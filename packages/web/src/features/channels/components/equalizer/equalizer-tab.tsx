/** spec 2 §2 Equalizer: the channel's combined response with the output filters' handles, and its 8 output filters. */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { eqFilterKeys } from '@rackside/protocol';
import { createPreviewStore } from '../../preview-store';
import type { ChannelTabProps } from '../../types';
import { IirFilterCard } from '../eq/iir-filter-card';
import { ChannelResponse } from '../response/channel-response';

export function EqualizerTab(props: ChannelTabProps) {
  const { model, channel, state } = props;
  const [preview] = useState(createPreviewStore);
  if (!state.channels[String(channel)]) return null;
  return (
    <Stack sx={{ gap: 2 }}>
      <ChannelResponse ctx={props} preview={preview} block="outputEq" />
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
