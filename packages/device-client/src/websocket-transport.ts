/** The local-mode transport: a WebSocket straight to the amp (`ws://{ip}:1234`), browser or `ws` in Node. */
import { Listeners, type DeviceTransport, type TransportState } from './transport';

/** A handler property type checked bivariantly, so both the DOM's and `ws`'s event types fit. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket this transport uses: met by the browser's WebSocket and by `ws`'s. */
export interface WebSocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
}

/**
 * `ws`'s own message event in Node: (data, isBinary), text frames as bytes. Listening there skips the MessageEvent
 * that `ws` builds for `onmessage` on every frame.
 */
interface NodeMessageEmitter {
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
}

/** The socket's `ws` message event, when it is a `ws` WebSocket (an EventEmitter); undefined in browsers. */
const nodeEmitter = (socket: WebSocketLike): NodeMessageEmitter | undefined =>
  typeof (socket as Partial<NodeMessageEmitter>).on === 'function' &&
  typeof (socket as { removeAllListeners?: unknown }).removeAllListeners === 'function'
    ? (socket as unknown as NodeMessageEmitter)
    : undefined;

/** A WebSocket constructor: `globalThis.WebSocket` in browsers, `WebSocket` from `ws` in Node. */
export type WebSocketConstructor = new (url: string, protocols?: string[]) => WebSocketLike;

const OPEN = 1;
const decoder = new TextDecoder();
const noop = (): void => undefined;

/** Frames arrive as text; binary frames (ArrayBuffer or a byte view) are decoded as UTF-8; anything else is dropped. */
function frameText(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return undefined;
}

/** A DeviceTransport over a WebSocket; each `open()` makes a new socket. */
export class WebSocketTransport implements DeviceTransport {
  readonly #messages = new Listeners<[string]>();
  readonly #states = new Listeners<[TransportState, string?]>();
  readonly #WebSocket: WebSocketConstructor;
  #socket: WebSocketLike | undefined;
  /** Bumped by every open() and close(), so a late report of an earlier attempt is dropped. */
  #attempt = 0;
  /** How the last socket ended on its own: its close code and reason (the cloud relay's codes say why). */
  lastClose: { readonly code: number; readonly reason: string } | undefined;

  constructor(
    readonly url: string,
    WebSocketImpl?: WebSocketConstructor,
    /** Subprotocols to offer (the cloud relay's, with its credential); none to a local amp. */
    readonly protocols: readonly string[] = [],
  ) {
    const impl = WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!impl) throw new TypeError('No WebSocket implementation: pass one (in Node, `WebSocket` from "ws")');
    this.#WebSocket = impl;
  }

  open(): void {
    this.close();
    const attempt = ++this.#attempt;
    this.lastClose = undefined;
    let socket: WebSocketLike;
    try {
      socket =
        this.protocols.length > 0 ? new this.#WebSocket(this.url, [...this.protocols]) : new this.#WebSocket(this.url);
    } catch (err) {
      // A malformed url throws synchronously; report it the way a failed connection is reported.
      const reason = err instanceof Error ? err.message : String(err);
      queueMicrotask(() => {
        if (this.#attempt === attempt) this.#states.emit('closed', reason);
      });
      return;
    }
    this.#socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      if (this.#socket === socket) this.#states.emit('open');
    };
    const emitter = nodeEmitter(socket);
    if (emitter)
      emitter.on('message', (data, isBinary) => {
        // a text frame is UTF-8 checked by `ws` already (a Buffer): its bytes as a string, as `onmessage` would give
        // them; its own toString, since String(data) first looks up Symbol.toPrimitive and toString along the
        // Buffer's prototype chain (1.2 k instructions a frame, a tenth of a set's cost in this client)
        const text = isBinary ? frameText(data) : (data as { toString(): string }).toString();
        if (this.#socket === socket && text !== undefined) this.#messages.emit(text);
      });
    else
      socket.onmessage = (event) => {
        const text = frameText(event.data);
        if (this.#socket === socket && text !== undefined) this.#messages.emit(text);
      };
    // Both browsers and `ws` follow an error with a close event, which carries the report.
    socket.onerror = noop;
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.lastClose = { code: event.code, reason: event.reason };
      this.#states.emit('closed', `socket closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`);
    };
  }

  send(text: string): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) throw new Error('WebSocket is not open');
    socket.send(text);
  }

  close(): void {
    this.#attempt++;
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = undefined;
    // Keep no-op handlers rather than null: `ws` throws on an 'error' event that has no listener.
    socket.onopen = noop;
    socket.onmessage = noop;
    socket.onerror = noop;
    socket.onclose = noop;
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  }

  onMessage(listener: (text: string) => void): () => void {
    return this.#messages.add(listener);
  }

  onState(listener: (state: TransportState, reason?: string) => void): () => void {
    return this.#states.add(listener);
  }
}
