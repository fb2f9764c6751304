/** The primary or secondary source of a channel's input selector: source, fader, threshold, level, clip, signal. */
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { LiveMeter } from '../fields/live-meter';
import { FieldFlag } from '../fields/readouts';
import { Section } from '../section';

export function SourcePanel({
  ctx,
  url,
  which,
  title,
}: {
  ctx: FieldContext;
  url: string;
  which: 'primary' | 'secondary';
  title: string;
}) {
  const { field } = useChannelsText();
  return (
    <Section title={title}>
      <FieldSelect ctx={ctx} url={`${url}/${which}`} />
      <FieldSlider ctx={ctx} url={`${url}/${which}Fader`} />
      <FieldSlider ctx={ctx} url={`${url}/${which}Threshold`} />
      <FieldFlag ctx={ctx} url={`${url}/${which}SignalDetect`} />
      <LiveMeter
        ctx={ctx}
        url={`${url}/${which}Level`}
        clipUrl={`${url}/${which}Clip`}
        label={field(`${which}Level`)}
        orientation="horizontal"
      />
    </Section>
  );
}
