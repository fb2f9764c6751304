/**
 * Values received from an amp, clamped to the schema (spec 2 §5 "values received from a device are clamped to the
 * schema"), and merged into the tree a client holds.
 */
import { clampField } from './field';
import { deepEqual, isObj, mergeKey, type Json, type Obj } from './json';
import type { ModelInfo } from './models';
import type { Node, RecordNode, TreeContext } from './schema';
import { RECORD_NODE_KEYS } from './tree';
import { resolveUrl } from './url';
import { childAt, fieldAt, foldValue, hasKey, itemContext, type TreeFold } from './walk';

function clampRecord(node: RecordNode, v: unknown): Json {
  const parsed = node.schema.safeParse(v);
  return parsed.success ? (parsed.data as Json) : (node.default() as Json);
}

// actions are never stored, so a value received for one is dropped like an unknown key
const clamp: TreeFold<Json> = {
  field: (field, ctx, v) => (field.action ? undefined : clampField(field, ctx, v)),
  record: (node, _ctx, v) => clampRecord(node, v),
};

const clampNode = (node: Node, ctx: TreeContext, v: unknown): Json | undefined => foldValue(node, ctx, v, clamp);

/**
 * Clamps a (partial) subtree received from an amp at `url` to the schema: each known field is clamped,
 * unknown keys are dropped (spec 2 §5 "values received from a device are clamped to the schema").
 */
export function clampAt(model: ModelInfo, url: string, value: unknown): unknown {
  const r = resolveUrl(model, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? clampField(r.field, r.ctx, value) : clampNode(r.node, r.ctx, value);
}

const RECORD_KEYS: ReadonlySet<string> = new Set(RECORD_NODE_KEYS);

/**
 * What a client does with a tree it received from an amp (rooted at `/`), in one walk: the same as clamping it
 * (clampAt(model, '/', incoming)), removing from `tree` each top-level record whose clamped value differs (a
 * record travels whole: what it no longer holds must go), then mergeDelta(tree, clamped). Returns what changed,
 * undefined when nothing did (or when `incoming` is not an object).
 */
export function mergeReceived(model: ModelInfo, tree: object, incoming: unknown): Obj | undefined {
  if (!isObj(incoming)) return undefined;
  const r = resolveUrl(model, '/');
  return r.ok && r.kind === 'node' ? mergeClampedNode(r.node, r.ctx, tree as Obj, incoming, true) : undefined;
}

/*
 * The hot path: the emulator and every client merge each notify through here. It walks the value like foldValue
 * (the same member lookups: fieldAt, childAt, hasKey, itemContext) but keeps its own loop, because it merges in
 * place as it goes and descends only where the held tree already has an object: a fold would build the clamped
 * copy first and merge it afterwards, allocating for every notify.
 */
function mergeClampedNode(node: Node, ctx: TreeContext, target: Obj, raw: Obj, top: boolean): Obj | undefined {
  let changed: Obj | undefined;
  for (const k of Object.keys(raw)) {
    const x = raw[k];
    let child: Node | undefined;
    let childCtx = ctx;
    if (node.kind === 'object') {
      const field = fieldAt(node, ctx, k);
      if (field) {
        if (!field.action) changed = mergeKey(target, k, clampField(field, ctx, x), changed);
        continue;
      }
      child = childAt(node, ctx, k);
      if (!child) continue;
    } else if (node.kind === 'collection') {
      if (!hasKey(node, ctx, k)) continue;
      child = node.item;
      childCtx = itemContext(ctx, k);
    } else return changed;
    if (child.kind === 'record') {
      const c = clampRecord(child, x);
      if (top && RECORD_KEYS.has(k) && !deepEqual(target[k], c)) delete target[k];
      changed = mergeKey(target, k, c, changed);
      continue;
    }
    if (!isObj(x)) continue; // clamps to nothing
    const cur = target[k];
    if (isObj(cur)) {
      const sub = mergeClampedNode(child, childCtx, cur, x, false);
      if (sub) (changed ??= {})[k] = sub;
    } else changed = mergeKey(target, k, clampNode(child, childCtx, x), changed);
  }
  return changed;
}
