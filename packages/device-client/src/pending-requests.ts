/** Request/reply bookkeeping of one connection: ids, frames (auth answer, UAC signature), time-outs, replies. */
import { LEA_API_VERSION, authHash, uacSignature, type DeviceMethod, type DeviceReply } from '@rackside/protocol';
import { ConnectionError, DeviceCallError, TimeoutError } from './errors';

/** What a PendingRequests needs from its connection. */
export interface RequestLink {
  /** Sends one frame; throws when the link is not open. */
  send(text: string): void;
  /** Undefined when requests may be sent now, else why not. */
  notReady(): string | undefined;
}

/** The answer to a -32000 challenge, before hashing. */
export interface ChallengeAnswer {
  password: string;
  nonce: string;
}

interface Pending extends RequestOf {
  resolve(result: unknown): void;
  reject(err: Error): void;
  /** When it times out, on performance.now()'s clock. */
  deadline: number;
  handlers?: ReplyHandlers | undefined;
}

/** The request a reply answers, as its handlers see it. */
export interface RequestOf {
  readonly method: DeviceMethod;
  readonly url: string;
  readonly params: unknown;
}

/**
 * What a caller does with the reply as it arrives, instead of chaining on the returned promise (one promise and
 * one microtask hop fewer per request; one handlers object serves every request): `result` maps a result (its
 * value, or a promise, resolves the request; a throw rejects it), `error` maps a device error reply in the same
 * way. Time-outs and lost connections reject the request as they are.
 */
export interface ReplyHandlers {
  readonly result: (req: RequestOf, result: unknown) => unknown;
  readonly error: (req: RequestOf, err: DeviceCallError) => unknown;
}

const LEA_JSON = JSON.stringify(LEA_API_VERSION);

/**
 * Params that serialise alike on their own and as a property: no params, null, a string, number, boolean or
 * object without a toJSON (inside the object, toJSON would be called with its key, 'params').
 */
function plainJson(params: unknown): boolean {
  if (params === undefined || params === null) return true;
  const t = typeof params;
  if (t !== 'string' && t !== 'number' && t !== 'boolean' && t !== 'object') return false;
  return typeof (params as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * The text of a plain request: JSON.stringify({leaApi, url, method, params, id}), spelled out around the params'
 * own JSON, to the same text.
 */
export function requestText(url: string, method: string, params: unknown, id: number): string {
  if (!plainJson(params)) return JSON.stringify({ leaApi: LEA_API_VERSION, url, method, params, id });
  const p = params === undefined ? undefined : JSON.stringify(params);
  const head = `{"leaApi":${LEA_JSON},"url":${JSON.stringify(url)},"method":${JSON.stringify(method)}`;
  return p === undefined ? `${head},"id":${id}}` : `${head},"params":${p},"id":${id}}`;
}

/** A rejection handed to `handlers.error` when it is a device error reply; anything else rejects as it is. */
function onError(handlers: ReplyHandlers, req: RequestOf, err: unknown): unknown {
  if (err instanceof DeviceCallError) return handlers.error(req, err);
  throw err;
}

/** Device API ids are integers from 0 to 2^31-1 (device-api-notes.md). */
const MAX_ID = 2 ** 31 - 1;

/** The requests in flight on one connection, each with its own time-out. */
export class PendingRequests {
  /** In the order they were sent, which is their deadlines' order (one time-out for all). */
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /**
   * One timer for every time-out: armed for the oldest request's deadline, it rejects what has expired and arms
   * itself for the next. A request costs a clock reading instead of a timer of its own (a Timeout object, its list's
   * bookkeeping and its garbage on every round trip); a request settled in time costs nothing more. It stays armed
   * after the last reply, to fire once and find nothing, like the timer of a request would have.
   */
  #sweep: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly link: RequestLink,
    private readonly timeoutMs: number,
    private readonly uacMac: string | undefined,
  ) {}

  /**
   * Sends one request with a fresh id and resolves with its result or rejects with a typed error. Never throws:
   * a link that is not ready rejects. A plain request is sent at once; one that carries an auth answer or a UAC
   * signature is sent once those are hashed.
   */
  call(
    method: DeviceMethod,
    url: string,
    params: unknown,
    auth?: ChallengeAnswer,
    handlers?: ReplyHandlers,
  ): Promise<unknown> {
    if (auth || this.uacMac) {
      const hashed = this.#callHashed(method, url, params, auth);
      if (!handlers) return hashed;
      const req: RequestOf = { method, url, params };
      return hashed.then(
        (result) => handlers.result(req, result),
        (err: unknown) => onError(handlers, req, err),
      );
    }
    // not a device error reply: handlers.error would pass it on as it is
    const notReady = this.#notReady();
    if (notReady) return Promise.reject(notReady);
    const id = this.#allocateId();
    return this.#send(method, url, id, params, undefined, handlers);
  }

  async #callHashed(method: DeviceMethod, url: string, params: unknown, auth?: ChallengeAnswer): Promise<unknown> {
    this.#assertReady();
    const id = this.#allocateId();
    const req = { method, url, params, id };
    const frame: Record<string, unknown> = { leaApi: LEA_API_VERSION, url, method, params, id };
    if (auth) frame.auth = { user: 'admin', nonce: auth.nonce, hash: await authHash(auth.password, auth.nonce, req) };
    if (this.uacMac) frame.signature = await uacSignature(this.uacMac, req);
    this.#assertReady(); // the link may have dropped while hashing
    return this.#send(method, url, id, params, frame);
  }

  /** Sends the frame (a plain request's when `frame` is not given) and waits for its reply. */
  #send(
    method: DeviceMethod,
    url: string,
    id: number,
    params: unknown,
    frame?: Record<string, unknown>,
    handlers?: ReplyHandlers,
  ): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const deadline = performance.now() + this.timeoutMs;
      const pending: Pending = { resolve, reject, deadline, method, url, params, handlers };
      this.#pending.set(id, pending);
      try {
        this.link.send(frame ? JSON.stringify(frame) : requestText(url, method, params, id));
      } catch (err) {
        this.#pending.delete(id);
        reject(new ConnectionError(err instanceof Error ? err.message : String(err)));
        return;
      }
      this.#sweep ??= setTimeout(() => this.#expire(), this.timeoutMs);
    });
  }

  /** Rejects the requests whose time is up, oldest first; arms the timer for the next deadline, if any. */
  #expire(): void {
    this.#sweep = undefined;
    const now = performance.now();
    for (const [id, p] of this.#pending) {
      if (p.deadline > now) {
        // never early: a timer may fire a fraction of a millisecond before the clock reads its deadline
        this.#sweep = setTimeout(() => this.#expire(), Math.ceil(p.deadline - now));
        return;
      }
      this.#pending.delete(id);
      p.reject(new TimeoutError(`no reply to ${p.method} ${p.url} within ${this.timeoutMs} ms`, this.timeoutMs));
    }
  }

  /** Settles the request a reply answers; false when no request in flight has its id. */
  settle(reply: DeviceReply): boolean {
    const pending = reply.id === null ? undefined : this.#pending.get(reply.id);
    if (!pending || reply.id === null) return false;
    this.#pending.delete(reply.id);
    const handlers = pending.handlers;
    let err: DeviceCallError | undefined;
    let result: unknown;
    if ('error' in reply) {
      const { code, message, nonce } = reply.error;
      err = new DeviceCallError(code, message, pending.method, pending.url, nonce);
    } else result = reply.result;
    if (!handlers) {
      if (err) pending.reject(err);
      else pending.resolve(result);
      return true;
    }
    try {
      pending.resolve(err ? handlers.error(pending, err) : handlers.result(pending, result));
    } catch (thrown) {
      pending.reject(thrown instanceof Error ? thrown : new Error(String(thrown)));
    }
    return true;
  }

  /** Rejects every request in flight (connection lost or closed) and clears the time-out timer. */
  rejectAll(err: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    clearTimeout(this.#sweep);
    this.#sweep = undefined;
    for (const p of pending) p.reject(err);
  }

  #notReady(): ConnectionError | undefined {
    const reason = this.link.notReady();
    return reason === undefined ? undefined : new ConnectionError(`not connected: ${reason}`);
  }

  #assertReady(): void {
    const notReady = this.#notReady();
    if (notReady) throw notReady;
  }

  #allocateId(): number {
    let id = this.#nextId;
    while (this.#pending.has(id)) id = id >= MAX_ID ? 1 : id + 1;
    this.#nextId = id >= MAX_ID ? 1 : id + 1;
    return id;
  }
}
