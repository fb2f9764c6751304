/**
 * Values received from an amp, clamped to the schema (spec 2 §5 "values received from a device are clamped to the
 * schema"), and merged into the tree a client holds.
 */
import { clampField } from './field';
import { deepEqual, isObj, mergeValue, type Json, type Obj } from './json';
import type { ModelInfo } from './models';
import type { Field, Node, RecordNode, TreeContext } from './schema';
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
  const root = rootPlace(model);
  return root ? mergeClampedNode(root, tree as Obj, incoming, true) : undefined;
}

/**
 * What a key names at one place of the tree, as the walk needs it: a field (an action is dropped), a record, or an
 * object or collection node with its own place. Found by fieldAt, childAt and hasKey once per model and place.
 */
type Member =
  | { readonly kind: 'field'; readonly field: Field }
  | { readonly kind: 'action' }
  | { readonly kind: 'record'; readonly node: RecordNode }
  | { readonly kind: 'node'; readonly place: Place };

/**
 * One place of the tree on one model (an object or collection node and its context) with the members found there so
 * far: the walk's lookups come down to one Map.get a level, with no context built per item. Only keys that name a
 * member are kept (the schema's, finite per model); a key that names nothing is looked up again each time.
 */
interface Place {
  readonly node: Node;
  readonly ctx: TreeContext;
  readonly members: Map<string, Member>;
}

const rootPlaces = new WeakMap<ModelInfo, Place>();

function rootPlace(model: ModelInfo): Place | undefined {
  let root = rootPlaces.get(model);
  if (!root) {
    const r = resolveUrl(model, '/');
    if (!r.ok || r.kind !== 'node') return undefined;
    rootPlaces.set(model, (root = { node: r.node, ctx: r.ctx, members: new Map() }));
  }
  return root;
}

function memberAt(place: Place, k: string): Member | undefined {
  const known = place.members.get(k);
  if (known) return known;
  const { node, ctx } = place;
  let member: Member | undefined;
  if (node.kind === 'object') {
    const field = fieldAt(node, ctx, k);
    const child = field ? undefined : childAt(node, ctx, k);
    if (field) member = field.action ? { kind: 'action' } : { kind: 'field', field };
    else if (child)
      member =
        child.kind === 'record'
          ? { kind: 'record', node: child }
          : { kind: 'node', place: { node: child, ctx, members: new Map() } };
  } else if (node.kind === 'collection' && hasKey(node, ctx, k)) {
    const item = node.item;
    member =
      item.kind === 'record'
        ? { kind: 'record', node: item }
        : { kind: 'node', place: { node: item, ctx: itemContext(ctx, k), members: new Map() } };
  }
  if (member) place.members.set(k, member);
  return member;
}

/*
 * The hot path: the emulator and every client merge each notify through here. It walks the value like foldValue
 * (the same member lookups, kept per place by memberAt) but keeps its own loop, because it merges in place as it goes
 * and descends only where the held tree already has an object: a fold would build the clamped copy first and merge
 * it afterwards, allocating for every notify.
 *
 * What changed is usually all of `raw` as it came (a notify carries what changed, and clamping rarely moves a value):
 * as long as every key so far changed to exactly its raw value, no copy is built, and when all of them did, `raw`
 * itself is what changed. The first key that differs (dropped, unchanged, clamped, merged otherwise) copies the ones
 * before it. The tree never holds a part of `raw` (a field's value is a primitive, anything else is a clamped copy).
 */
function mergeClampedNode(place: Place, target: Obj, raw: Obj, top: boolean): Obj | undefined {
  let changed: Obj | undefined;
  let asRaw = true;
  const keys = Object.keys(raw);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = raw[k];
    const out = mergeMember(place, target, k, x, top);
    if (asRaw) {
      // an undefined `out` is no change, even where the raw value is undefined too (not JSON; a caller's); a raw -0
      // clamped to 0 (=== but not the same value) is reported as the 0 the tree holds
      if (out !== undefined && Object.is(out, x)) continue;
      asRaw = false;
      for (let j = 0; j < i; j++) (changed ??= {})[keys[j]!] = raw[keys[j]!];
    }
    if (out !== undefined) (changed ??= {})[k] = out;
  }
  return asRaw ? (keys.length > 0 ? raw : undefined) : changed;
}

/** Merges raw member `k` (value `x`) of a place into `target`; what changed there, if anything. */
function mergeMember(place: Place, target: Obj, k: string, x: unknown, top: boolean): unknown {
  const m = memberAt(place, k);
  if (m === undefined || m.kind === 'action') return undefined;
  if (m.kind === 'field') {
    const v = clampField(m.field, place.ctx, x);
    // a primitive (every field but a list's): mergeValue's answer without its calls
    if (typeof v !== 'object' || v === null) {
      if (target[k] === v) return undefined;
      target[k] = v;
      return v;
    }
    return mergeValue(target, k, v);
  }
  if (m.kind === 'record') {
    const c = clampRecord(m.node, x);
    if (top && RECORD_KEYS.has(k) && !deepEqual(target[k], c)) delete target[k];
    return mergeValue(target, k, c);
  }
  if (!isObj(x)) return undefined; // clamps to nothing
  const cur = target[k];
  const { node, ctx } = m.place;
  return isObj(cur) ? mergeClampedNode(m.place, cur, x, false) : mergeValue(target, k, clampNode(node, ctx, x));
}
