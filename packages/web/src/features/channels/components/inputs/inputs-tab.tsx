/**
 * spec 2 §2 Inputs: primary and secondary sources with faders, thresholds, levels, clip and signal detect; the mode;
 * the input delay; and the physical inputs behind the sources (sensitivity, mic gain, Mic/Line, trim, level).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useChannelsText } from '../../i18n';
import type { ChannelTabProps } from '../../types';
import { FieldSlider } from '../fields/field-slider';
import { FieldFlag } from '../fields/readouts';
import { Section } from '../section';
import { InputCard } from './input-card';
import { ModeSelect } from './mode-select';
import { physicalInputs } from './physical-inputs';
import { SourcePanel } from './source-panel';

export function InputsTab(props: ChannelTabProps) {
  const { channel, state, gpioManualOverride } = props;
  const { t, field } = useChannelsText();
  const selector = state.channels[String(channel)]?.inputSelector;
  if (!selector) return null;
  const url = `/amp/channels/${channel}/inputSelector`;
  const inputs = physicalInputs([selector.primary, selector.secondary]);
  return (
    <Stack sx={{ gap: 2 }}>
      <SourcePanel ctx={props} url={url} which="primary" title={t('inputs.primary')} />
      <SourcePanel ctx={props} url={url} which="secondary" title={t('inputs.secondary')} />
      <Section title={field('mode')}>
        <ModeSelect ctx={props} url={`${url}/mode`} gpioOverride={gpioManualOverride} />
        <FieldFlag ctx={props} url={`${url}/signalDetect`} />
        <FieldFlag ctx={props} url={`${url}/clip`} color="error" />
        <FieldSlider ctx={props} url={`/amp/channels/${channel}/inputDelay/delayMs`} />
      </Section>
      {inputs.length > 0 && (
        <Section title={t('inputs.physicalInputs')}>
          {inputs.map((input) => (
            <Box key={input.url} sx={{ gridColumn: '1 / -1' }}>
              <InputCard ctx={props} input={input} />
            </Box>
          ))}
        </Section>
      )}
    </Stack>
  );
}
