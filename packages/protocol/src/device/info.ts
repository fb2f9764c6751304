/** The `info` reply: the schema of each field in the shape of the state. */
import { choicesOf, fieldDefault } from './field';
import type { Json } from './json';
import type { ModelInfo } from './models';
import type { Field, TreeContext } from './schema';
import { resolveUrl } from './url';
import { foldTree, type TreeFold } from './walk';

/** The schema of one field as the `info` reply gives it (key order fixed). */
export function fieldInfo(field: Field, ctx: TreeContext): Record<string, Json> {
  const out: Record<string, Json> = { type: field.type };
  if (field.type === 'number') {
    if (field.unit) out.unit = field.unit;
    out.min = field.min;
    out.max = field.max;
    out.step = field.step;
  }
  if (field.type === 'enum') out.choices = [...choicesOf(field, ctx)];
  if (field.type === 'string') out.maxLength = field.maxLength;
  out.default = fieldDefault(field, ctx);
  if (field.readOnly) out.readOnly = true;
  if (field.action) out.writeOnly = true;
  if (field.log) out.log = true;
  return out;
}

const info: TreeFold<Json> = {
  field: (field, ctx) => fieldInfo(field, ctx),
  record: (node) => ({ type: 'record', ...(node.readOnly ? { readOnly: true } : {}) }),
};

/**
 * The `info` reply for a URL: the same shape as `get`, with a field schema
 * ({type, unit, min, max, step, choices, maxLength, default, readOnly, writeOnly, log}) in place of each value.
 * A leaf schema is recognisable as an object whose `type` is a string.
 */
export function infoAt(model: ModelInfo, url: string): Json | undefined {
  const r = resolveUrl(model, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? fieldInfo(r.field, r.ctx) : foldTree(r.node, r.ctx, info);
}
