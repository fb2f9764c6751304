/** One crossover filter (spec 2 §2): enable, type (linear-phase types only where the schema offers them), frequency. */
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { Section } from '../section';

export interface CrossoverFilterPanelProps {
  ctx: FieldContext;
  url: string;
  title: string;
  onPreview: (url: string, value: number | undefined) => void;
}

export function CrossoverFilterPanel({ ctx, url, title, onPreview }: CrossoverFilterPanelProps) {
  return (
    <Section title={title}>
      <FieldSwitch ctx={ctx} url={`${url}/enable`} />
      <FieldSelect ctx={ctx} url={`${url}/type`} />
      <FieldSlider ctx={ctx} url={`${url}/frequency`} onPreview={onPreview} />
    </Section>
  );
}
