/**
 * The drag handles a tab puts on the channel's response (issue 18): one per enabled band of its block, each naming
 * the fields it moves (frequency, gain, and Q or bandwidth for the wheel) with their bounds from the schema and their
 * current values (a previewed value in place of the device's). Pure; the component draws and edits them.
 */
import { eqFilterKeys, eqHasGain, eqHasQ, UAC_LEVELS, type SliderBounds, type UacLevel } from '@rackside/protocol';
import { boundsOf, numberSchema, valueAt } from '../../../../device/fields/field-info';
import type { FieldContext } from '../../../../device/fields/types';
import type { ChannelTabProps } from '../../types';
import type { PreviewValues } from '../../preview-store';
import { lowestLevel } from '../fields/access';
import { FIR_LABEL_OFFSET } from '../eq/fir-filter-card';

/** The block whose bands a tab edits on the plot. */
export type ResponseBlock = 'inputEq' | 'crossover' | 'outputEq';

/** One field a handle moves. */
export interface HandleParam {
  /** The field's name in the filter object ('frequency', 'frequency2', 'gain', 'q', 'bandwidth1'). */
  name: string;
  value: number;
  bounds: SliderBounds;
}

export type HandleName =
  { key: 'inputFilter' | 'inputFilterHigh' | 'outputFilter'; n: number } | { key: 'highPass' | 'lowPass' };

export interface BandHandle {
  /** Unique on the plot: the filter object's URL, '#2' for a dual shelf's second frequency. */
  id: string;
  /** The filter object's URL: every write of the handle goes there. */
  url: string;
  name: HandleName;
  frequency: HandleParam;
  /** Absent where the band has no gain (all-pass, crossover): the handle then sits on the curve and moves sideways. */
  gain?: HandleParam | undefined;
  /** What the wheel changes: Q, or an FIR shelf's bandwidth in octaves (wider for a lower Q). */
  width?: (HandleParam & { kind: 'q' | 'bandwidth' }) | undefined;
  /** spec 2 §6: the lowest level of the fields it writes. */
  level: UacLevel;
}

type Ctx = Pick<FieldContext, 'state' | 'info' | 'access'>;

function param(ctx: Ctx, url: string, name: string, preview: PreviewValues): HandleParam | undefined {
  const schema = numberSchema(ctx.info, `${url}/${name}`);
  if (!schema) return undefined;
  const raw = preview[`${url}/${name}`] ?? valueAt(ctx.state, `${url}/${name}`);
  return { name, value: typeof raw === 'number' ? raw : schema.default, bounds: boundsOf(schema) };
}

function handle(
  ctx: Ctx,
  id: string,
  url: string,
  name: HandleName,
  fields: { frequency: HandleParam | undefined; gain?: HandleParam | undefined; width?: BandHandle['width'] },
): BandHandle[] {
  const { frequency, gain, width } = fields;
  if (!frequency) return [];
  const names = [frequency, gain, width].flatMap((p) => (p ? [`${url}/${p.name}`] : []));
  const level = lowestLevel(ctx.access, names);
  return level === UAC_LEVELS.Locked ? [] : [{ id, url, name, frequency, gain, width, level }];
}

const text = (ctx: Ctx, url: string) => {
  const v = valueAt(ctx.state, url);
  return typeof v === 'string' ? v : '';
};

function iirHandles(
  ctx: Ctx,
  p: Pick<ChannelTabProps, 'model' | 'channel'>,
  group: 'inputIirEqFilters' | 'outputEqFilters',
  preview: PreviewValues,
): BandHandle[] {
  return eqFilterKeys(p.model, p.channel, group).flatMap((key) => {
    const url = `/amp/channels/${p.channel}/${group}/${key}`;
    if (valueAt(ctx.state, `${url}/enable`) !== true) return [];
    const type = text(ctx, `${url}/type`);
    const q = eqHasQ(type) ? param(ctx, url, 'q', preview) : undefined;
    const n = Number(key);
    return handle(
      ctx,
      url,
      url,
      { key: group === 'outputEqFilters' ? 'outputFilter' : 'inputFilter', n },
      {
        frequency: param(ctx, url, 'frequency', preview),
        gain: eqHasGain(type) ? param(ctx, url, 'gain', preview) : undefined,
        width: q && { ...q, kind: 'q' },
      },
    );
  });
}

function firHandles(ctx: Ctx, p: Pick<ChannelTabProps, 'model' | 'channel'>, preview: PreviewValues): BandHandle[] {
  return eqFilterKeys(p.model, p.channel, 'inputFirEqFilters').flatMap((key) => {
    const url = `/amp/channels/${p.channel}/inputFirEqFilters/${key}`;
    if (valueAt(ctx.state, `${url}/enable`) !== true) return [];
    const type = text(ctx, `${url}/type`);
    const n = Number(key) + FIR_LABEL_OFFSET;
    const gain = param(ctx, url, 'gain', preview);
    const band = (which: 1 | 2) => {
      const width = param(ctx, url, `bandwidth${which}`, preview);
      return {
        frequency: param(ctx, url, `frequency${which}`, preview),
        gain,
        width: width && { ...width, kind: 'bandwidth' as const },
      };
    };
    if (type === 'Dual Shelf') {
      return [
        ...handle(ctx, url, url, { key: 'inputFilter', n }, band(1)),
        ...handle(ctx, `${url}#2`, url, { key: 'inputFilterHigh', n }, band(2)),
      ];
    }
    return type === 'Low Shelf' || type === 'High Shelf'
      ? handle(ctx, url, url, { key: 'inputFilter', n }, band(1))
      : [];
  });
}

function crossoverHandles(ctx: Ctx, channel: number, preview: PreviewValues, firActive: boolean): BandHandle[] {
  const base = `/amp/channels/${channel}/crossover`;
  const filter = (side: 'highPass' | 'lowPass') => {
    const url = `${base}/${side}Filter`;
    if (valueAt(ctx.state, `${url}/enable`) !== true) return [];
    return handle(ctx, url, url, { key: side }, { frequency: param(ctx, url, 'frequency', preview) });
  };
  // a custom FIR replaces the low-pass: its frequency moves nothing on the plot
  return [...filter('highPass'), ...(firActive ? [] : filter('lowPass'))];
}

/** The handles of a tab's block for a channel, with previewed values in place. */
export function bandHandles(
  block: ResponseBlock,
  ctx: Ctx & Pick<ChannelTabProps, 'model' | 'channel'>,
  preview: PreviewValues,
  firActive: boolean,
): BandHandle[] {
  switch (block) {
    case 'inputEq':
      return [...iirHandles(ctx, ctx, 'inputIirEqFilters', preview), ...firHandles(ctx, ctx, preview)];
    case 'outputEq':
      return iirHandles(ctx, ctx, 'outputEqFilters', preview);
    case 'crossover':
      return crossoverHandles(ctx, ctx.channel, preview, firActive);
  }
}
