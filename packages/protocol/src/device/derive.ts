/**
 * Everything derived from DEVICE_TREE: URL resolution, default state, the `info` reply,
 * validation of a `set`, and clamping of values received from an amp (spec 2 §5).
 */
import type { ModelInfo } from './models';
import type { CollectionNode, DeepPartial, Field, Node, TreeContext } from './schema';
import type { AmpChannelState, DeviceState } from './state-types';
import { DEVICE_TREE, RECORD_NODE_KEYS } from './tree';

/** One channel, `/amp/channels/{n}`. */
export type ChannelState = AmpChannelState;
/** A `set` payload or a `notify` delta. */
export type DeviceDelta = DeepPartial<DeviceState>;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean =>
  v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v === undefined;
const present = (x: { when?: (c: TreeContext) => boolean }, ctx: TreeContext) => !x.when || x.when(ctx);

const keySets = new WeakMap<CollectionNode, WeakMap<ModelInfo, ReadonlySet<string>>>();

/** True when a collection has this key at this place (its keys depend on the model alone: kept per model). */
function hasKey(node: CollectionNode, ctx: TreeContext, key: string): boolean {
  let byModel = keySets.get(node);
  if (!byModel) keySets.set(node, (byModel = new WeakMap<ModelInfo, ReadonlySet<string>>()));
  let keys = byModel.get(ctx.model);
  if (!keys) byModel.set(ctx.model, (keys = new Set(node.keys(ctx))));
  return keys.has(key);
}

/** Adds the leading slash and drops a trailing one: 'amp/deviceInfo/' → '/amp/deviceInfo'. */
export function normalizeUrl(url: string): string {
  // already normal ('/', or '/a/b' with no empty segment): the common case, answered without splitting
  if (url === '/' || (url.charCodeAt(0) === 47 && url.charCodeAt(url.length - 1) !== 47 && !url.includes('//')))
    return url;
  const parts = url.split('/').filter((p) => p.length > 0);
  return '/' + parts.join('/');
}
/** The path segments of a URL ('/amp/channels/1' → ['amp', 'channels', '1']). */
export const urlSegments = (url: string): string[] => url.split('/').filter((p) => p.length > 0);

/** What a URL points at on a given model. */
export type Resolved =
  | { ok: true; kind: 'node'; node: Node; ctx: TreeContext; segments: string[] }
  | { ok: true; kind: 'field'; field: Field; name: string; ctx: TreeContext; segments: string[] }
  | { ok: false; message: string };

/** Distinct URLs remembered per model by resolveUrl; past this the cache starts over (URLs come from clients). */
export const RESOLVE_CACHE_LIMIT = 4096;
const resolvedByModel = new WeakMap<ModelInfo, Map<string, Resolved>>();

/**
 * Resolves a URL against the tree for a model; unknown segments give a message naming the first bad one.
 * The answer depends only on the model and the URL, so it is cached per model object and URL string (bounded):
 * the result is frozen (with its `segments` and `ctx.keys`) and shared between callers, who must not mutate it.
 */
export function resolveUrl(model: ModelInfo, url: string): Resolved {
  let byUrl = resolvedByModel.get(model);
  if (!byUrl) resolvedByModel.set(model, (byUrl = new Map<string, Resolved>()));
  let r = byUrl.get(url);
  if (r === undefined) {
    if (byUrl.size >= RESOLVE_CACHE_LIMIT) byUrl.clear();
    r = freezeResolved(resolveUncached(model, url));
    byUrl.set(url, r);
  }
  return r;
}

function freezeResolved(r: Resolved): Resolved {
  if (r.ok) {
    Object.freeze(r.segments);
    Object.freeze(r.ctx.keys);
    Object.freeze(r.ctx);
  }
  return Object.freeze(r);
}

function resolveUncached(model: ModelInfo, url: string): Resolved {
  const segments = urlSegments(url);
  let node: Node = DEVICE_TREE;
  const keys: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const ctx = { model, keys };
    const where = '/' + segments.slice(0, i).join('/');
    if (node.kind === 'object') {
      const child: Node | undefined = Object.hasOwn(node.children, seg) ? node.children[seg] : undefined;
      if (child && present(child, ctx)) {
        node = child;
        continue;
      }
      const field = Object.hasOwn(node.fields, seg) ? node.fields[seg] : undefined;
      if (field && present(field, ctx) && i === segments.length - 1) {
        return { ok: true, kind: 'field', field, name: seg, ctx: { model, keys: [...keys] }, segments };
      }
      return { ok: false, message: `unknown url ${normalizeUrl(url)}: '${seg}' is not under ${where}` };
    }
    if (node.kind === 'collection') {
      if (!node.keys(ctx).includes(seg)) {
        return {
          ok: false,
          message: `unknown url ${normalizeUrl(url)}: '${seg}' is not one of ${where} ${node.keys(ctx).join(', ')}`,
        };
      }
      keys.push(seg);
      node = node.item;
      continue;
    }
    return { ok: false, message: `unknown url ${normalizeUrl(url)}: ${where} has no sub-urls` };
  }
  if (!present(node, { model, keys })) return { ok: false, message: `unknown url ${normalizeUrl(url)}` };
  return { ok: true, kind: 'node', node, ctx: { model, keys }, segments };
}

/** The choices an enum field offers at this place on this model. */
export function choicesOf(field: Field & { type: 'enum' }, ctx: TreeContext): readonly string[] {
  return field.choicesFor ? field.choicesFor(ctx) : field.choices;
}

/** The default value of a field at this place. */
export function fieldDefault(field: Field, ctx: TreeContext): Json {
  if (field.type === 'string' && field.defaultFor) return field.defaultFor(ctx);
  if (field.type === 'enum') {
    const choices = choicesOf(field, ctx);
    return choices.includes(field.default) ? field.default : (choices[0] ?? field.default);
  }
  return field.default;
}

/** True when a value is one the field accepts as it is (no clamping needed). */
export function isValidValue(field: Field, ctx: TreeContext, v: unknown): boolean {
  switch (field.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) && v >= field.min && v <= field.max;
    case 'boolean':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string' && v.length <= field.maxLength;
    case 'enum':
      return typeof v === 'string' && choicesOf(field, ctx).includes(v);
  }
}

/** spec 2 §5: floats to min/max (default if not a number), strings cut to maxLength, booleans and enums reset to default if invalid. */
export function clampField(field: Field, ctx: TreeContext, v: unknown): Json {
  switch (field.type) {
    case 'number':
      return typeof v === 'number' && !Number.isNaN(v)
        ? Math.min(field.max, Math.max(field.min, v))
        : fieldDefault(field, ctx);
    case 'boolean':
      return typeof v === 'boolean' ? v : field.default;
    case 'string':
      return typeof v === 'string' ? v.slice(0, field.maxLength) : fieldDefault(field, ctx);
    case 'enum':
      return typeof v === 'string' && choicesOf(field, ctx).includes(v) ? v : fieldDefault(field, ctx);
  }
}

function defaultOf(node: Node, ctx: TreeContext): Json {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, f] of Object.entries(node.fields)) if (!f.action && present(f, ctx)) out[k] = fieldDefault(f, ctx);
      for (const [k, c] of Object.entries(node.children)) if (present(c, ctx)) out[k] = defaultOf(c, ctx);
      return out;
    }
    case 'collection': {
      const out: Record<string, Json> = {};
      for (const key of node.keys(ctx)) out[key] = defaultOf(node.item, { model: ctx.model, keys: [...ctx.keys, key] });
      return out;
    }
    case 'record':
      return node.default() as Json;
  }
}

/** The state of a new amp of this model: every field at its default. */
export function defaultState(model: ModelInfo): DeviceState {
  return defaultOf(DEVICE_TREE, { model, keys: [] }) as unknown as DeviceState;
}

/** The default value of the subtree a URL points at. */
export function defaultAt(model: ModelInfo, url: string): unknown {
  const r = resolveUrl(model, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? fieldDefault(r.field, r.ctx) : defaultOf(r.node, r.ctx);
}

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

function infoOf(node: Node, ctx: TreeContext): Json {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, f] of Object.entries(node.fields)) if (present(f, ctx)) out[k] = fieldInfo(f, ctx);
      for (const [k, c] of Object.entries(node.children)) if (present(c, ctx)) out[k] = infoOf(c, ctx);
      return out;
    }
    case 'collection': {
      const out: Record<string, Json> = {};
      for (const key of node.keys(ctx)) out[key] = infoOf(node.item, { model: ctx.model, keys: [...ctx.keys, key] });
      return out;
    }
    case 'record':
      return { type: 'record', ...(node.readOnly ? { readOnly: true } : {}) };
  }
}

/**
 * The `info` reply for a URL: the same shape as `get`, with a field schema
 * ({type, unit, min, max, step, choices, maxLength, default, readOnly, writeOnly, log}) in place of each value.
 * A leaf schema is recognisable as an object whose `type` is a string.
 */
export function infoAt(model: ModelInfo, url: string): Json | undefined {
  const r = resolveUrl(model, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? fieldInfo(r.field, r.ctx) : infoOf(r.node, r.ctx);
}

/** A field write that is an action (not stored): `/misc clearLogs`, `verifyPassword`, `/cloud sensorPublishStart`. */
export interface ActionWrite {
  readonly segments: readonly string[];
  readonly name: string;
  readonly value: Json;
}
export type SetResult =
  | { ok: true; patch: Record<string, Json>; actions: ActionWrite[] }
  | { ok: false; message: string; code: 'type' | 'readOnly' | 'unknown' | 'choice' };

/** '/a/b' from ['a', 'b']. */
const urlOf = (segments: readonly string[]): string => '/' + segments.join('/');
const typeName = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && !Number.isFinite(v)
        ? 'a non-finite number'
        : typeof v;

/** `at` builds the field's URL for a message: only a refusal needs it. */
function checkField(
  field: Field,
  ctx: TreeContext,
  at: () => string,
  v: unknown,
): { ok: true; value: Json } | Extract<SetResult, { ok: false }> {
  if (field.readOnly) return { ok: false, code: 'readOnly', message: `${at()} is read-only` };
  switch (field.type) {
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v))
        return { ok: false, code: 'type', message: `${at()} expects a number, got ${typeName(v)}` };
      break;
    case 'boolean':
      if (typeof v !== 'boolean')
        return { ok: false, code: 'type', message: `${at()} expects a boolean, got ${typeName(v)}` };
      break;
    case 'string':
      if (typeof v !== 'string')
        return { ok: false, code: 'type', message: `${at()} expects a string, got ${typeName(v)}` };
      break;
    case 'enum': {
      if (typeof v !== 'string')
        return {
          ok: false,
          code: 'type',
          message: `${at()} expects one of its choices (a string), got ${typeName(v)}`,
        };
      const choices = choicesOf(field, ctx);
      if (!choices.includes(v))
        return {
          ok: false,
          code: 'choice',
          message: `${at()}: '${v}' is not one of the choices ${choices.map((c) => `'${c}'`).join(', ')}`,
        };
    }
  }
  return { ok: true, value: clampField(field, ctx, v) };
}

function setNode(
  node: Node,
  ctx: TreeContext,
  segments: readonly string[],
  params: unknown,
  actions: ActionWrite[],
  current: (segments: string[]) => unknown,
): { ok: true; patch: Json } | Extract<SetResult, { ok: false }> {
  if (node.kind === 'record') {
    if (node.readOnly) return { ok: false, code: 'readOnly', message: `${urlOf(segments)} is read-only` };
    const base = current([...segments]);
    const merged = isObj(base) && isObj(params) ? { ...base, ...params } : params;
    const parsed = node.schema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        code: 'type',
        message: `${urlOf(segments)}${issue?.path.length ? '/' + issue.path.join('/') : ''}: ${issue?.message ?? 'invalid value'}`,
      };
    }
    return { ok: true, patch: parsed.data as Json };
  }
  if (!isObj(params))
    return { ok: false, code: 'type', message: `${urlOf(segments)} expects an object, got ${typeName(params)}` };
  const patch: Record<string, Json> = {};
  for (const [k, v] of Object.entries(params)) {
    if (node.kind === 'collection') {
      if (!hasKey(node, ctx, k))
        return { ok: false, code: 'unknown', message: `unknown url ${urlOf([...segments, k])}` };
      const r = setNode(node.item, { model: ctx.model, keys: [...ctx.keys, k] }, [...segments, k], v, actions, current);
      if (!r.ok) return r;
      patch[k] = r.patch;
      continue;
    }
    const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
    if (field && present(field, ctx)) {
      const r = checkField(field, ctx, () => urlOf([...segments, k]), v);
      if (!r.ok) return r;
      if (field.action) actions.push({ segments, name: k, value: r.value });
      else patch[k] = r.value;
      continue;
    }
    const child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
    if (child && present(child, ctx)) {
      const r = setNode(child, ctx, [...segments, k], v, actions, current);
      if (!r.ok) return r;
      patch[k] = r.patch;
      continue;
    }
    return { ok: false, code: 'unknown', message: `unknown field ${urlOf([...segments, k])}` };
  }
  return { ok: true, patch };
}

/**
 * Validates a `set` on a URL: unknown fields, wrong types, enum values outside the choices and
 * read-only fields are refused with a message; numbers out of range are clamped; strings cut to maxLength.
 * Nothing is applied when any part is refused. The patch is rooted at `/`.
 */
export function validateSet(
  model: ModelInfo,
  url: string,
  params: unknown,
  current: (segments: string[]) => unknown = () => undefined,
): SetResult {
  const r = resolveUrl(model, url);
  if (!r.ok) return { ok: false, code: 'unknown', message: r.message };
  const actions: ActionWrite[] = [];
  let patch: Json;
  if (r.kind === 'field') {
    const checked = checkField(r.field, r.ctx, () => normalizeUrl(url), params);
    if (!checked.ok) return checked;
    if (r.field.action) {
      actions.push({ segments: r.segments.slice(0, -1), name: r.name, value: checked.value });
      return { ok: true, patch: {}, actions };
    }
    patch = checked.value;
  } else {
    const res = setNode(r.node, r.ctx, r.segments, params ?? {}, actions, current);
    if (!res.ok) return res;
    patch = res.patch;
  }
  const rooted = rootedAt(r.segments, patch);
  return { ok: true, patch: isObj(rooted) ? (rooted as Record<string, Json>) : {}, actions };
}

function clampNode(node: Node, ctx: TreeContext, v: unknown): Json | undefined {
  switch (node.kind) {
    case 'record': {
      const parsed = node.schema.safeParse(v);
      return parsed.success ? (parsed.data as Json) : (node.default() as Json);
    }
    case 'object': {
      if (!isObj(v)) return undefined;
      const out: Record<string, Json> = {};
      for (const k of Object.keys(v)) {
        const x = v[k];
        const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
        if (field && !field.action && present(field, ctx)) {
          out[k] = clampField(field, ctx, x);
          continue;
        }
        const child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
        if (child && present(child, ctx)) {
          const c = clampNode(child, ctx, x);
          if (c !== undefined) out[k] = c;
        }
      }
      return out;
    }
    case 'collection': {
      if (!isObj(v)) return undefined;
      const out: Record<string, Json> = {};
      for (const k of Object.keys(v)) {
        if (!hasKey(node, ctx, k)) continue;
        const c = clampNode(node.item, { model: ctx.model, keys: [...ctx.keys, k] }, v[k]);
        if (c !== undefined) out[k] = c;
      }
      return out;
    }
  }
}

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

/** mergeDelta's step for one key, with the value already clamped. */
function mergeKey(target: Obj, k: string, v: unknown, changed: Obj | undefined): Obj | undefined {
  const cur = target[k];
  if (isObj(v) && isObj(cur)) {
    const sub = mergeDelta(cur, v);
    if (sub) (changed ??= {})[k] = sub;
  } else if (cur !== v && !deepEqual(cur, v)) {
    target[k] = isPrimitive(v) ? v : structuredClone(v);
    (changed ??= {})[k] = v;
  }
  return changed;
}

function mergeClampedNode(node: Node, ctx: TreeContext, target: Obj, raw: Obj, top: boolean): Obj | undefined {
  let changed: Obj | undefined;
  for (const k of Object.keys(raw)) {
    const x = raw[k];
    let child: Node | undefined;
    let childCtx = ctx;
    if (node.kind === 'object') {
      const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
      if (field && !field.action && present(field, ctx)) {
        changed = mergeKey(target, k, clampField(field, ctx, x), changed);
        continue;
      }
      child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
      if (!child || !present(child, ctx)) continue;
    } else if (node.kind === 'collection') {
      if (!hasKey(node, ctx, k)) continue;
      child = node.item;
      childCtx = { model: ctx.model, keys: [...ctx.keys, k] };
    } else return changed;
    if (child.kind === 'record') {
      const c = clampNode(child, childCtx, x);
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

/**
 * A value placed under a path from the root: rootedAt(['amp', 'misc'], v) → {amp: {misc: v}}; the value itself for
 * no segments. Every key is an own key, '__proto__' too (as in a `{[k]: v}` literal, which this builds faster).
 */
export function rootedAt(segments: readonly string[], value: unknown): unknown {
  let rooted = value;
  for (let i = segments.length - 1; i >= 0; i--) {
    const k = segments[i]!;
    if (k === '__proto__') {
      rooted = { [k]: rooted }; // an assignment would set the prototype instead
      continue;
    }
    const o: Obj = {};
    o[k] = rooted;
    rooted = o;
  }
  return rooted;
}

/** Reads the value at a path of a state tree. */
export function getAt(state: unknown, segments: readonly string[]): unknown {
  let cur: unknown = state;
  for (const s of segments) {
    if (!isObj(cur) || !Object.hasOwn(cur, s)) return undefined;
    cur = cur[s];
  }
  return cur;
}

/**
 * Merges a delta into a state tree in place and returns the part that actually changed
 * (undefined when nothing did). Arrays and records' leaves are replaced whole.
 */
export function mergeDelta(into: object, delta: object): Obj | undefined {
  const target = into as Obj;
  const d = delta as Obj;
  let changed: Obj | undefined;
  for (const k of Object.keys(d)) {
    if (UNSAFE_KEYS.has(k)) continue; // JSON.parse makes "__proto__" an own key: never merge it into a prototype
    const v = d[k];
    const cur = target[k];
    if (isObj(v) && isObj(cur)) {
      const sub = mergeDelta(cur, v);
      if (sub) (changed ??= {})[k] = sub;
    } else if (cur !== v && !deepEqual(cur, v)) {
      // primitives are their own copy; objects, arrays (and anything structuredClone refuses) go through it
      target[k] = isPrimitive(v) ? v : structuredClone(v);
      (changed ??= {})[k] = v;
    }
  }
  return changed;
}

/** Keys that would reach an object's prototype when assigned; no tree of ours has them. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Structural equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (i in a && !deepEqual(a[i], b[i])) return false;
    return true;
  }
  const x = a as Obj;
  const y = b as Obj;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !deepEqual(x[k], y[k])) return false;
  return true;
}

/** Every field of the tree on a model, with its URL: for docs, property tests and exhaustive checks. */
export function* walkFields(model: ModelInfo): Generator<{ url: string; field: Field; ctx: TreeContext }> {
  function* walk(
    node: Node,
    ctx: TreeContext,
    segs: string[],
  ): Generator<{ url: string; field: Field; ctx: TreeContext }> {
    if (node.kind === 'object') {
      for (const [k, f] of Object.entries(node.fields))
        if (present(f, ctx)) yield { url: '/' + [...segs, k].join('/'), field: f, ctx };
      for (const [k, c] of Object.entries(node.children)) if (present(c, ctx)) yield* walk(c, ctx, [...segs, k]);
    } else if (node.kind === 'collection') {
      for (const key of node.keys(ctx))
        yield* walk(node.item, { model: ctx.model, keys: [...ctx.keys, key] }, [...segs, key]);
    }
  }
  yield* walk(DEVICE_TREE, { model, keys: [] }, []);
}
