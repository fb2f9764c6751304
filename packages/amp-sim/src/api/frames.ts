/**
 * Turns one incoming frame (text or binary) into a request, or into the error frame that answers it:
 * size limit, UTF-8, JSON, nesting depth, then the request envelope (device-api-notes.md "Messages").
 */
import {
  CHOSEN,
  DeviceErrorCode,
  DeviceRequestSchema,
  errorFrame,
  LEA_API_VERSION,
  normalizeUrl,
  type DeviceRequest,
} from '@rackside/protocol';
import type { ApiRequest } from './types';

/** What a transport hands a session: a text frame, or a binary frame's bytes. */
export type FrameData = string | Buffer | ArrayBuffer | Uint8Array;

/** Deepest nesting of arrays and objects a request may carry (the whole message counts as level 1). */
export const MAX_NESTING = 32;

/** The outcome of reading a frame: a request to run, or a ready error frame. */
export type ReadFrame = { ok: true; req: ApiRequest } | { ok: false; frame: string; url: string; id: number | null };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The size of a frame in bytes, as it came off the wire. */
export const frameBytes = (data: FrameData): number =>
  typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;

/** True when a JSON value nests deeper than `max` levels (stops looking at that depth). */
export function nestsDeeper(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (max <= 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (nestsDeeper(v[i], max - 1)) return true;
    return false;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) if (Object.hasOwn(o, k) && nestsDeeper(o[k], max - 1)) return true;
  return false;
}

const MAX_ID = 2 ** 31 - 1;

/**
 * The request envelope of the common well-formed shape, checked by hand: leaApi absent or a short string, url and
 * method strings within their limits, an id in range, params anything, no `auth` and no `signature`. Gives exactly
 * what `DeviceRequestSchema` gives for such a request (keys in schema order, unknown keys dropped), or undefined
 * for anything else, which the schema then decides (an answer to a challenge, a signed request, an invalid one).
 */
export function quickEnvelope(json: Record<string, unknown>): DeviceRequest | undefined {
  const { leaApi, url, method, id } = json;
  if (leaApi !== undefined && (typeof leaApi !== 'string' || leaApi.length > 16)) return undefined;
  if (typeof url !== 'string' || url.length > 1024) return undefined;
  if (typeof method !== 'string' || method.length > 64) return undefined;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > MAX_ID) return undefined;
  if (json.auth !== undefined || json.signature !== undefined) return undefined;
  if (!Object.hasOwn(json, 'params')) return leaApi === undefined ? { url, method, id } : { leaApi, url, method, id };
  const params = json.params;
  return leaApi === undefined ? { url, method, params, id } : { leaApi, url, method, params, id };
}

function refuse(code: number, message: string, url: string, id: number | null): ReadFrame {
  return { ok: false, frame: errorFrame(url, { code, message }, id), url, id };
}

/** Reads one frame. Never throws. */
export function readFrame(data: FrameData): ReadFrame {
  const bytes = frameBytes(data);
  if (bytes > CHOSEN.maxFrameBytes)
    return refuse(
      DeviceErrorCode.InvalidRequest,
      `frame of ${bytes} bytes exceeds the limit of ${CHOSEN.maxFrameBytes} bytes`,
      '',
      null,
    );
  let text: string;
  try {
    text = typeof data === 'string' ? data : utf8.decode(data);
  } catch {
    return refuse(DeviceErrorCode.ParseError, 'frame is not valid UTF-8', '', null);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return refuse(
      DeviceErrorCode.ParseError,
      `invalid JSON: ${e instanceof Error ? e.message : 'parse error'}`,
      '',
      null,
    );
  }
  if (!isObj(json))
    return refuse(
      DeviceErrorCode.InvalidRequest,
      Array.isArray(json) ? 'batches are not supported: send one request object a frame' : 'a request is a JSON object',
      '',
      null,
    );
  const url = typeof json.url === 'string' ? json.url.slice(0, 1024) : '';
  const rawId = json.id;
  const id = typeof rawId === 'number' && Number.isInteger(rawId) && rawId >= 0 && rawId <= 2 ** 31 - 1 ? rawId : null;
  if (nestsDeeper(json, MAX_NESTING))
    return refuse(DeviceErrorCode.InvalidRequest, `request nests deeper than ${MAX_NESTING} levels`, url, id);
  const quick = quickEnvelope(json);
  const parsed = quick ? ({ success: true, data: quick } as const) : DeviceRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'request';
    const message =
      issue?.path[0] === 'id'
        ? 'id must be an integer from 0 to 2147483647'
        : `invalid request: ${where}: ${issue?.message ?? 'invalid'}`;
    return refuse(DeviceErrorCode.InvalidRequest, message, url, id);
  }
  const r = parsed.data;
  const req: ApiRequest = { url: r.url, path: normalizeUrl(r.url), method: r.method, params: r.params, id: r.id };
  if (!r.auth && r.signature === undefined) return { ok: true, req };
  return {
    ok: true,
    req: {
      ...req,
      ...(r.auth ? { auth: r.auth } : {}),
      ...(r.signature !== undefined ? { signature: r.signature } : {}),
    },
  };
}

/** A result as a reply spells it: its pretty JSON, each line after the first indented one level (it sits in the reply). */
export const resultJsonOf = (result: unknown): string =>
  (JSON.stringify(result, null, 2) ?? '').replaceAll('\n', '\n  ');

const LEA_JSON = JSON.stringify(LEA_API_VERSION);

/**
 * replyFrame(url, result, id) from resultJsonOf(result), for a JSON result (not undefined): the same text, without
 * serialising the result again.
 */
export function replyFrameFromJson(url: string, resultJson: string, id: number): string {
  return `{\n  "leaApi": ${LEA_JSON},\n  "url": ${JSON.stringify(url)},\n  "result": ${resultJson},\n  "id": ${id}\n}`;
}
