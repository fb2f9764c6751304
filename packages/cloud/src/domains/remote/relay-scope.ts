/**
 * The frames a mute-scoped relay session passes (issue 21: remote.mute, the operator's mute-all on the amp card): the
 * device API's reads (get, info, subscribe, unsubscribe) and a `set` of channels' mute and nothing else — `set
 * /amp/channels/{n}/output {"mute": bool}` or `set /amp/channels/{n}/output/mute bool`. The frame is read as the amp
 * reads it (one JSON object, a leading byte order mark dropped, the url normalised as the amp does); a frame that is
 * not JSON passes (the amp answers it with its parse error and changes nothing).
 */
import { normalizeUrl } from '@rackside/protocol';

const READS = new Set(['get', 'info', 'subscribe', 'unsubscribe']);
const OUTPUT = /^\/amp\/channels\/\d+\/output$/;
const OUTPUT_MUTE = /^\/amp\/channels\/\d+\/output\/mute$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a mute-scoped session may not send this frame; undefined when it may. */
export function muteScopeRefusal(frame: Buffer): string | undefined {
  let message: unknown;
  try {
    const text = frame.toString('utf8');
    message = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
  const refused = 'your role may only mute channels of this amp and read its settings';
  if (!isObject(message) || typeof message.method !== 'string' || typeof message.url !== 'string') return refused;
  if (READS.has(message.method)) return undefined;
  if (message.method !== 'set') return refused;
  const url = normalizeUrl(message.url);
  const { params } = message;
  if (OUTPUT_MUTE.test(url) && typeof params === 'boolean') return undefined;
  if (OUTPUT.test(url) && isObject(params)) {
    const keys = Object.keys(params);
    if (keys.length === 1 && keys[0] === 'mute' && typeof params.mute === 'boolean') return undefined;
  }
  return refused;
}
