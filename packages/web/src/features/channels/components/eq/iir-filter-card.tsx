/**
 * One IIR filter (input IIR EQ or output Equalizer; spec 2 §2): q hidden for 6 dB/oct shelves and AllPass 1, gain
 * hidden for all-pass types (protocol eqHasQ / eqHasGain), Flatten and Reset from protocol rules/eq.ts.
 */
import {
  eqHasGain,
  eqHasQ,
  flattenFilterPatch,
  resetFilterPatch,
  UAC_LEVELS,
  type EqFilterGroup,
  type ModelInfo,
} from '@rackside/protocol';
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { lowestLevel } from '../fields/access';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { patchFieldUrls, sendEqPatch } from './eq-writes';
import { FilterCardShell } from './filter-card-shell';

export interface IirFilterCardProps {
  ctx: FieldContext;
  model: ModelInfo;
  channel: number;
  group: Extract<EqFilterGroup, 'outputEqFilters' | 'inputIirEqFilters'>;
  filterKey: string;
  onPreview?: ((url: string, value: number | undefined) => void) | undefined;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const signed = (v: number, d: number) => `${v > 0 ? '+' : ''}${v.toFixed(d)}`;

export function IirFilterCard({ ctx, model, channel, group, filterKey, onPreview }: IirFilterCardProps) {
  const { t, choice, unit } = useChannelsText();
  const url = `/amp/channels/${channel}/${group}/${filterKey}`;
  const at = (name: string) => valueAt(ctx.state, `${url}/${name}`);
  const rawType = at('type');
  const type = typeof rawType === 'string' ? rawType : '';
  const hasQ = eqHasQ(type);
  const hasGain = eqHasGain(type);
  const summary = [
    at('enable') === true ? choice(type) : `${t('eq.off')} · ${choice(type)}`,
    `${num(at('frequency')).toFixed(0)} ${unit('Hz') ?? ''}`,
    hasQ ? `${t('fields.q')} ${num(at('q')).toFixed(2)}` : undefined,
    hasGain ? `${signed(num(at('gain')), 1)} ${unit('dB') ?? ''}` : undefined,
  ]
    .filter((s) => s !== undefined)
    .join(' · ');
  const reset = resetFilterPatch(model, channel, group, filterKey);
  const writable = lowestLevel(ctx.access, patchFieldUrls(channel, reset)) === UAC_LEVELS.Write;

  return (
    <FilterCardShell
      number={Number(filterKey)}
      enable={<FieldSwitch ctx={ctx} url={`${url}/enable`} />}
      type={<FieldSelect ctx={ctx} url={`${url}/type`} />}
      summary={summary}
      onFlatten={
        hasGain
          ? () => sendEqPatch(ctx.write, channel, flattenFilterPatch(model, channel, group, filterKey))
          : undefined
      }
      onReset={() => sendEqPatch(ctx.write, channel, reset)}
      actionsDisabled={!writable}
    >
      <FieldSlider ctx={ctx} url={`${url}/frequency`} onPreview={onPreview} />
      {hasQ && <FieldSlider ctx={ctx} url={`${url}/q`} onPreview={onPreview} />}
      {hasGain && <FieldSlider ctx={ctx} url={`${url}/gain`} onPreview={onPreview} />}
    </FilterCardShell>
  );
}
