/** URLs of the device API: their normal spelling, their segments, and what one points at on a model. */
import type { ModelInfo } from './models';
import type { Field, Node, TreeContext } from './schema';
import { DEVICE_TREE } from './tree';
import { childAt, fieldAt, hasKey, present } from './walk';

/** Adds the leading slash and drops a trailing one: 'amp/deviceInfo/' → '/amp/deviceInfo'. */
export function normalizeUrl(url: string): string {
  // already normal ('/', or '/a/b' with no empty segment): the common case, answered without splitting
  if (url === '/' || (url.charCodeAt(0) === 47 && url.charCodeAt(url.length - 1) !== 47 && !url.includes('//')))
    return url;
  const parts = url.split('/').filter((p) => p.length > 0);
  return '/' + parts.join('/');
}

/** Distinct URLs remembered by urlSegments; past this the cache starts over (URLs come from clients). */
export const SEGMENTS_CACHE_LIMIT = 4096;
/**
 * Longer URLs than this (the device API's own limit on a request's url) are answered but not remembered by
 * urlSegments and resolveUrl: their caches hold at most a few megabytes whatever clients send.
 */
export const CACHED_URL_MAX_LENGTH = 1024;
const segmentsByUrl = new Map<string, readonly string[]>();

/**
 * The path segments of a URL ('/amp/channels/1' → ['amp', 'channels', '1']), frozen and shared between callers: the
 * same URL gives the same array and the same segment strings, whose hashes V8 has then computed and whose
 * internalised copies it finds at once when they key a property (split afresh, every reply paid for both on each
 * segment). Bounded like resolveUrl's cache.
 */
export function urlSegments(url: string): readonly string[] {
  if (url.length > CACHED_URL_MAX_LENGTH) return Object.freeze(splitSegments(url));
  let segments = segmentsByUrl.get(url);
  if (segments === undefined) {
    if (segmentsByUrl.size >= SEGMENTS_CACHE_LIMIT) segmentsByUrl.clear();
    segments = Object.freeze(splitSegments(url));
    segmentsByUrl.set(url, segments);
  }
  return segments;
}

function splitSegments(url: string): string[] {
  // url.split('/').filter((p) => p.length > 0), without the two arrays and the callback
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= url.length; i++) {
    if (i < url.length && url.charCodeAt(i) !== SLASH) continue;
    if (i > start) out.push(url.slice(start, i));
    start = i + 1;
  }
  return out;
}
const SLASH = 0x2f;

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
  if (url.length > CACHED_URL_MAX_LENGTH) return freezeResolved(resolveUncached(model, url));
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
  const segments = [...urlSegments(url)]; // urlSegments shares its array; this result owns (and freezes) its own
  let node: Node = DEVICE_TREE;
  const keys: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const ctx = { model, keys };
    const where = '/' + segments.slice(0, i).join('/');
    if (node.kind === 'object') {
      const child = childAt(node, ctx, seg);
      if (child) {
        node = child;
        continue;
      }
      const field = fieldAt(node, ctx, seg);
      if (field && i === segments.length - 1) {
        return { ok: true, kind: 'field', field, name: seg, ctx: { model, keys: [...keys] }, segments };
      }
      return { ok: false, message: `unknown url ${normalizeUrl(url)}: '${seg}' is not under ${where}` };
    }
    if (node.kind === 'collection') {
      if (!hasKey(node, ctx, seg)) {
        const known = node.keys(ctx).join(', ');
        return { ok: false, message: `unknown url ${normalizeUrl(url)}: '${seg}' is not one of ${where} ${known}` };
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
