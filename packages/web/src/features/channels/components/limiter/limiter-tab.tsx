/**
 * spec 2 §2 Limiter: RMS and peak limiters, each with enable, threshold, attack (the peak limiter's only where the
 * model has it: its schema is absent otherwise), release and the gain reduction readouts.
 */
import Stack from '@mui/material/Stack';
import { useChannelsText } from '../../i18n';
import type { ChannelTabProps } from '../../types';
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { FieldReadout } from '../fields/readouts';
import { Section } from '../section';

function LimiterPanel({ ctx, url, title }: { ctx: FieldContext; url: string; title: string }) {
  return (
    <Section title={title}>
      <FieldSwitch ctx={ctx} url={`${url}/enable`} />
      <FieldSlider ctx={ctx} url={`${url}/threshold`} />
      <FieldSlider ctx={ctx} url={`${url}/attackTime`} />
      <FieldSlider ctx={ctx} url={`${url}/releaseTime`} />
      <FieldReadout ctx={ctx} url={`${url}/gainReduction`} />
      <FieldReadout ctx={ctx} url={`${url}/totalGainReduction`} />
    </Section>
  );
}

export function LimiterTab(props: ChannelTabProps) {
  const { t } = useChannelsText();
  const base = `/amp/channels/${props.channel}`;
  return (
    <Stack sx={{ gap: 2 }}>
      <LimiterPanel ctx={props} url={`${base}/rmsLimiter`} title={t('limiter.rms')} />
      <LimiterPanel ctx={props} url={`${base}/peakLimiter`} title={t('limiter.peak')} />
    </Stack>
  );
}
