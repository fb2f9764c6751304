/** The primary or secondary source of a channel's input selector: source, fader, threshold, level, clip, signal. */
import { LevelMeter } from '../../../../shared/ui/level-meter';
import { valueAt } from '../../field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
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
  const level = valueAt(ctx.state, `${url}/${which}Level`);
  return (
    <Section title={title}>
      <FieldSelect ctx={ctx} url={`${url}/${which}`} />
      <FieldSlider ctx={ctx} url={`${url}/${which}Fader`} />
      <FieldSlider ctx={ctx} url={`${url}/${which}Threshold`} />
      <FieldFlag ctx={ctx} url={`${url}/${which}SignalDetect`} />
      <LevelMeter
        label={field(`${which}Level`)}
        valueDb={typeof level === 'number' ? level : -Infinity}
        clip={valueAt(ctx.state, `${url}/${which}Clip`) === true}
        orientation="horizontal"
      />
    </Section>
  );
}
