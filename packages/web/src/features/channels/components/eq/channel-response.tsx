/** A channel block's frequency response, following dragged sliders through the preview store. */
import { useMemo } from 'react';
import type { AmpChannelState } from '@rackside/protocol';
import { FrequencyResponse } from '../../../../shared/ui/frequency-response';
import type { ResponseFilter } from '../../../../shared/ui/frequency-response-math';
import { usePreviewValues, type PreviewStore, type PreviewValues } from '../../preview-store';

export interface ChannelResponseProps {
  channelState: AmpChannelState;
  channel: number;
  preview: PreviewStore;
  build: (ch: AmpChannelState, channel: number, preview: PreviewValues) => ResponseFilter[];
  dbRange?: readonly [number, number] | undefined;
}

export function ChannelResponse({ channelState, channel, preview, build, dbRange }: ChannelResponseProps) {
  const values = usePreviewValues(preview);
  const filters = useMemo(() => build(channelState, channel, values), [build, channelState, channel, values]);
  return <FrequencyResponse filters={filters} dbRange={dbRange} />;
}
