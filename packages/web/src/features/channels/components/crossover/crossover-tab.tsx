/**
 * spec 2 §2 Crossover: gain, delay (in the user's unit), invert; low-pass and high-pass filters; the response; and
 * the custom FIR editor on the title (not in cloud mode, only with the customFir capability).
 */
import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { SpeakerTunings } from '../../../tunings';
import { useChannelsText } from '../../i18n';
import { createPreviewStore } from '../../preview-store';
import { hasCustomFir } from '../../response';
import type { ChannelTabProps } from '../../types';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { sendField } from '../fields/send';
import { ChannelResponse } from '../response/channel-response';
import { Section } from '../section';
import { CrossoverFilterPanel } from './crossover-filter-panel';
import { FirEditorDialog } from './fir-editor-dialog';
import { useFirGesture } from './use-fir-gesture';

export function CrossoverTab(props: ChannelTabProps) {
  const { channel, state, model, cloud, access, info } = props;
  const { t } = useChannelsText();
  const [preview] = useState(createPreviewStore);
  const [firOpen, setFirOpen] = useState(false);
  const base = `/amp/channels/${channel}/crossover`;
  const firUrl = `${base}/lowPassFilter/customFirCoeffs`;
  const firLevel = access(firUrl);
  const firAvailable = !cloud && model.caps.customFir && info(firUrl) !== undefined && !isUacHidden(firLevel);
  const gesture = useFirGesture(firAvailable, () => setFirOpen(true));
  const channelState = state.channels[String(channel)];
  if (!channelState) return null;

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          variant="h6"
          component="h3"
          {...gesture}
          sx={{ userSelect: 'none' }}
          title={firAvailable ? t('crossover.firHint') : undefined}
        >
          {t('crossover.title')}
        </Typography>
        {hasCustomFir(channelState) && <Chip size="small" color="secondary" label={t('tabs.firActive')} />}
      </Stack>
      <ChannelResponse ctx={props} preview={preview} block="crossover" />
      <Section title={t('crossover.gainAndDelay')}>
        <FieldSlider ctx={props} url={`${base}/bandGainAndDelay/gain`} onPreview={preview.set} />
        <FieldSlider ctx={props} url={`${base}/bandGainAndDelay/delay`} />
        <FieldSwitch ctx={props} url={`${base}/bandGainAndDelay/invert`} />
      </Section>
      <CrossoverFilterPanel
        ctx={props}
        url={`${base}/highPassFilter`}
        title={t('crossover.highPass')}
        frequencyLabel={t('crossover.highPassFrequency')}
        onPreview={preview.set}
      />
      <CrossoverFilterPanel
        ctx={props}
        url={`${base}/lowPassFilter`}
        title={t('crossover.lowPass')}
        frequencyLabel={t('crossover.lowPassFrequency')}
        onPreview={preview.set}
      />
      <SpeakerTunings
        ampId={props.ampId}
        channel={channel}
        model={model}
        state={state}
        writable={!isUacReadonly(access(`${base}/bandGainAndDelay/gain`))}
      />
      {firOpen && (
        <FirEditorDialog
          initial={channelState.crossover.lowPassFilter.customFirCoeffs ?? ''}
          readonly={isUacReadonly(firLevel)}
          onClose={() => setFirOpen(false)}
          onSave={(text) => {
            setFirOpen(false);
            sendField(props.write, firUrl, text);
          }}
        />
      )}
    </Stack>
  );
}
