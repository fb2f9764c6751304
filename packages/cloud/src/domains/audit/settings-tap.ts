/**
 * Settings written through the remote relay, for the audit log (issue 21: "settings written through the relay with
 * old → new values"). One tap per relay session watches the frames the relay passes — after it passed them, never in
 * their way: the relay hands each frame over (a byte search decides whether it can matter; nothing is parsed there)
 * and the tap reads them in order on a later turn of the event loop.
 *
 * The tap keeps what the session has seen of the amp (the results of its `get` and `subscribe` requests and every
 * notification, merged into one tree). A `set` takes its "before" from that tree when it is sent (null for a value
 * not seen); when the amp answers it with a result (not an error) the tap reports the path, the value before and the
 * value written (the set's params: the amp's reply is "OK"), and merges the written value into the tree. Values under
 * keys that hold secrets (passwords, keys, tokens) and the whole of `/users` are recorded as "[redacted]".
 */
import { getAt, mergeDelta, normalizeUrl, rootedAt, urlSegments } from '@rackside/protocol';

/** A JSON value. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a tap reports of one successful set. */
export interface SettingWritten {
  readonly path: string;
  readonly from: Json | null;
  readonly to: Json;
}

/** Requests remembered until their reply (the relay allows 64 in flight; replies that never come age out). */
const TRACKED_MAX = 256;
/** Frames waiting for the tap's next turn; past this the tap forgets what it saw (a burst it cannot keep up with). */
const INBOX_MAX = 1024;
const REDACTED = '[redacted]';
/** Keys whose values are secrets (a `/users` change, `/misc verifyPassword`, the `/UAC` key). */
const SECRET_KEY = /pass(word|phrase)?|secret|token|^key$/i;
const SECRET_PATH = /^\/users(\/|$)/;

/** Byte patterns of the methods that matter, and of a notification. */
const TRACKED_METHODS = ['"set"', '"get"', '"subscribe"'].map((m) => Buffer.from(m));
const NOTIFY = Buffer.from('"notify"');

interface Tracked {
  readonly method: 'get' | 'subscribe' | 'set';
  readonly url: string;
  readonly segments: readonly string[];
  /** A set's params and the value before it. */
  readonly params?: unknown;
  readonly from?: Json | null;
}

type Frame = { readonly browser: Uint8Array } | { readonly amp: Uint8Array };

const bytesOf = (frame: Uint8Array): Buffer =>
  Buffer.isBuffer(frame) ? frame : Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);

function parse(frame: Uint8Array): unknown {
  const text = bytesOf(frame).toString('utf8');
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON copy (the tree's objects change as notifications merge in). */
const copy = (v: unknown): Json => structuredClone(v) as Json;

/** The part of `before` that `params` writes: the same keys, as deep as params goes; null where unseen. */
function pick(before: unknown, params: unknown): Json | null {
  if (before === undefined) return null;
  if (!isObj(params) || !isObj(before)) return copy(before);
  const out: Record<string, Json | null> = {};
  for (const key of Object.keys(params))
    out[key] = pick(Object.hasOwn(before, key) ? before[key] : undefined, params[key]);
  return out;
}

/** Secrets replaced by "[redacted]", at any depth. */
function redact(value: Json | null, path: string): Json | null {
  if (value === null) return null;
  if (SECRET_PATH.test(path)) return REDACTED;
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_KEY.test(k) ? REDACTED : walk(x)]));
  };
  return walk(value);
}

/** Watches one relay session's frames; `report` is told of each successful set. */
export class SettingsTap {
  readonly #tree: Record<string, unknown> = {};
  readonly #tracked = new Map<number, Tracked>();
  #inbox: Frame[] = [];
  #scheduled = false;
  /** Browser frames waiting in the inbox (their replies matter though they are not tracked yet). */
  #queuedRequests = 0;
  /** Nothing is read until the browser sends a get, subscribe or set (before that, nothing can be recorded). */
  #active = false;
  #stopped = false;

  constructor(private readonly report: (setting: SettingWritten) => void) {}

  /** A frame the relay published to the amp. */
  fromBrowser(frame: Uint8Array): void {
    if (this.#stopped) return;
    const bytes = bytesOf(frame);
    if (!TRACKED_METHODS.some((m) => bytes.includes(m))) return;
    this.#active = true;
    this.#queuedRequests++;
    this.#push({ browser: frame });
  }

  /** A frame of the amp the relay passed to the browser. */
  fromAmp(frame: Uint8Array): void {
    if (this.#stopped || !this.#active) return;
    // a reply matters only while a request waits for one; a notification always
    if (this.#tracked.size === 0 && this.#queuedRequests === 0 && !bytesOf(frame).includes(NOTIFY)) return;
    this.#push({ amp: frame });
  }

  /** The session ended: nothing more is read. */
  stop(): void {
    this.#stopped = true;
    this.#inbox = [];
    this.#queuedRequests = 0;
  }

  #push(frame: Frame): void {
    if (this.#inbox.length >= INBOX_MAX) {
      // too far behind: what the tree says is no longer sure, so forget it (a set then reports `from: null`)
      this.#inbox = [];
      this.#queuedRequests = 0;
      this.#tracked.clear();
      for (const key of Object.keys(this.#tree)) delete this.#tree[key];
    }
    this.#inbox.push(frame);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#drain());
  }

  #drain(): void {
    this.#scheduled = false;
    const inbox = this.#inbox;
    this.#inbox = [];
    this.#queuedRequests = 0;
    for (const frame of inbox) {
      if (this.#stopped) return;
      if ('browser' in frame) this.#request(parse(frame.browser));
      else this.#message(parse(frame.amp));
    }
  }

  #request(message: unknown): void {
    if (!isObj(message)) return;
    const { method, url, id } = message;
    if (typeof url !== 'string' || typeof id !== 'number' || !Number.isInteger(id)) return;
    if (method !== 'get' && method !== 'subscribe' && method !== 'set') return;
    const path = normalizeUrl(url);
    const segments = urlSegments(path);
    if (this.#tracked.size >= TRACKED_MAX) this.#tracked.delete(this.#tracked.keys().next().value as number);
    this.#tracked.delete(id); // a reused id moves to the end
    if (method !== 'set') return void this.#tracked.set(id, { method, url: path, segments });
    const from = pick(getAt(this.#tree, segments), message.params);
    this.#tracked.set(id, { method, url: path, segments, params: message.params, from });
  }

  #message(message: unknown): void {
    if (!isObj(message)) return;
    if (message.method === 'notify') {
      if (isObj(message.params)) mergeDelta(this.#tree, message.params);
      return;
    }
    if (typeof message.id !== 'number') return;
    const request = this.#tracked.get(message.id);
    if (request === undefined) return;
    this.#tracked.delete(message.id);
    if (!('result' in message) || 'error' in message) return;
    if (request.method !== 'set') return this.#merge(request.segments, message.result);
    if (request.params === undefined) return;
    this.report({
      path: request.url,
      from: redact(request.from ?? null, request.url),
      to: redact(copy(request.params), request.url) ?? REDACTED,
    });
    this.#merge(request.segments, copy(request.params));
  }

  #merge(segments: readonly string[], value: unknown): void {
    const rooted = rootedAt(segments, value);
    if (isObj(rooted)) mergeDelta(this.#tree, rooted);
  }
}
