/**
 * Turns one incoming frame (text or binary) into a request, or into the error frame that answers it:
 * size limit, UTF-8, JSON, nesting depth, then the request envelope (device-api-notes.md "Messages").
 */
import { CHOSEN, DeviceErrorCode, DeviceRequestSchema, errorFrame, normalizeUrl } from '@rackside/protocol';
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
  const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
  return children.some((c) => nestsDeeper(c, max - 1));
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
  const parsed = DeviceRequestSchema.safeParse(json);
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
  return {
    ok: true,
    req: {
      url: r.url,
      path: normalizeUrl(r.url),
      method: r.method,
      params: r.params,
      id: r.id,
      ...(r.auth ? { auth: r.auth } : {}),
      ...(r.signature !== undefined ? { signature: r.signature } : {}),
    },
  };
}
