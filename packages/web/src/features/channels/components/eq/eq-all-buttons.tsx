/**
 * spec 2 §4: Flatten all, Reset all and Enable/Disable all over the 8 IIR and 16 FIR input filters. Reset all wipes
 * every filter of a live channel, so it asks first, naming the amp and the channel; Cancel changes nothing (issue 18).
 */
import { useState } from 'react';
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
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { confirmNames } from '../../confirm-names';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { lowestLevel } from '../fields/access';
import { patchFieldUrls, sendEqPatch } from './eq-writes';

export interface EqAllButtonsProps {
  ctx: FieldContext;
  ampId: string;
  model: ModelInfo;
  channel: number;
  channelState: AmpChannelState;
}

/** The number of filters a patch touches (8 IIR + 16 FIR on an advanced-DSP model). */
const filterCount = (patch: EqPatch): number =>
  Object.values(patch).reduce((n, group) => n + Object.keys(group ?? {}).length, 0);

export function EqAllButtons({ ctx, ampId, model, channel, channelState }: EqAllButtonsProps) {
  const { t } = useChannelsText();
  const [asking, setAsking] = useState(false);
  const offers = enableAllOffers(channelState.inputIirEqFilters);
  const enablePatch = enableAllPatch(model, channel, offers === 'enable');
  const reset = resetAllPatch(model, channel);
  const writable = (patch: EqPatch) => lowestLevel(ctx.access, patchFieldUrls(channel, patch)) === UAC_LEVELS.Write;
  const button = (label: string, patch: EqPatch, onClick = () => sendEqPatch(ctx.write, channel, patch)) => (
    <Button variant="outlined" size="small" disabled={!writable(patch)} onClick={onClick}>
      {label}
    </Button>
  );
  const confirmReset = () => {
    setAsking(false);
    sendEqPatch(ctx.write, channel, reset);
  };
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {button(t('eq.flattenAll'), flattenAllPatch(model, channel))}
      {button(t('eq.resetAll'), reset, () => setAsking(true))}
      {button(offers === 'enable' ? t('eq.enableAll') : t('eq.disableAll'), enablePatch)}
      <ConfirmDialog
        open={asking}
        title={t('eq.resetAllTitle')}
        text={t('eq.resetAllText', { ...confirmNames(ctx.state, ampId, channel), filters: filterCount(reset) })}
        cancelLabel={t('ui.cancel')}
        confirmLabel={t('eq.resetAll')}
        busy={false}
        onConfirm={confirmReset}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
