/**
 * The methods on the state tree: get, info, subscribe, unsubscribe, set and clear (device-api-notes.md
 * "Messages"; spec 2 §7). `set /users` and `set /NSTProxy` have their own rules.
 */
import { getAt, infoAt, resolveUrl, urlSegments, type ActionWrite } from '@rackside/protocol';
import type { Amp } from '../amp';
import { applyUsersChange, decryptUsersPayload } from '../security/users';
import { emitDeviceAction } from './device-actions';
import { resultJsonOf } from './frames';
import { lockedLeaf } from './locked-properties';
import { nstSetRefusal } from './nst-proxy';
import { DeviceErrorCode, fail, ok, OK, type MethodSpec, type Outcome } from './types';

/** Cached reply texts of `get`/`subscribe` results per amp and path, valid while the amp's version is unchanged. */
type CachedJson = { readonly version: number; readonly json: string };
const replyJson = new WeakMap<Amp, Map<string, CachedJson>>();
/** Paths remembered per amp (valid URLs only, but records hold many); past this the cache starts over. */
const REPLY_CACHE_LIMIT = 1024;

/** A result read at a path, with its reply text: serialised once per version of the amp's state. */
function readResult(amp: Amp, path: string, v: unknown): Outcome {
  let byPath = replyJson.get(amp);
  if (!byPath) replyJson.set(amp, (byPath = new Map<string, CachedJson>()));
  const hit = byPath.get(path);
  if (hit && hit.version === amp.version) return { result: v, resultJson: hit.json };
  if (!hit && byPath.size >= REPLY_CACHE_LIMIT) byPath.clear();
  const json = resultJsonOf(v);
  byPath.set(path, { version: amp.version, json });
  return { result: v, resultJson: json };
}

/** The subtree at a normalised path, relative to it; inside a record node (/NSTProxy/devices) too. */
export function readAt(amp: Amp, path: string): Outcome {
  const r = resolveUrl(amp.model, path);
  if (r.ok) {
    if (r.kind === 'field' && r.field.action) return fail(DeviceErrorCode.InvalidRequest, `${path} is write-only`);
    const v = getAt(amp.state, r.segments); // amp.read(path), with the segments resolveUrl already split
    return v === undefined ? fail(DeviceErrorCode.UnknownUrl, `unknown url ${path}`) : readResult(amp, path, v);
  }
  const segs = urlSegments(path);
  for (let i = segs.length - 1; i > 0; i--) {
    const up = resolveUrl(amp.model, '/' + segs.slice(0, i).join('/'));
    if (!up.ok) continue;
    if (up.kind === 'node' && up.node.kind === 'record') {
      const v = amp.read(path);
      if (v !== undefined) return readResult(amp, path, v);
    }
    break;
  }
  return fail(DeviceErrorCode.UnknownUrl, r.message);
}

const get: MethodSpec = { write: false, run: (req, { amp }) => readAt(amp, req.path) };

const info: MethodSpec = {
  write: false,
  run: (req, { amp }) => {
    const i = infoAt(amp.model, req.path);
    if (i !== undefined) return ok(i);
    const r = resolveUrl(amp.model, req.path);
    return fail(DeviceErrorCode.UnknownUrl, r.ok ? `unknown url ${req.path}` : r.message);
  },
};

const subscribe: MethodSpec = {
  write: false,
  run: (req, { amp, subscriptions }) => {
    const r = readAt(amp, req.path);
    if ('result' in r) subscriptions.add(req.path);
    return r;
  },
};

const unsubscribe: MethodSpec = {
  write: false,
  run: (req, { subscriptions }) => {
    for (const s of subscriptions)
      if (req.path === '/' || s === req.path || s.startsWith(req.path + '/')) subscriptions.delete(s);
    return OK;
  },
};

const clearLogs = (amp: Amp): void => {
  amp.apply({ logs: { events: '', faults: '' } }, 'client');
};

const clear: MethodSpec = {
  write: true,
  refuse: (path) => (path === '/logs' ? undefined : `method 'clear' is only available on /logs`),
  run: (_req, { amp }) => {
    clearLogs(amp);
    return OK;
  },
};

function verifyPassword(amp: Amp, actions: readonly ActionWrite[]): Outcome | undefined {
  const verify = actions.find((a) => a.name === 'verifyPassword');
  if (!verify) return undefined;
  if (amp.password === null) return fail(DeviceErrorCode.InvalidRequest, 'the amp is not password protected');
  return verify.value === amp.password ? undefined : fail(DeviceErrorCode.InvalidPassword, 'InvalidPassword');
}

const SET_CODES = {
  unknown: DeviceErrorCode.UnknownUrl,
  type: DeviceErrorCode.InvalidParams,
  choice: DeviceErrorCode.InvalidParams,
  readOnly: DeviceErrorCode.Forbidden,
} as const;

const set: MethodSpec = {
  write: true,
  run: (req, { amp }) => {
    if (req.path === '/users') {
      const d = decryptUsersPayload(req.params);
      if (!d.ok) return fail(DeviceErrorCode.InvalidParams, d.message);
      const error = applyUsersChange(amp, d.change);
      return error ? { error } : OK;
    }
    if (req.path === '/NSTProxy') {
      const refused = nstSetRefusal(req.params);
      if (refused) return refused;
    }
    const v = amp.validate(req.path, req.params);
    if (!v.ok) return fail(SET_CODES[v.code], v.message);
    const locked = lockedLeaf(amp, v.patch);
    if (locked) return fail(DeviceErrorCode.Forbidden, `${locked} is locked by speaker tunings`);
    const refused = verifyPassword(amp, v.actions);
    if (refused) return refused;
    amp.apply(v.patch, 'client');
    for (const a of v.actions) {
      if (a.name === 'verifyPassword') continue;
      if (a.name === 'clearLogs' && a.segments.join('/') === 'misc') {
        if (a.value === true) clearLogs(amp);
        continue;
      }
      emitDeviceAction(amp, { url: '/' + a.segments.join('/'), name: a.name, value: a.value });
    }
    return OK;
  },
};

/** get, info, subscribe, unsubscribe, set and clear. */
export const stateMethods: Readonly<Record<string, MethodSpec>> = { get, info, subscribe, unsubscribe, set, clear };
