/** One FIR input filter, labelled 9-24 (spec 2 §2): Dual Shelf also shows its second frequency and bandwidth. */
import { flattenFilterPatch, resetFilterPatch, UAC_LEVELS, type ModelInfo } from '@rackside/protocol';
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { lowestLevel } from '../fields/access';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { patchFieldUrls, sendEqPatch } from './eq-writes';
import { FilterCardShell } from './filter-card-shell';

/** spec 2 §2: FIR cards are numbered after the 8 IIR filters. */
export const FIR_LABEL_OFFSET = 8;
const GROUP = 'inputFirEqFilters';

export interface FirFilterCardProps {
  ctx: FieldContext;
  model: ModelInfo;
  channel: number;
  filterKey: string;
  onPreview?: ((url: string, value: number | undefined) => void) | undefined;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export function FirFilterCard({ ctx, model, channel, filterKey, onPreview }: FirFilterCardProps) {
  const { t, choice, unit } = useChannelsText();
  const url = `/amp/channels/${channel}/${GROUP}/${filterKey}`;
  const at = (name: string) => valueAt(ctx.state, `${url}/${name}`);
  const rawType = at('type');
  const type = typeof rawType === 'string' ? rawType : '';
  const dual = type === 'Dual Shelf';
  const gain = num(at('gain'));
  const summary = [
    at('enable') === true ? choice(type) : `${t('eq.off')} · ${choice(type)}`,
    `${num(at('frequency1')).toFixed(0)} ${unit('Hz') ?? ''}`,
    dual ? `${num(at('frequency2')).toFixed(0)} ${unit('Hz') ?? ''}` : undefined,
    `${gain > 0 ? '+' : ''}${gain.toFixed(1)} ${unit('dB') ?? ''}`,
  ]
    .filter((s) => s !== undefined)
    .join(' · ');
  const reset = resetFilterPatch(model, channel, GROUP, filterKey);
  const writable = lowestLevel(ctx.access, patchFieldUrls(channel, reset)) === UAC_LEVELS.Write;
  const slider = (name: string) => <FieldSlider ctx={ctx} url={`${url}/${name}`} onPreview={onPreview} />;

  return (
    <FilterCardShell
      number={Number(filterKey) + FIR_LABEL_OFFSET}
      enable={<FieldSwitch ctx={ctx} url={`${url}/enable`} />}
      type={<FieldSelect ctx={ctx} url={`${url}/type`} />}
      summary={summary}
      onFlatten={() => sendEqPatch(ctx.write, channel, flattenFilterPatch(model, channel, GROUP, filterKey))}
      onReset={() => sendEqPatch(ctx.write, channel, reset)}
      actionsDisabled={!writable}
    >
      {slider('frequency1')}
      {slider('bandwidth1')}
      {dual && slider('frequency2')}
      {dual && slider('bandwidth2')}
      {slider('gain')}
    </FilterCardShell>
  );
}
