/**
 * Which part of a `set` the undo history may keep (issue 18). Left out: the record nodes (/UAC, /discovery, ...:
 * they travel whole, so a field-by-field undo cannot restore them), write-only actions (clearLogs: nothing to put
 * back) and secrets (passwords, keys, tokens: never kept in memory nor shown in the history list).
 */
import { RECORD_NODE_KEYS, resolveUrl, urlSegments, type ModelInfo } from '@rackside/protocol';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field names never recorded ('password', 'dot1xPassword', 'registrationToken', a UAC 'key'). */
const SECRET = /password|token|^key$/i;

/** The fields of `params` (at `url`) the history may record, the same shape; undefined when none. */
export function undoableParams(url: string, params: Obj, model: ModelInfo | undefined): Obj | undefined {
  const [root] = urlSegments(url);
  if (root !== undefined && RECORD_NODE_KEYS.includes(root)) return undefined;
  const out: Obj = {};
  for (const [key, value] of Object.entries(params)) {
    if (SECRET.test(key)) continue;
    const at = `${url === '/' ? '' : url}/${key}`;
    if (root === undefined && RECORD_NODE_KEYS.includes(key)) continue;
    if (isObj(value)) {
      const sub = undoableParams(at, value, model);
      if (sub) out[key] = sub;
      continue;
    }
    const r = model ? resolveUrl(model, at) : undefined;
    if (r?.ok && r.kind === 'field' && (r.field.action === true || r.field.readOnly === true)) continue;
    out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
