/** Validation of a `set`: what is refused with which message, what is clamped, what is an action (spec 2 §5). */
import { choicesOf, clampField } from './field';
import { isObj, rootedAt, type Json } from './json';
import type { ModelInfo } from './models';
import type { Field, Node, TreeContext } from './schema';
import { normalizeUrl, resolveUrl } from './url';
import { childAt, fieldAt, hasKey, itemContext } from './walk';

/** A field write that is an action (not stored): `/misc clearLogs`, `verifyPassword`, `/cloud sensorPublishStart`. */
export interface ActionWrite {
  readonly segments: readonly string[];
  readonly name: string;
  readonly value: Json;
}
/** What validateSet answers: the patch to apply and the actions to run, or why the whole set is refused. */
export type SetResult =
  | { ok: true; patch: Record<string, Json>; actions: ActionWrite[] }
  | { ok: false; message: string; code: 'type' | 'readOnly' | 'unknown' | 'choice' };

type Refusal = Extract<SetResult, { ok: false }>;

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
function checkField(field: Field, ctx: TreeContext, at: () => string, v: unknown): { ok: true; value: Json } | Refusal {
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

// Not a fold over the tree: it stops at the first refusal, and a record is merged with what the amp holds first.
function setNode(
  node: Node,
  ctx: TreeContext,
  segments: readonly string[],
  params: unknown,
  actions: ActionWrite[],
  current: (segments: string[]) => unknown,
): { ok: true; patch: Json } | Refusal {
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
      const r = setNode(node.item, itemContext(ctx, k), [...segments, k], v, actions, current);
      if (!r.ok) return r;
      patch[k] = r.patch;
      continue;
    }
    const field = fieldAt(node, ctx, k);
    if (field) {
      const r = checkField(field, ctx, () => urlOf([...segments, k]), v);
      if (!r.ok) return r;
      if (field.action) actions.push({ segments, name: k, value: r.value });
      else patch[k] = r.value;
      continue;
    }
    const child = childAt(node, ctx, k);
    if (child) {
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
