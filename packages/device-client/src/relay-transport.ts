/**
 * The cloud-mode transport (issue 13): the same device API frames through the cloud's relay to an amp's remote
 * session. Each open() asks for a fresh relay credential (one user × one amp, minutes long), then opens the relay's
 * WebSocket with it; while the session lives, the credential is renewed in place when less than RELAY_REFRESH_LEAD_MS
 * remains (spec 1 §4), so the session is never dropped for its credential. `lastClose` says why a session ended
 * (RELAY_CLOSE: offline, no longer yours, signed out…), whether the relay closed it or refused its credential.
 */
import {
  RELAY_CLOSE,
  RELAY_CONTROL_PREFIX,
  RELAY_REFRESH_LEAD_MS,
  RELAY_TOKEN_PROTOCOL_PREFIX,
  RelayRefreshedSchema,
  type RelayRefresh,
  type RemoteSessionReply,
} from '@rackside/protocol';
import { Listeners, type DeviceTransport, type TransportState } from './transport';
import { WebSocketTransport, type WebSocketConstructor } from './websocket-transport';

/** A credential request the cloud refused, with the relay close code that says the same (RELAY_CLOSE). */
export class RelayRefusedError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RelayRefusedError';
  }
}

export interface RelayTransportOptions {
  /** A fresh credential (POST /devices/{id}/remote-session as the signed-in user); rejects with RelayRefusedError. */
  readonly credential: () => Promise<RemoteSessionReply>;
  readonly WebSocket?: WebSocketConstructor;
  /** Renew when less than this remains (default RELAY_REFRESH_LEAD_MS, 10 minutes). */
  readonly refreshLeadMs?: number;
  /** Wait before trying a failed renewal again (default 30 s), while the credential lasts. */
  readonly retryMs?: number;
  readonly now?: () => number;
}

/** A DeviceTransport through the cloud relay; each open() takes a new credential and a new socket. */
export class RelayTransport implements DeviceTransport {
  readonly #messages = new Listeners<[string]>();
  readonly #states = new Listeners<[TransportState, string?]>();
  readonly #options: RelayTransportOptions;
  readonly #now: () => number;
  #socket: WebSocketTransport | undefined;
  #unlisten: (() => void)[] = [];
  #attempt = 0;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the session's current credential expires (ms since the epoch). */
  #expiresAt = 0;
  /** How the last session ended: the relay's close code (or the refusal's), and its reason. */
  lastClose: { readonly code: number; readonly reason: string } | undefined;

  constructor(options: RelayTransportOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** When the current credential expires (ms since the epoch; 0 before the first). */
  get expiresAt(): number {
    return this.#expiresAt;
  }

  open(): void {
    this.close();
    const attempt = ++this.#attempt;
    this.lastClose = undefined;
    this.#options.credential().then(
      (credential) => {
        if (attempt === this.#attempt) this.#connect(credential, attempt);
      },
      (error: unknown) => {
        if (attempt !== this.#attempt) return;
        const code = error instanceof RelayRefusedError ? error.code : RELAY_CLOSE.Unavailable;
        const reason = error instanceof Error ? error.message : String(error);
        this.lastClose = { code, reason };
        this.#states.emit('closed', `relay refused (${code} ${reason})`);
      },
    );
  }

  #connect(credential: RemoteSessionReply, attempt: number): void {
    const protocols = [credential.protocol, `${RELAY_TOKEN_PROTOCOL_PREFIX}${credential.token}`];
    const socket = new WebSocketTransport(credential.url, this.#options.WebSocket, protocols);
    this.#socket = socket;
    this.#expiresAt = Date.parse(credential.expiresAt);
    this.#unlisten = [
      socket.onMessage((text) => {
        if (attempt !== this.#attempt) return;
        if (text.startsWith(RELAY_CONTROL_PREFIX)) this.#control(text);
        else this.#messages.emit(text);
      }),
      socket.onState((state, reason) => {
        if (attempt !== this.#attempt) return;
        if (state === 'open') this.#scheduleRefresh(attempt);
        else {
          this.#stopRefresh();
          this.lastClose = socket.lastClose;
        }
        this.#states.emit(state, reason);
      }),
    ];
    socket.open();
  }

  /** The relay's answer to a renewal: the session lives until the new expiry. */
  #control(text: string): void {
    let parsed;
    try {
      parsed = RelayRefreshedSchema.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success) return;
    this.#expiresAt = Date.parse(parsed.data.expiresAt);
    this.#scheduleRefresh(this.#attempt);
  }

  #scheduleRefresh(attempt: number, delay?: number): void {
    this.#stopRefresh();
    const lead = this.#options.refreshLeadMs ?? RELAY_REFRESH_LEAD_MS;
    const wait = delay ?? Math.max(0, this.#expiresAt - lead - this.#now());
    this.#refreshTimer = setTimeout(() => this.#refresh(attempt), wait);
  }

  /** Takes a fresh credential and hands it to the open session; a failure is tried again while time remains. */
  #refresh(attempt: number): void {
    this.#options.credential().then(
      (credential) => {
        if (attempt !== this.#attempt) return;
        const frame: RelayRefresh = { relay: 'refresh', token: credential.token };
        try {
          this.#socket?.send(JSON.stringify(frame));
        } catch {
          // the socket just closed: its close is reported on its own
        }
      },
      () => {
        if (attempt !== this.#attempt) return;
        const retry = this.#options.retryMs ?? 30_000;
        // no point retrying past the expiry: the relay closes the session then, and the client reconnects
        if (this.#now() + retry < this.#expiresAt) this.#scheduleRefresh(attempt, retry);
      },
    );
  }

  #stopRefresh(): void {
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = undefined;
  }

  send(text: string): void {
    if (!this.#socket) throw new Error('The relay is not open');
    this.#socket.send(text);
  }

  close(): void {
    this.#attempt++;
    this.#stopRefresh();
    for (const off of this.#unlisten) off();
    this.#unlisten = [];
    this.#socket?.close();
    this.#socket = undefined;
  }

  onMessage(listener: (text: string) => void): () => void {
    return this.#messages.add(listener);
  }

  onState(listener: (state: TransportState, reason?: string) => void): () => void {
    return this.#states.add(listener);
  }
}
