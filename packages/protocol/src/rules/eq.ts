/**
 * The EQ "all" buttons and per-filter Flatten/Reset of spec 2 §2 and §4. Defaults are read from the device tree
 * (defaultAt), so the numbers live in one place. Patches are rooted at `/amp/channels/{n}`.
 */
import { defaultAt } from '../device/defaults';
import type { ModelInfo } from '../device/models';

/** The filter collections of a channel. */
export type EqFilterGroup = 'outputEqFilters' | 'inputIirEqFilters' | 'inputFirEqFilters';
/** spec 2 §4: the 'all' buttons apply to the 8 IIR and 16 FIR input filters. */
export const EQ_ALL_GROUPS: readonly EqFilterGroup[] = ['inputIirEqFilters', 'inputFirEqFilters'];

/** A channel patch touching EQ filters: group → filter key → fields. */
export type EqPatch = Partial<Record<EqFilterGroup, Record<string, Record<string, unknown>>>>;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** spec 2 §9: the filter keys ('1'..'n') of a group on a model (8 IIR, 16 FIR), empty when the model lacks it. */
export function eqFilterKeys(model: ModelInfo, channel: number, group: EqFilterGroup): string[] {
  const d = defaultAt(model, `/amp/channels/${channel}/${group}`);
  return isObj(d) ? Object.keys(d) : [];
}

/** The default fields of one filter from the tree, or undefined when it does not exist on the model. */
function filterDefaults(model: ModelInfo, channel: number, group: EqFilterGroup, key: string) {
  const d = defaultAt(model, `/amp/channels/${channel}/${group}/${key}`);
  return isObj(d) ? d : undefined;
}

function eachFilter(
  model: ModelInfo,
  channel: number,
  groups: readonly EqFilterGroup[],
  fields: (defaults: Record<string, unknown>) => Record<string, unknown>,
): EqPatch {
  const patch: EqPatch = {};
  for (const group of groups) {
    const out: Record<string, Record<string, unknown>> = {};
    for (const key of eqFilterKeys(model, channel, group)) {
      const d = filterDefaults(model, channel, group, key);
      if (d) out[key] = fields(d);
    }
    if (Object.keys(out).length > 0) patch[group] = out;
  }
  return patch;
}

/** spec 2 §4: the Enable-all button offers disable when every IIR filter is enabled, else enable. */
export function enableAllOffers(iirFilters: Readonly<Record<string, { enable?: boolean } | undefined>> | undefined) {
  const filters = Object.values(iirFilters ?? {});
  return filters.length > 0 && filters.every((f) => f?.enable === true) ? 'disable' : 'enable';
}

/** spec 2 §4: sets `enable` on all IIR and FIR input filters of a channel. */
export const enableAllPatch = (model: ModelInfo, channel: number, enable: boolean): EqPatch =>
  eachFilter(model, channel, EQ_ALL_GROUPS, () => ({ enable }));

/** spec 2 §4: Flatten sets a filter's gain to its default. */
export const flattenFields = (defaults: Record<string, unknown>): Record<string, unknown> => ({ gain: defaults.gain });

/** spec 2 §4: Reset sets type (Parametric for IIR, Dual Shelf for FIR), frequencies, q or bandwidths and gain to defaults. */
export function resetFields(defaults: Record<string, unknown>): Record<string, unknown> {
  const { enable: _enable, ...rest } = defaults;
  return rest;
}

/** spec 2 §4: the Flatten patch of one filter. */
export const flattenFilterPatch = (model: ModelInfo, channel: number, group: EqFilterGroup, key: string): EqPatch => {
  const d = filterDefaults(model, channel, group, key);
  return d ? { [group]: { [key]: flattenFields(d) } } : {};
};

/** spec 2 §4: the Reset patch of one filter. */
export const resetFilterPatch = (model: ModelInfo, channel: number, group: EqFilterGroup, key: string): EqPatch => {
  const d = filterDefaults(model, channel, group, key);
  return d ? { [group]: { [key]: resetFields(d) } } : {};
};

/** spec 2 §4: Flatten all, over the 8 IIR and 16 FIR input filters. */
export const flattenAllPatch = (model: ModelInfo, channel: number): EqPatch =>
  eachFilter(model, channel, EQ_ALL_GROUPS, flattenFields);

/** spec 2 §4: Reset all, over the 8 IIR and 16 FIR input filters. */
export const resetAllPatch = (model: ModelInfo, channel: number): EqPatch =>
  eachFilter(model, channel, EQ_ALL_GROUPS, resetFields);
