/**
 * spec 2 §2 Input EQ: the 'all' buttons, the channel's combined response with the input filters' handles, 8 IIR
 * cards, then 16 FIR cards labelled 9-24.
 */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { eqFilterKeys } from '@rackside/protocol';
import { useChannelsText } from '../../i18n';
import { createPreviewStore } from '../../preview-store';
import type { ChannelTabProps } from '../../types';
import { EqAllButtons } from '../eq/eq-all-buttons';
import { FirFilterCard } from '../eq/fir-filter-card';
import { IirFilterCard } from '../eq/iir-filter-card';
import { ChannelResponse } from '../response/channel-response';

export function InputEqTab(props: ChannelTabProps) {
  const { model, channel, state } = props;
  const { t } = useChannelsText();
  const [preview] = useState(createPreviewStore);
  const channelState = state.channels[String(channel)];
  if (!channelState) return null;
  const iir = eqFilterKeys(model, channel, 'inputIirEqFilters');
  const fir = eqFilterKeys(model, channel, 'inputFirEqFilters');
  return (
    <Stack sx={{ gap: 2 }}>
      <EqAllButtons ctx={props} ampId={props.ampId} model={model} channel={channel} channelState={channelState} />
      <ChannelResponse ctx={props} preview={preview} block="inputEq" />
      <Typography variant="subtitle1" component="h3">
        {t('eq.iir')}
      </Typography>
      {iir.map((k) => (
        <IirFilterCard
          key={k}
          ctx={props}
          model={model}
          channel={channel}
          group="inputIirEqFilters"
          filterKey={k}
          onPreview={preview.set}
        />
      ))}
      <Typography variant="subtitle1" component="h3">
        {t('eq.fir')}
      </Typography>
      {fir.map((k) => (
        <FirFilterCard key={k} ctx={props} model={model} channel={channel} filterKey={k} onPreview={preview.set} />
      ))}
    </Stack>
  );
}
