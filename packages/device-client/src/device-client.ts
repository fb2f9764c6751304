/**
 * One connection to one amp's device API (spec 2 §4 "Local socket", §7): request/reply with a time-out, the
 * -32000 auth challenge answered once, UAC signatures, the subscribed state tree, reconnect and re-subscribe.
 * Transport-agnostic: it speaks JSON text through a DeviceTransport.
 */
import {
  DeviceErrorCode,
  normalizeUrl,
  type DeviceDelta,
  type DeviceMethod,
  type LockParamsSchema,
  type ModelInfo,
  type ResetParamsSchema,
  type UnlockParamsSchema,
} from '@rackside/protocol';
import { DeviceStateStore, type StateListener } from './device-state';
import { AuthRequiredError, ConnectionError, DeviceCallError } from './errors';
import { parseDeviceMessage } from './incoming';
import { PendingRequests, type ReplyHandlers } from './pending-requests';
import { Listeners, type DeviceTransport, type TransportState } from './transport';
import { WebSocketTransport, type WebSocketConstructor } from './websocket-transport';

/** Connection states of spec 2 §4. */
export const ConnectionState = { CONNECTED: 'CONNECTED', CONNECTING: 'CONNECTING', FAILED: 'FAILED' } as const;
/** One of CONNECTED, CONNECTING, FAILED. */
export type ConnectionState = (typeof ConnectionState)[keyof typeof ConnectionState];

/** Reply time-out, also the time allowed for the socket to open (spec 2 §9: 10000 ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Wait before reconnecting after the connection failed (spec 2 §9: 5000 ms). */
export const DEFAULT_RECONNECT_DELAY_MS = 5_000;

/** `/lockedProperties lock` params (spec 3 §4). */
export type LockParams = ReturnType<(typeof LockParamsSchema)['parse']>;
/** `/lockedProperties unlock` params. */
export type UnlockParams = ReturnType<(typeof UnlockParamsSchema)['parse']>;
/** `/lockedProperties reset` params. */
export type ResetParams = ReturnType<(typeof ResetParamsSchema)['parse']>;

/** Options of a DeviceClient: where the amp is (a url or a ready transport) and how to behave. */
export type DeviceClientOptions = {
  /** The device password, or a function that reads it when a challenge comes (empty means none). */
  password?: string | (() => string | undefined);
  /** The amp's MAC address: when set, every request carries the UAC `signature`. */
  uacMac?: string;
  /** Reply time-out and connect time-out in ms (default 10000). */
  timeoutMs?: number;
  /** Wait in ms before reconnecting after a failure (default 5000). */
  reconnectDelayMs?: number;
  /** Reconnect after a failure until `close()` (default true). */
  autoReconnect?: boolean;
  /** Where invalid frames and background failures are reported; defaults to the console. */
  logger?: Pick<Console, 'warn'>;
} & (
  | {
      url: string;
      WebSocket?: WebSocketConstructor;
      /** WebSocket subprotocols, e.g. the cloud relay's `[RELAY_SUBPROTOCOL, 'bearer.' + token]`. */
      protocols?: readonly string[];
      transport?: undefined;
    }
  | { transport: DeviceTransport; url?: undefined; WebSocket?: undefined; protocols?: undefined }
);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One connection to one amp; connects on construction and stays connected until `close()`. */
export class DeviceClient {
  readonly #transport: DeviceTransport;
  readonly #options: DeviceClientOptions;
  readonly #logger: Pick<Console, 'warn'>;
  readonly #store: DeviceStateStore;
  readonly #requests: PendingRequests;
  /** Subscribed urls (normalised) with their params, subscribed again after a reconnect. */
  readonly #subscriptions = new Map<string, unknown>();
  readonly #stateListeners: Listeners<[ConnectionState]>;
  readonly #unlisten: (() => void)[];
  readonly #connectTimeoutMs: number;
  #state: ConnectionState = ConnectionState.CONNECTING;
  #failure = 'not connected yet';
  #closed = false;
  #connectTimer: ReturnType<typeof setTimeout> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: DeviceClientOptions) {
    this.#options = options;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#logger = options.logger ?? console;
    const onListenerError = (err: unknown) => this.#logger.warn('device-client: a listener threw', err);
    this.#store = new DeviceStateStore(onListenerError);
    this.#stateListeners = new Listeners(onListenerError);
    const transport = options.transport ?? new WebSocketTransport(options.url, options.WebSocket, options.protocols);
    this.#transport = transport;
    this.#requests = new PendingRequests(
      {
        send: (text) => transport.send(text),
        notReady: () => (this.#state === ConnectionState.CONNECTED ? undefined : this.#failure),
      },
      timeoutMs,
      options.uacMac,
    );
    this.#connectTimeoutMs = timeoutMs;
    this.#unlisten = [
      this.#transport.onMessage((text) => this.#handleMessage(text)),
      this.#transport.onState((state, reason) => this.#handleTransportState(state, reason)),
    ];
    this.#open();
  }

  /** The current connection state. */
  get connectionState(): ConnectionState {
    return this.#state;
  }

  /** The amp's state as received (subscribed or fetched parts only), clamped to the schema once the model is known. */
  get state(): DeviceDelta {
    return this.#store.state;
  }

  /** The amp's model, once `amp.deviceInfo.modelID` has been received. */
  get model(): ModelInfo | undefined {
    return this.#store.model;
  }

  /** Registers a listener of state changes (state, delta); returns its remover. */
  onChange(listener: StateListener): () => void {
    return this.#store.onChange(listener);
  }

  /** Registers a listener of connection state changes; returns its remover. */
  onConnectionState(listener: (state: ConnectionState) => void): () => void {
    return this.#stateListeners.add(listener);
  }

  /** Resolves when the connection is (or next becomes) CONNECTED; rejects when it next FAILS instead. */
  connected(): Promise<void> {
    if (this.#state === ConnectionState.CONNECTED) return Promise.resolve();
    const stopped = this.#state === ConnectionState.FAILED && this.#reconnectTimer === undefined;
    if (stopped) return Promise.reject(new ConnectionError(this.#failure));
    return new Promise((resolve, reject) => {
      const off = this.onConnectionState((state) => {
        if (state === ConnectionState.CONNECTING) return;
        off();
        if (state === ConnectionState.CONNECTED) resolve();
        else reject(new ConnectionError(this.#failure));
      });
    });
  }

  /**
   * Sends one request and resolves with its result. An auth challenge is answered once with the password;
   * `get` and `subscribe` results are merged into `state`.
   */
  request(method: DeviceMethod, url: string, params?: unknown): Promise<unknown> {
    // The reply is merged and a challenge answered as the reply arrives (handlers, not a chained promise): a plain
    // request settles its one promise with the merged result. `call` never throws: a link that is not ready rejects.
    return this.#requests.call(method, url, params, undefined, this.#replies);
  }

  /** What every request does with its reply (one object for all of them). */
  readonly #replies: ReplyHandlers = {
    result: (req, result) => this.#received(req.method, req.url, result),
    error: (req, err) => this.#answerChallenge(req.method, req.url, req.params, err),
  };

  /** A -32000 challenge is answered once with the password; any other failure is passed on. */
  async #answerChallenge(method: DeviceMethod, url: string, params: unknown, err: unknown): Promise<unknown> {
    if (!(err instanceof DeviceCallError) || err.code !== DeviceErrorCode.AuthChallenge) throw err;
    const password = this.#password();
    if (password === undefined) throw new AuthRequiredError(method, url);
    if (err.nonce === undefined) throw err;
    // A second challenge rejects with its DeviceCallError: answered once, never looped.
    const result = await this.#requests.call(method, url, params, { password, nonce: err.nonce });
    return this.#received(method, url, result);
  }

  /** `get` and `subscribe` results are merged into `state`. */
  #received(method: DeviceMethod, url: string, result: unknown): unknown {
    if (method === 'get' || (method === 'subscribe' && isObj(result))) this.#store.apply(url, result);
    return result;
  }

  /** `get url`: the subtree under the url, merged into `state`. */
  get(url = '/'): Promise<unknown> {
    return this.request('get', url);
  }

  /** `set url params`: resolves with the amp's "OK"; the change itself arrives in the next notification. */
  set(url: string, params: unknown): Promise<unknown> {
    return this.request('set', url, params);
  }

  /** `info url`: the parameter schema under the url (min, max, step, choices, defaults). */
  info(url = '/'): Promise<unknown> {
    return this.request('info', url);
  }

  /** `subscribe url`: seeds `state` with the reply; remembered and subscribed again after a reconnect. */
  async subscribe(url = '/', params?: unknown): Promise<unknown> {
    const key = normalizeUrl(url);
    if (this.#state === ConnectionState.CONNECTED) this.#subscriptions.set(key, params);
    try {
      return await this.request('subscribe', url, params);
    } catch (err) {
      // Refused by the amp: not a subscription. Lost with the connection: kept, to be made again.
      if (err instanceof DeviceCallError || err instanceof AuthRequiredError) this.#subscriptions.delete(key);
      throw err;
    }
  }

  /** `unsubscribe url`: forgets the subscription, so it is not made again after a reconnect. */
  unsubscribe(url = '/'): Promise<unknown> {
    this.#subscriptions.delete(normalizeUrl(url));
    return this.request('unsubscribe', url);
  }

  /** `clear url` (e.g. `/logs`: clear faults and events). */
  clear(url: string, params?: unknown): Promise<unknown> {
    return this.request('clear', url, params);
  }

  /** `lock /lockedProperties`: locks a property group with a key. */
  lock(params: LockParams): Promise<unknown> {
    return this.request('lock', '/lockedProperties', params);
  }

  /** `unlock /lockedProperties`: unlocks a property group. */
  unlock(params: UnlockParams): Promise<unknown> {
    return this.request('unlock', '/lockedProperties', params);
  }

  /** `reset /lockedProperties`: resets a locked property group. */
  reset(params: ResetParams): Promise<unknown> {
    return this.request('reset', '/lockedProperties', params);
  }

  /** Closes the connection for good: pending requests reject, no reconnect, no timer left behind. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearTimers();
    for (const off of this.#unlisten) off();
    this.#transport.close();
    this.#failure = 'the client is closed';
    this.#requests.rejectAll(new ConnectionError('connection closed by the client'));
    this.#setState(ConnectionState.FAILED);
  }

  #open(): void {
    this.#setState(ConnectionState.CONNECTING);
    // spec 2 §4: waiting for the connection times out like a request does.
    this.#connectTimer = setTimeout(() => {
      this.#connectTimer = undefined;
      this.#transport.close();
      this.#fail(`no connection within ${this.#connectTimeoutMs} ms`);
    }, this.#connectTimeoutMs);
    this.#transport.open();
  }

  #handleTransportState(state: TransportState, reason?: string): void {
    if (this.#closed) return;
    if (state === 'closed') {
      this.#fail(reason ?? 'connection lost');
      return;
    }
    clearTimeout(this.#connectTimer);
    this.#connectTimer = undefined;
    this.#setState(ConnectionState.CONNECTED);
    for (const [url, params] of this.#subscriptions) {
      this.subscribe(url, params).catch((err: unknown) => this.#logger.warn(`device-client: subscribe ${url}`, err));
    }
  }

  #fail(reason: string): void {
    this.#clearTimers();
    this.#failure = reason;
    this.#requests.rejectAll(new ConnectionError(reason));
    this.#setState(ConnectionState.FAILED);
    if (this.#options.autoReconnect === false || this.#closed) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#open();
    }, this.#options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS);
  }

  /** Never throws: a frame that is not JSON or not a device message is reported and dropped. */
  #handleMessage(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.#logger.warn('device-client: ignored a frame that is not JSON', text.slice(0, 200));
      return;
    }
    const parsed = parseDeviceMessage(raw);
    if (!parsed.ok) {
      this.#logger.warn('device-client: ignored an invalid frame', parsed.issue);
      return;
    }
    const msg = parsed.msg;
    if ('method' in msg) {
      this.#store.apply(msg.url, msg.params);
      return;
    }
    if (!this.#requests.settle(msg)) {
      this.#logger.warn(`device-client: ignored a reply to no request in flight (id ${msg.id})`);
    }
  }

  #password(): string | undefined {
    const p = this.#options.password;
    const value = typeof p === 'function' ? p() : p;
    return value === '' ? undefined : value;
  }

  #clearTimers(): void {
    clearTimeout(this.#connectTimer);
    clearTimeout(this.#reconnectTimer);
    this.#connectTimer = undefined;
    this.#reconnectTimer = undefined;
  }

  #setState(state: ConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#stateListeners.emit(state);
  }
}
