/**
 * The channel's one combined response (issue 18): input EQ × crossover × output EQ (× custom FIR), in magnitude and,
 * on demand, phase; the tab's bands as drag handles; linked channels' curves overlaid. Kept in view (sticky) while
 * the filters below it are edited; follows dragged sliders and handles through the tab's preview store.
 */
import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { UAC_LEVELS } from '@rackside/protocol';
import { FrequencyResponse } from '../../../../shared/ui/frequency-response';
import { curveDbAt } from '../../../../shared/ui/frequency-response-math';
import { useChannelsText, type ChannelsKey, type ChannelsText } from '../../i18n';
import { usePreviewValues, type PreviewStore } from '../../preview-store';
import { channelResponse, hasCustomFir } from '../../response';
import type { ChannelTabProps } from '../../types';
import { bandHandles, type BandHandle, type ResponseBlock } from './band-handles';
import { ResponseHandle } from './response-handle';

/** One dB axis on every tab, so the same curve looks the same: room for the EQ's ±15 dB and crossover slopes. */
export const RESPONSE_DB_RANGE: readonly [number, number] = [-36, 18];

export interface ChannelResponseProps {
  ctx: ChannelTabProps;
  preview: PreviewStore;
  /** The block whose bands get handles. */
  block: ResponseBlock;
}

const signed = (v: number, d: number) => `${v > 0 ? '+' : ''}${v.toFixed(d)}`;

/** The value text names every field the handle moves. */
function valueKey(h: BandHandle): Extract<ChannelsKey, `response.values.${string}`> {
  if (!h.gain) return h.width ? 'response.values.frequencyQ' : 'response.values.frequency';
  if (!h.width) return 'response.values.gain';
  return h.width.kind === 'q' ? 'response.values.gainQ' : 'response.values.gainBandwidth';
}

function handleTexts({ t }: ChannelsText, h: BandHandle) {
  const { name } = h;
  const { label, mark } =
    'n' in name
      ? { label: t(`response.handles.${name.key}`, { n: name.n }), mark: String(name.n) }
      : { label: t(`crossover.${name.key}`), mark: t(`response.marks.${name.key}`) };
  const v = {
    frequency: h.frequency.value.toFixed(0),
    gain: h.gain && signed(h.gain.value, 1),
    q: h.width?.value.toFixed(2),
    bandwidth: h.width?.value.toFixed(2),
  };
  return { label, mark, valueText: t(valueKey(h), v) };
}

export function ChannelResponse({ ctx, preview, block }: ChannelResponseProps) {
  const text = useChannelsText();
  const { t } = text;
  const helpId = useId();
  const [showPhase, setShowPhase] = useState(false);
  const values = usePreviewValues(preview);
  const { state, info, access, model, channel } = ctx;
  const channelState = state.channels[String(channel)];
  const curve = useMemo(
    () => channelState && channelResponse(channelState, model, channel, values),
    [channelState, model, channel, values],
  );
  const firActive = model.caps.customFir && hasCustomFir(channelState);
  const handles = useMemo(
    () => bandHandles(block, { state, info, access, model, channel }, values, firActive),
    [block, state, info, access, model, channel, values, firActive],
  );
  if (!curve) return null;
  const movable = handles.some((h) => h.level === UAC_LEVELS.Write);

  return (
    <Box
      role="group"
      aria-label={t('response.title')}
      sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.default', pb: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('response.title')}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={showPhase} onChange={(_, on) => setShowPhase(on)} />}
          label={t('response.showPhase')}
        />
      </Box>
      <FrequencyResponse
        curve={curve}
        overlays={ctx.responseOverlays}
        showPhase={showPhase}
        curveLabel={t('response.thisChannel', { n: channel })}
        dbRange={RESPONSE_DB_RANGE}
      >
        {handles.length > 0
          ? handles.map((h) => (
              <ResponseHandle
                key={h.id}
                handle={h}
                {...handleTexts(text, h)}
                curveDb={curveDbAt(curve, h.frequency.value)}
                dbRange={RESPONSE_DB_RANGE}
                describedBy={movable ? helpId : undefined}
                write={ctx.write}
                preview={preview.set}
              />
            ))
          : undefined}
      </FrequencyResponse>
      {movable && (
        <Typography id={helpId} variant="caption" color="textSecondary" component="p">
          {t(block === 'crossover' ? 'response.helpFrequency' : 'response.help')}
        </Typography>
      )}
    </Box>
  );
}
