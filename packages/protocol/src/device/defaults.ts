/** The state of a new amp, and of any subtree of it: every field at its default. */
import { fieldDefault } from './field';
import type { Json } from './json';
import type { ModelInfo } from './models';
import type { DeviceState } from './state-types';
import { DEVICE_TREE } from './tree';
import { resolveUrl } from './url';
import { foldTree, type TreeFold } from './walk';

// actions are never stored, so they have no default
const defaults: TreeFold<Json> = {
  field: (field, ctx) => (field.action ? undefined : fieldDefault(field, ctx)),
  record: (node) => node.default() as Json,
};

/** The state of a new amp of this model: every field at its default. */
export function defaultState(model: ModelInfo): DeviceState {
  return foldTree(DEVICE_TREE, { model, keys: [] }, defaults) as unknown as DeviceState;
}

/** The default value of the subtree a URL points at. */
export function defaultAt(model: ModelInfo, url: string): unknown {
  const r = resolveUrl(model, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? fieldDefault(r.field, r.ctx) : foldTree(r.node, r.ctx, defaults);
}
