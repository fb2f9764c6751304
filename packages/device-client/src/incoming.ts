/**
 * What the client makes of a frame from the amp. Every frame is checked against DeviceMessageSchema; the two
 * shapes an amp sends all the time (a result reply, a notify) are recognised by hand first, for the same answer.
 */
import { DeviceMessageSchema, type DeviceMessage } from '@rackside/protocol';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A result reply `{leaApi, url, result, id}` (no `method: 'notify'`) or a notify `{leaApi, url, method: 'notify',
 * params: {...}}`, checked by hand: exactly what `DeviceMessageSchema.parse` gives for them (keys in schema order,
 * unknown keys dropped, params copied), or undefined for anything else (an error reply, a malformed frame),
 * which the schema then decides.
 */
export function quickDeviceMessage(raw: unknown): DeviceMessage | undefined {
  if (!isObj(raw)) return undefined;
  const { leaApi, url, method } = raw;
  if (typeof leaApi !== 'string' || typeof url !== 'string') return undefined;
  if (method === 'notify') {
    const params = raw.params;
    // the schema's record leaves a `__proto__` key out: left to it
    if (!isObj(params) || Object.hasOwn(params, '__proto__')) return undefined;
    const copy: Obj = {};
    for (const k of Object.keys(params)) copy[k] = params[k];
    return { leaApi, url, method, params: copy };
  }
  const id = raw.id;
  if (!Object.hasOwn(raw, 'result') || typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  return { leaApi, url, result: raw.result, id };
}

/** The message a frame's JSON holds, or the schema's first issue when it is not one. */
export function parseDeviceMessage(raw: unknown): { ok: true; msg: DeviceMessage } | { ok: false; issue?: string } {
  const quick = quickDeviceMessage(raw);
  if (quick) return { ok: true, msg: quick };
  const parsed = DeviceMessageSchema.safeParse(raw);
  return parsed.success ? { ok: true, msg: parsed.data } : { ok: false, issue: parsed.error.issues[0]?.message };
}
