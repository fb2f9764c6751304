/**
 * One crossover filter (spec 2 §2): enable, type (linear-phase types only where the schema offers them), frequency.
 * The frequency carries its filter's name ('High-pass frequency'), so a screen reader tells the two panels' sliders
 * and 'Edit …' buttons apart (issue 18).
 */
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { Section } from '../section';

export interface CrossoverFilterPanelProps {
  ctx: FieldContext;
  url: string;
  title: string;
  /** The frequency's label, naming the filter. */
  frequencyLabel: string;
  onPreview: (url: string, value: number | undefined) => void;
}

export function CrossoverFilterPanel({ ctx, url, title, frequencyLabel, onPreview }: CrossoverFilterPanelProps) {
  return (
    <Section title={title}>
      <FieldSwitch ctx={ctx} url={`${url}/enable`} />
      <FieldSelect ctx={ctx} url={`${url}/type`} />
      <FieldSlider ctx={ctx} url={`${url}/frequency`} label={frequencyLabel} onPreview={onPreview} />
    </Section>
  );
}
