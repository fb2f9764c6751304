/**
 * The reference implementations the fast paths are checked against: the plain code as it was before the fast paths
 * (typeName as it is now). Obviously right and slow; each fast path must give exactly what these give (same values,
 * same key order, same messages). They share nothing with the code under test but the field rules (clampField,
 * choicesOf) and resolveUrl, called with a fresh model object so that its cache is bypassed.
 */
import { choicesOf, clampField } from '../field';
import type { Json, Obj } from '../json';
import type { ModelInfo } from '../models';
import type { Field, Node, TreeContext } from '../schema';
import { RECORD_NODE_KEYS } from '../tree';
import { resolveUrl } from '../url';
import type { ActionWrite, SetResult } from '../validate-set';

type Refusal = Extract<SetResult, { ok: false }>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (x: { when?: (c: TreeContext) => boolean }, ctx: TreeContext) => !x.when || x.when(ctx);

/** normalizeUrl without its shortcut. */
export const refNormalizeUrl = (url: string): string =>
  '/' +
  url
    .split('/')
    .filter((p) => p.length > 0)
    .join('/');

/** deepEqual as plain recursion. */
export function refDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => refDeepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && refDeepEqual(a[k], b[k]));
  }
  return false;
}

/** mergeDelta copying every value it stores. */
export function refMergeDelta(into: object, delta: object): Obj | undefined {
  const target = into as Obj;
  let changed: Obj | undefined;
  for (const [k, v] of Object.entries(delta)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue; // the reference skips them too
    const cur = target[k];
    if (isObj(v) && isObj(cur)) {
      const sub = refMergeDelta(cur, v);
      if (sub) (changed ??= {})[k] = sub;
    } else if (!refDeepEqual(cur, v)) {
      target[k] = structuredClone(v);
      (changed ??= {})[k] = v;
    }
  }
  return changed;
}

/** rootedAt as nested `{[k]: v}` literals. */
export function refRootedAt(segments: readonly string[], value: unknown): unknown {
  let rooted = value;
  for (let i = segments.length - 1; i >= 0; i--) rooted = { [segments[i]!]: rooted };
  return rooted;
}

const typeName = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && !Number.isFinite(v)
        ? 'a non-finite number'
        : typeof v;

function refCheckField(field: Field, ctx: TreeContext, path: string, v: unknown): { ok: true; value: Json } | Refusal {
  if (field.readOnly) return { ok: false, code: 'readOnly', message: `${path} is read-only` };
  switch (field.type) {
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v))
        return { ok: false, code: 'type', message: `${path} expects a number, got ${typeName(v)}` };
      break;
    case 'boolean':
      if (typeof v !== 'boolean')
        return { ok: false, code: 'type', message: `${path} expects a boolean, got ${typeName(v)}` };
      break;
    case 'string':
      if (typeof v !== 'string')
        return { ok: false, code: 'type', message: `${path} expects a string, got ${typeName(v)}` };
      break;
    case 'enum': {
      if (typeof v !== 'string')
        return {
          ok: false,
          code: 'type',
          message: `${path} expects one of its choices (a string), got ${typeName(v)}`,
        };
      const choices = choicesOf(field, ctx);
      if (!choices.includes(v))
        return {
          ok: false,
          code: 'choice',
          message: `${path}: '${v}' is not one of the choices ${choices.map((c) => `'${c}'`).join(', ')}`,
        };
    }
  }
  return { ok: true, value: clampField(field, ctx, v) };
}

function refSetNode(
  node: Node,
  ctx: TreeContext,
  segments: string[],
  params: unknown,
  actions: ActionWrite[],
  current: (segments: string[]) => unknown,
): { ok: true; patch: Json } | Refusal {
  const path = '/' + segments.join('/');
  if (node.kind === 'record') {
    if (node.readOnly) return { ok: false, code: 'readOnly', message: `${path} is read-only` };
    const base = current(segments);
    const merged = isObj(base) && isObj(params) ? { ...base, ...params } : params;
    const parsed = node.schema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        code: 'type',
        message: `${path}${issue?.path.length ? '/' + issue.path.join('/') : ''}: ${issue?.message ?? 'invalid value'}`,
      };
    }
    return { ok: true, patch: parsed.data as Json };
  }
  if (!isObj(params)) return { ok: false, code: 'type', message: `${path} expects an object, got ${typeName(params)}` };
  const patch: Record<string, Json> = {};
  for (const [k, v] of Object.entries(params)) {
    const sub = [...segments, k];
    const subPath = '/' + sub.join('/');
    if (node.kind === 'collection') {
      if (!node.keys(ctx).includes(k)) return { ok: false, code: 'unknown', message: `unknown url ${subPath}` };
      const r = refSetNode(node.item, { model: ctx.model, keys: [...ctx.keys, k] }, sub, v, actions, current);
      if (!r.ok) return r;
      patch[k] = r.patch;
      continue;
    }
    const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
    if (field && present(field, ctx)) {
      const r = refCheckField(field, ctx, subPath, v);
      if (!r.ok) return r;
      if (field.action) actions.push({ segments, name: k, value: r.value });
      else patch[k] = r.value;
      continue;
    }
    const child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
    if (child && present(child, ctx)) {
      const r = refSetNode(child, ctx, sub, v, actions, current);
      if (!r.ok) return r;
      patch[k] = r.patch;
      continue;
    }
    return { ok: false, code: 'unknown', message: `unknown field ${subPath}` };
  }
  return { ok: true, patch };
}

/** validateSet with every message spelled eagerly and collection keys looked up each time. */
export function refValidateSet(
  model: ModelInfo,
  url: string,
  params: unknown,
  current: (segments: string[]) => unknown,
): SetResult {
  const r = resolveUrl({ ...model }, url); // a fresh model object: resolved without the cache
  if (!r.ok) return { ok: false, code: 'unknown', message: r.message };
  const actions: ActionWrite[] = [];
  let patch: Json;
  if (r.kind === 'field') {
    const checked = refCheckField(r.field, r.ctx, refNormalizeUrl(url), params);
    if (!checked.ok) return checked;
    if (r.field.action) {
      actions.push({ segments: r.segments.slice(0, -1), name: r.name, value: checked.value });
      return { ok: true, patch: {}, actions };
    }
    patch = checked.value;
  } else {
    const res = refSetNode(r.node, r.ctx, [...r.segments], params ?? {}, actions, current);
    if (!res.ok) return res;
    patch = res.patch;
  }
  const rooted = refRootedAt(r.segments, patch);
  return { ok: true, patch: isObj(rooted) ? (rooted as Record<string, Json>) : {}, actions };
}

function refClampNode(node: Node, ctx: TreeContext, v: unknown): Json | undefined {
  switch (node.kind) {
    case 'record': {
      const parsed = node.schema.safeParse(v);
      return parsed.success ? (parsed.data as Json) : (node.default() as Json);
    }
    case 'object': {
      if (!isObj(v)) return undefined;
      const out: Record<string, Json> = {};
      for (const [k, x] of Object.entries(v)) {
        const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
        if (field && !field.action && present(field, ctx)) {
          out[k] = clampField(field, ctx, x);
          continue;
        }
        const child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
        if (child && present(child, ctx)) {
          const c = refClampNode(child, ctx, x);
          if (c !== undefined) out[k] = c;
        }
      }
      return out;
    }
    case 'collection': {
      if (!isObj(v)) return undefined;
      const out: Record<string, Json> = {};
      const keys = node.keys(ctx);
      for (const [k, x] of Object.entries(v)) {
        if (!keys.includes(k)) continue;
        const c = refClampNode(node.item, { model: ctx.model, keys: [...ctx.keys, k] }, x);
        if (c !== undefined) out[k] = c;
      }
      return out;
    }
  }
}

/** clampAt as a plain recursion of its own. */
export function refClampAt(model: ModelInfo, url: string, value: unknown): unknown {
  const r = resolveUrl({ ...model }, url);
  if (!r.ok) return undefined;
  return r.kind === 'field' ? clampField(r.field, r.ctx, value) : refClampNode(r.node, r.ctx, value);
}

/** A client's merge of a tree already clamped (or held without a model): changed top-level records go first, whole. */
export function refMergeClamped(tree: Obj, clamped: Obj): Obj | undefined {
  for (const k of RECORD_NODE_KEYS) if (Object.hasOwn(clamped, k) && !refDeepEqual(tree[k], clamped[k])) delete tree[k];
  return refMergeDelta(tree, clamped);
}

/** mergeReceived in three steps: refClampAt at '/', then refMergeClamped. */
export function refMergeReceived(model: ModelInfo, tree: Obj, incoming: unknown): Obj | undefined {
  const clamped = refClampAt(model, '/', incoming);
  return isObj(clamped) ? refMergeClamped(tree, clamped) : undefined;
}
