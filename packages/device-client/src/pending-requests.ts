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

interface Pending {
  resolve(result: unknown): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
  method: DeviceMethod;
  url: string;
}

/** Device API ids are integers from 0 to 2^31-1 (device-api-notes.md). */
const MAX_ID = 2 ** 31 - 1;

/** The requests in flight on one connection, each with its own time-out. */
export class PendingRequests {
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  constructor(
    private readonly link: RequestLink,
    private readonly timeoutMs: number,
    private readonly uacMac: string | undefined,
  ) {}

  /** Sends one request with a fresh id and resolves with its result or rejects with a typed error. */
  async call(method: DeviceMethod, url: string, params: unknown, auth?: ChallengeAnswer): Promise<unknown> {
    this.#assertReady();
    const id = this.#allocateId();
    const req = { method, url, params, id };
    const frame: Record<string, unknown> = { leaApi: LEA_API_VERSION, url, method, params, id };
    if (auth) frame.auth = { user: 'admin', nonce: auth.nonce, hash: await authHash(auth.password, auth.nonce, req) };
    if (this.uacMac) frame.signature = await uacSignature(this.uacMac, req);
    this.#assertReady(); // the link may have dropped while hashing
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new TimeoutError(`no reply to ${method} ${url} within ${this.timeoutMs} ms`, this.timeoutMs));
      }, this.timeoutMs);
      this.#pending.set(id, { resolve, reject, timer, method, url });
      try {
        this.link.send(JSON.stringify(frame));
      } catch (err) {
        clearTimeout(timer);
        this.#pending.delete(id);
        reject(new ConnectionError(err instanceof Error ? err.message : String(err)));
      }
    });
  }

  /** Settles the request a reply answers; false when no request in flight has its id. */
  settle(reply: DeviceReply): boolean {
    const pending = reply.id === null ? undefined : this.#pending.get(reply.id);
    if (!pending || reply.id === null) return false;
    this.#pending.delete(reply.id);
    clearTimeout(pending.timer);
    if ('error' in reply) {
      const { code, message, nonce } = reply.error;
      pending.reject(new DeviceCallError(code, message, pending.method, pending.url, nonce));
    } else pending.resolve(reply.result);
    return true;
  }

  /** Rejects every request in flight (connection lost or closed) and clears their timers. */
  rejectAll(err: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) {
      clearTimeout(p.timer);
      p.reject(err);
    }
  }

  #assertReady(): void {
    const reason = this.link.notReady();
    if (reason !== undefined) throw new ConnectionError(`not connected: ${reason}`);
  }

  #allocateId(): number {
    let id = this.#nextId;
    while (this.#pending.has(id)) id = id >= MAX_ID ? 1 : id + 1;
    this.#nextId = id >= MAX_ID ? 1 : id + 1;
    return id;
  }
}
