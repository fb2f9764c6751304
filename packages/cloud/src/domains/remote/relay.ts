/**
 * The relay's open sessions (issue 13): each browser WebSocket is one device API session on its amp over MQTT
 * (`api/req` with a fresh sessionId, `api/res` back), frames passed through unchanged. Limits per session: frame size,
 * a token-bucket rate, frames in flight to the broker, bytes queued to the browser (a browser that does not read is
 * closed, so it never holds up another session). Caps per user and per amp. A session closes when its credential
 * expires and, within a second, when its amp is relocated or removed and its user can no longer reach it.
 */
import { randomUUID } from 'node:crypto';
import {
  DeviceErrorCode,
  errorFrame,
  RELAY_CLOSE,
  RELAY_KEEPALIVE_MS,
  RELAY_MAX_FRAME_BYTES,
  RELAY_MAX_IN_FLIGHT,
  RELAY_MAX_QUEUED_BYTES,
  RELAY_RATE_BURST,
  RELAY_RATE_PER_S,
  RELAY_RECHECK_MS,
  type RelayCloseCode,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { DomainContext } from '../../domain';
import type { RelaySubject } from '../../plugins/tokens';
import type { Refusal, RemoteService } from './remote.service';

const OPEN = 1;

/** The request id of a frame, for an error reply (null when the frame is not a request). */
function requestId(frame: string): number | null {
  try {
    const id: unknown = (JSON.parse(frame) as { id?: unknown }).id;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** One browser ⇄ amp session. */
class RelaySession {
  readonly sessionId = randomUUID();
  #tokens = RELAY_RATE_BURST;
  #refilledAt = Date.now();
  #inFlight = 0;
  #closed = false;
  #timers: NodeJS.Timeout[] = [];
  #stopResponses: (() => Promise<void>) | undefined;

  constructor(
    readonly subject: RelaySubject,
    private readonly socket: WebSocket,
    private readonly ctx: DomainContext,
    private readonly log: FastifyBaseLogger,
    private readonly onClosed: (session: RelaySession) => void,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  /** Subscribes to the amp's replies, then keeps the amp's session alive and ends with the credential. */
  async start(): Promise<void> {
    const { broker, clock } = this.ctx;
    if (broker === undefined) return this.close(RELAY_CLOSE.Unavailable, 'The MQTT broker is not connected');
    const stop = await broker.onApiResponse(this.subject.deviceId, (message) => {
      if (message.sessionId === this.sessionId) this.#toBrowser(message.frame);
    });
    if (this.#closed) return void stop().catch(() => undefined);
    this.#stopResponses = stop;
    const keepAlive = setInterval(() => void this.#publish({ sessionId: this.sessionId }), RELAY_KEEPALIVE_MS);
    const lifetime = Math.max(0, this.subject.expiresAt.getTime() - clock.now().getTime());
    const expiry = setTimeout(() => this.close(RELAY_CLOSE.Expired, 'The relay token has expired'), lifetime);
    this.#timers.push(keepAlive, expiry);
  }

  /** One frame from the browser: checked against the limits, then published unchanged. */
  fromBrowser(frame: string, bytes: number): void {
    if (this.#closed) return;
    if (bytes > RELAY_MAX_FRAME_BYTES) {
      const message = `frame of ${bytes} bytes is larger than ${RELAY_MAX_FRAME_BYTES}`;
      return this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.InvalidRequest, message }, null));
    }
    const now = Date.now();
    this.#tokens = Math.min(RELAY_RATE_BURST, this.#tokens + ((now - this.#refilledAt) / 1000) * RELAY_RATE_PER_S);
    this.#refilledAt = now;
    if (this.#tokens < 1 || this.#inFlight >= RELAY_MAX_IN_FLIGHT) {
      const message = `busy: more than ${RELAY_RATE_PER_S} frames per second through the relay`;
      return this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.Busy, message }, requestId(frame)));
    }
    this.#tokens -= 1;
    this.#inFlight++;
    // #publish reports its own failure: it never rejects
    void this.#publish({ sessionId: this.sessionId, frame }, () => {
      const message = 'the relay could not reach the broker; try again';
      this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.Internal, message }, requestId(frame)));
    }).finally(() => this.#inFlight--);
  }

  /** Ends the session: the amp is told, the browser gets the code and reason. Idempotent. */
  close(code: RelayCloseCode, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    const stop = this.#stopResponses;
    this.#stopResponses = undefined;
    void stop?.().catch(() => undefined);
    void this.#publish({ sessionId: this.sessionId, close: true });
    if (this.socket.readyState === OPEN) this.socket.close(code, reason);
    this.log.info({ sessionId: this.sessionId, deviceId: this.subject.deviceId, code, reason }, 'relay session closed');
    this.onClosed(this);
  }

  #toBrowser(frame: string): void {
    if (this.#closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > RELAY_MAX_QUEUED_BYTES) {
      return this.close(RELAY_CLOSE.SlowConsumer, 'The browser is not reading its frames');
    }
    this.socket.send(frame);
  }

  async #publish(message: { sessionId: string; frame?: string; close?: true }, onError?: () => void): Promise<void> {
    try {
      await this.ctx.broker?.publishApiRequest(this.subject.deviceId, message);
    } catch (error) {
      this.log.warn({ sessionId: this.sessionId, error: String(error) }, 'relay: publish failed');
      onError?.();
    }
  }
}

/** The open sessions of one app, with their caps and re-checks. */
export class RelayHub {
  readonly #sessions = new Set<RelaySession>();
  readonly #timer: NodeJS.Timeout;
  readonly #unlisten: () => void;

  constructor(
    private readonly ctx: DomainContext,
    private readonly remote: RemoteService,
  ) {
    this.#unlisten = ctx.deviceEvents.onChanged((deviceId) => this.recheck((s) => s.subject.deviceId === deviceId));
    this.#timer = setInterval(() => this.recheck(() => true), RELAY_RECHECK_MS);
    this.#timer.unref();
  }

  /** Open sessions (for tests and metrics). */
  get size(): number {
    return this.#sessions.size;
  }

  /** Opens a session for an admitted subject, unless a cap is reached; returns it, or the refusal. */
  open(subject: RelaySubject, socket: WebSocket, log: FastifyBaseLogger): RelaySession | Refusal {
    const { config, broker } = this.ctx;
    if (broker === undefined) return { code: RELAY_CLOSE.Unavailable, reason: 'The MQTT broker is not connected' };
    let ofUser = 0;
    let ofAmp = 0;
    for (const s of this.#sessions) {
      if (s.subject.userId === subject.userId) ofUser++;
      if (s.subject.deviceId === subject.deviceId) ofAmp++;
    }
    if (ofUser >= config.REMOTE_SESSIONS_PER_USER) {
      return { code: RELAY_CLOSE.TooManySessions, reason: 'Too many remote sessions for this user' };
    }
    if (ofAmp >= config.REMOTE_SESSIONS_PER_AMP) {
      return { code: RELAY_CLOSE.TooManySessions, reason: 'Too many remote sessions on this amp' };
    }
    const session = new RelaySession(subject, socket, this.ctx, log, (s) => this.#sessions.delete(s));
    this.#sessions.add(session);
    return session;
  }

  /** Checks the chosen sessions' access again and closes those that lost it. */
  recheck(which: (session: RelaySession) => boolean): void {
    for (const session of [...this.#sessions].filter(which)) {
      this.remote.recheck(session.subject).then(
        (refusal) => refusal && session.close(refusal.code, refusal.reason),
        () => undefined, // a failed check (database away) keeps the session until the next one
      );
    }
  }

  /** Closes every session (the app is closing). */
  close(): void {
    clearInterval(this.#timer);
    this.#unlisten();
    for (const session of [...this.#sessions]) session.close(RELAY_CLOSE.GoingAway, 'The cloud is shutting down');
  }
}
