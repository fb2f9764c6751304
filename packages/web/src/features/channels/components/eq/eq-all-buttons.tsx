/** spec 2 §4: Flatten all, Reset all and Enable/Disable all over the 8 IIR and 16 FIR input filters. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  enableAllOffers,
  enableAllPatch,
  flattenAllPatch,
  resetAllPatch,
  UAC_LEVELS,
  type AmpChannelState,
  type EqPatch,
  type ModelInfo,
} from '@rackside/protocol';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { lowestLevel } from '../fields/access';
import { patchFieldUrls, sendEqPatch } from './eq-writes';

export interface EqAllButtonsProps {
  ctx: FieldContext;
  model: ModelInfo;
  channel: number;
  channelState: AmpChannelState;
}

export function EqAllButtons({ ctx, model, channel, channelState }: EqAllButtonsProps) {
  const { t } = useChannelsText();
  const offers = enableAllOffers(channelState.inputIirEqFilters);
  const enablePatch = enableAllPatch(model, channel, offers === 'enable');
  const reset = resetAllPatch(model, channel);
  const writable = (patch: EqPatch) => lowestLevel(ctx.access, patchFieldUrls(channel, patch)) === UAC_LEVELS.Write;
  const button = (label: string, patch: EqPatch) => (
    <Button
      variant="outlined"
      size="small"
      disabled={!writable(patch)}
      onClick={() => sendEqPatch(ctx.write, channel, patch)}
    >
      {label}
    </Button>
  );
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {button(t('eq.flattenAll'), flattenAllPatch(model, channel))}
      {button(t('eq.resetAll'), reset)}
      {button(offers === 'enable' ? t('eq.enableAll') : t('eq.disableAll'), enablePatch)}
    </Stack>
  );
}
