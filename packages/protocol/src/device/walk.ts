/**
 * The one walk over DEVICE_TREE: which members an object or a collection node has at a place (presence rules,
 * collection keys kept per model), and the fold that defaults, info, walkFields and clamping are written with.
 */
import { isObj, type Obj } from './json';
import type { ModelInfo } from './models';
import type { CollectionNode, Field, Node, ObjectNode, Presence, RecordNode, TreeContext } from './schema';
import { DEVICE_TREE } from './tree';

/** True when a node or field exists at this place (one without `when` exists everywhere). */
export const present = (x: { readonly when?: Presence }, ctx: TreeContext): boolean => !x.when || x.when(ctx);

const keySets = new WeakMap<CollectionNode, WeakMap<ModelInfo, ReadonlySet<string>>>();
/** The last collection and model hasKey answered for, with their keys (models and nodes are static). */
let last: { node?: CollectionNode; model?: ModelInfo; keys: ReadonlySet<string> } = { keys: new Set() };

/** True when a collection has this key at this place (its keys depend on the model alone: kept per model). */
export function hasKey(node: CollectionNode, ctx: TreeContext, key: string): boolean {
  // the last collection and model asked about (a notify walks the same one for every client): no WeakMap lookups
  if (node === last.node && ctx.model === last.model) return last.keys.has(key);
  let byModel = keySets.get(node);
  if (!byModel) keySets.set(node, (byModel = new WeakMap<ModelInfo, ReadonlySet<string>>()));
  let keys = byModel.get(ctx.model);
  if (!keys) byModel.set(ctx.model, (keys = new Set(node.keys(ctx))));
  last = { node, model: ctx.model, keys };
  return keys.has(key);
}

/** The context of a collection's item under `key`. */
export const itemContext = (ctx: TreeContext, key: string): TreeContext => ({
  model: ctx.model,
  keys: [...ctx.keys, key],
});

/** The field an object node has under `key` at this place (own keys only: '__proto__' names nothing). */
export function fieldAt(node: ObjectNode, ctx: TreeContext, key: string): Field | undefined {
  const field = Object.hasOwn(node.fields, key) ? node.fields[key] : undefined;
  return field && present(field, ctx) ? field : undefined;
}

/** The child node an object node has under `key` at this place (own keys only). */
export function childAt(node: ObjectNode, ctx: TreeContext, key: string): Node | undefined {
  const child = Object.hasOwn(node.children, key) ? node.children[key] : undefined;
  return child && present(child, ctx) ? child : undefined;
}

/** What a fold does at the leaves of the tree; `value` is the part of the folded value there (undefined by tree). */
export interface TreeFold<R> {
  /** A field; undefined leaves it out of its object. */
  field(field: Field, ctx: TreeContext, value: unknown, path: readonly string[]): R | undefined;
  /** A record node: its content is free-form, so the walk goes no deeper. Undefined leaves it out. */
  record(node: RecordNode, ctx: TreeContext, value: unknown, path: readonly string[]): R | undefined;
}

/** A folded subtree: the leaves' results in plain objects shaped like the state. */
export type Folded<R> = R | { [key: string]: Folded<R> };

/**
 * Folds every member present at this place, in tree order: an object's fields, then its child nodes; a collection's
 * keys in order. The visitors get the path from `node` to the leaf, for folds that need a URL.
 */
export function foldTree<R>(node: Node, ctx: TreeContext, fold: TreeFold<R>): Folded<R> {
  return foldNode(node, ctx, undefined, false, fold, [])!;
}

/**
 * Folds the members a value names, in the value's key order, each with its part of the value. Keys that name nothing
 * here are left out, and so is a value that is not an object where the tree has an object or a collection. The
 * visitors get an empty path: keeping one cost clampAt a tenth of its time.
 */
export function foldValue<R>(node: Node, ctx: TreeContext, value: unknown, fold: TreeFold<R>): Folded<R> | undefined {
  return foldNode(node, ctx, value, true, fold, NO_PATH);
}

// frozen: a walk by value never pushes to its path
const NO_PATH = Object.freeze([]) as unknown as string[];

// No closures, no allocation but the result, one loop per way of walking an object: clampAt is a fast path and must
// stay near the hand-written recursion it replaced (a closure per node made it four times slower; as written it
// costs some 20 ns more a call).
function foldNode<R>(
  node: Node,
  ctx: TreeContext,
  value: unknown,
  byValue: boolean,
  fold: TreeFold<R>,
  path: string[],
): Folded<R> | undefined {
  if (node.kind === 'record') return fold.record(node, ctx, value, path);
  if (byValue && !isObj(value)) return undefined;
  return node.kind === 'object'
    ? foldObject(node, ctx, value as Obj, byValue, fold, path)
    : foldCollection(node, ctx, value as Obj, byValue, fold, path);
}

function foldObject<R>(
  node: ObjectNode,
  ctx: TreeContext,
  values: Obj,
  byValue: boolean,
  fold: TreeFold<R>,
  path: string[],
): Folded<R> {
  const out: { [key: string]: Folded<R> } = {};
  if (byValue) {
    for (const key of Object.keys(values)) {
      const field = fieldAt(node, ctx, key);
      const child = field ? undefined : childAt(node, ctx, key);
      const r = field
        ? fold.field(field, ctx, values[key], path)
        : child && foldNode(child, ctx, values[key], true, fold, path);
      if (r !== undefined) out[key] = r;
    }
    return out;
  }
  for (const key of memberKeys(node)) {
    path.push(key);
    const field = fieldAt(node, ctx, key);
    const child = field ? undefined : childAt(node, ctx, key);
    const r = field
      ? fold.field(field, ctx, undefined, path)
      : child && foldNode(child, ctx, undefined, false, fold, path);
    path.pop();
    if (r !== undefined) out[key] = r;
  }
  return out;
}

function foldCollection<R>(
  node: CollectionNode,
  ctx: TreeContext,
  values: Obj,
  byValue: boolean,
  fold: TreeFold<R>,
  path: string[],
): Folded<R> {
  const out: { [key: string]: Folded<R> } = {};
  for (const key of byValue ? Object.keys(values) : node.keys(ctx)) {
    if (byValue && !hasKey(node, ctx, key)) continue;
    if (!byValue) path.push(key);
    const r = foldNode(node.item, itemContext(ctx, key), byValue ? values[key] : undefined, byValue, fold, path);
    if (!byValue) path.pop();
    if (r !== undefined) out[key] = r;
  }
  return out;
}

const memberKeysByNode = new WeakMap<ObjectNode, readonly string[]>();

/** An object node's member names in tree order: its fields, then its child nodes (whether present or not). */
function memberKeys(node: ObjectNode): readonly string[] {
  let keys = memberKeysByNode.get(node);
  if (!keys) memberKeysByNode.set(node, (keys = [...Object.keys(node.fields), ...Object.keys(node.children)]));
  return keys;
}

/** Every field of the tree on a model, with its URL: for docs, property tests and exhaustive checks. */
export function* walkFields(model: ModelInfo): Generator<{ url: string; field: Field; ctx: TreeContext }> {
  const fields: { url: string; field: Field; ctx: TreeContext }[] = [];
  foldTree<never>(
    DEVICE_TREE,
    { model, keys: [] },
    {
      field(field, ctx, _value, path) {
        fields.push({ url: '/' + path.join('/'), field, ctx });
        return undefined;
      },
      record: () => undefined,
    },
  );
  yield* fields;
}
