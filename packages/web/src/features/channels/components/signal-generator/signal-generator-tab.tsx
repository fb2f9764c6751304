/**
 * spec 2 §2 Signal generator: the amp-level type (Pink Noise, White Noise, Tone), a logarithmic frequency slider for
 * Tone only, and a card per channel with name, number, enable switch (hidden when locked) and fader.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useChannelsText } from '../../i18n';
import type { ChannelTabProps } from '../../types';
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { Section } from '../section';

const GENERATOR = '/amp/signalGenerator';

function GeneratorChannelCard({ ctx, channel, name }: { ctx: FieldContext; channel: number; name: string }) {
  const { t } = useChannelsText();
  const sel = `/amp/channels/${channel}/inputSelector`;
  return (
    <Card
      component="section"
      aria-label={t('view.channelNamed', { n: channel, name })}
      variant="outlined"
      sx={{ p: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="span">
          {channel}
        </Typography>
        <Typography variant="subtitle2">{name}</Typography>
      </Box>
      <FieldSwitch ctx={ctx} url={`${sel}/signalGeneratorEnable`} label={t('fields.enable')} hideWhenLocked />
      <FieldSlider ctx={ctx} url={`${sel}/signalGeneratorFader`} />
    </Card>
  );
}

export function SignalGeneratorTab(props: ChannelTabProps) {
  const { state } = props;
  const { t } = useChannelsText();
  const channels = Object.keys(state.channels)
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <Stack sx={{ gap: 2 }}>
      <Section title={t('signalGenerator.title')}>
        <FieldSelect ctx={props} url={`${GENERATOR}/type`} />
        {state.signalGenerator.type === 'Tone' && <FieldSlider ctx={props} url={`${GENERATOR}/frequency`} />}
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 2 }}>
        {channels.map((n) => (
          <GeneratorChannelCard key={n} ctx={props} channel={n} name={state.channels[String(n)]?.output.name ?? ''} />
        ))}
      </Box>
    </Stack>
  );
}
