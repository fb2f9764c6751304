/**
 * The relay's open sessions (issue 13): each browser WebSocket is one device API session on its amp over MQTT
 * (`api/req` with a fresh sessionId, `api/res` back), frames passed through unchanged. Limits per session: frame size,
 * a token-bucket rate, frames in flight to the broker, bytes queued to the browser (a browser that does not read is
 * closed, so it never holds up another session). Caps per user and per amp, counted over every cloud node
 * (relay_sessions, renewed every RELAY_RECHECK_MS). A session closes when its credential
 * expires (unless the browser renewed it in place: RelayRefreshSchema) and, within a second, when its amp goes offline
 * or is removed, or its user signs out.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import {
  type ApiRequestMessage,
  DeviceErrorCode,
  errorFrame,
  RELAY_CLOSE,
  RELAY_CONTROL_PREFIX,
  RELAY_KEEPALIVE_MS,
  RELAY_MAX_FRAME_BYTES,
  RELAY_MAX_IN_FLIGHT,
  RELAY_MAX_QUEUED_BYTES,
  RELAY_RATE_BURST,
  RELAY_RATE_PER_S,
  RELAY_RECHECK_MS,
  RelayRefreshSchema,
  type RelayCloseCode,
  type RelayRefreshed,
} from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { DomainContext } from '../../domain';
import type { RequestClient } from '../../plugins/auth';
import type { RelaySubject } from '../../plugins/tokens';
import { SettingsCoalescer, SettingsTap } from '../audit/index';
import type { Refusal, RemoteService } from './remote.service';
import { safeError } from '../../plugins/errors';
import { muteScopeRefusal } from './relay-scope';
import { deleteRelaySessions, recordRelaySession, renewRelaySessions } from './remote.repo';

const OPEN = 1;
/** ws' send options for a text frame, whether the data is a string or UTF-8 bytes. */
const TEXT = { binary: false } as const;
/** RELAY_CONTROL_PREFIX's bytes (ASCII), to spot a control frame without reading the frame as text. */
const CONTROL_PREFIX = Buffer.from(RELAY_CONTROL_PREFIX);
const isControl = (data: Buffer): boolean =>
  data.byteLength >= CONTROL_PREFIX.byteLength && CONTROL_PREFIX.compare(data, 0, CONTROL_PREFIX.byteLength) === 0;

/**
 * The request id of a frame, for an error reply (null when the frame is not a request). Read as the amp reads the
 * frame's bytes (TextDecoder): a leading byte order mark is not part of the text.
 */
export function requestId(frame: string): number | null {
  try {
    const id: unknown = (JSON.parse(frame.charCodeAt(0) === 0xfeff ? frame.slice(1) : frame) as { id?: unknown }).id;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** What a session asks of its hub. */
interface SessionHooks {
  /** The session ended (its hub forgets it). */
  onClosed(session: RelaySession): void;
  /** The browser sent a fresh credential: the subject it admits, or why it does not. */
  admit(token: string, deviceId: string): Promise<RelaySubject | Refusal>;
  /** Hands the session its amp's replies (resolves once they flow), with the function that stops them. */
  listen(deviceId: string, sessionId: string, onFrame: (frame: Uint8Array) => void): Promise<() => void>;
}

/**
 * The replies of each amp to its relay sessions: one broker listener per amp (however many sessions it has), each
 * reply handed to its own session by a lookup of its session id.
 */
class ResponseRouter {
  readonly #amps = new Map<
    string,
    { sessions: Map<string, (frame: Uint8Array) => void>; stop: Promise<() => Promise<void>> }
  >();

  constructor(private readonly ctx: DomainContext) {}

  async listen(deviceId: string, sessionId: string, onFrame: (frame: Uint8Array) => void): Promise<() => void> {
    const { broker } = this.ctx;
    if (broker === undefined) throw new Error('The MQTT broker is not connected');
    let amp = this.#amps.get(deviceId);
    if (amp === undefined) {
      const sessions = new Map<string, (frame: Uint8Array) => void>();
      const stop = broker.onApiResponse(deviceId, (message) => sessions.get(message.sessionId)?.(message.frame));
      this.#amps.set(deviceId, (amp = { sessions, stop }));
    }
    const entry = amp;
    entry.sessions.set(sessionId, onFrame);
    const forget = () => {
      entry.sessions.delete(sessionId);
      if (entry.sessions.size > 0 || this.#amps.get(deviceId) !== entry) return;
      this.#amps.delete(deviceId);
      entry.stop.then((stop) => stop()).catch(() => undefined);
    };
    try {
      await entry.stop;
    } catch (error) {
      forget(); // the next session asks the broker again
      throw error;
    }
    return forget;
  }
}

/** One browser ⇄ amp session. */
class RelaySession {
  readonly sessionId = randomUUID();
  #subject: RelaySubject;
  #tokens = RELAY_RATE_BURST;
  #refilledAt = Date.now();
  #inFlight = 0;
  #closed = false;
  #keepAlive: NodeJS.Timeout | undefined;
  #expiry: NodeJS.Timeout | undefined;
  #stopResponses: (() => void) | undefined;
  /** The audit log's view of the session's settings writes (issue 21); it reads the frames after they passed. */
  readonly #tap: SettingsTap;
  readonly #settings: SettingsCoalescer;

  constructor(
    subject: RelaySubject,
    private readonly socket: WebSocket,
    private readonly ctx: DomainContext,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: SessionHooks,
    client?: RequestClient,
  ) {
    this.#subject = subject;
    // a gesture (a slider dragged: many sets of one path) is one entry, told once the path is quiet or the session ends
    this.#settings = new SettingsCoalescer((setting) => {
      const person = { userId: this.#subject.userId, ...(client === undefined ? {} : { client }) };
      void ctx.audit.aboutDevice(this.#subject.deviceId, { kind: 'device.setting', details: setting }, person);
    });
    this.#tap = new SettingsTap((setting) => this.#settings.add(setting));
  }

  /** Who relays to which amp, until when (renewed by a refresh). */
  get subject(): RelaySubject {
    return this.#subject;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Subscribes to the amp's replies, then keeps the amp's session alive and ends with the credential. */
  async start(): Promise<void> {
    const { broker, clock } = this.ctx;
    if (broker === undefined) return this.close(RELAY_CLOSE.Unavailable, 'The MQTT broker is not connected');
    const stop = await this.hooks.listen(this.subject.deviceId, this.sessionId, (frame) => {
      this.#toBrowser(frame);
      this.#tap.fromAmp(frame);
    });
    if (this.#closed) return stop();
    this.#stopResponses = stop;
    this.#keepAlive = setInterval(() => void this.#publish({ sessionId: this.sessionId }), RELAY_KEEPALIVE_MS);
    this.#endAt(clock);
  }

  /** Closes the session when its credential expires. */
  #endAt(clock: DomainContext['clock']): void {
    clearTimeout(this.#expiry);
    const lifetime = Math.max(0, this.#subject.expiresAt.getTime() - clock.now().getTime());
    this.#expiry = setTimeout(() => this.close(RELAY_CLOSE.Expired, 'The relay token has expired'), lifetime);
  }

  /** A control frame (RELAY_CONTROL_PREFIX): a fresh credential for this user and amp renews the session in place. */
  async #control(frame: string): Promise<void> {
    let token: string;
    try {
      token = RelayRefreshSchema.parse(JSON.parse(frame)).token;
    } catch {
      const message = 'not a relay control frame: {"relay":"refresh","token":"…"}';
      return this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.InvalidRequest, message }, null));
    }
    const admitted = await this.hooks.admit(token, this.#subject.deviceId);
    if (this.#closed) return;
    if ('code' in admitted) return this.close(admitted.code, admitted.reason);
    if (admitted.userId !== this.#subject.userId) {
      return this.close(RELAY_CLOSE.Unauthorized, 'The token is for another user');
    }
    this.#subject = admitted;
    this.#endAt(this.ctx.clock);
    const reply: RelayRefreshed = { relay: 'refreshed', expiresAt: admitted.expiresAt.toISOString() };
    this.#toBrowser(JSON.stringify(reply));
  }

  /**
   * One frame from the browser, its bytes as they came: checked against the limits, then published unchanged. Bytes
   * that are not UTF-8 (a binary frame) are read as UTF-8 text first, as before (each bad sequence becomes U+FFFD).
   */
  fromBrowser(data: Buffer): void {
    if (this.#closed) return;
    const bytes = data.byteLength;
    if (bytes <= RELAY_MAX_FRAME_BYTES && isControl(data)) {
      this.#control(data.toString('utf8')).catch((error: unknown) => {
        this.log.warn({ sessionId: this.sessionId, error: safeError(error) }, 'relay: refresh failed');
      });
      return;
    }
    if (bytes > RELAY_MAX_FRAME_BYTES) {
      const message = `frame of ${bytes} bytes is larger than ${RELAY_MAX_FRAME_BYTES}`;
      return this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.InvalidRequest, message }, null));
    }
    if (this.#subject.scope === 'mute') {
      const refusal = muteScopeRefusal(data);
      if (refusal !== undefined) {
        const error = { code: DeviceErrorCode.Forbidden, message: refusal };
        return this.#toBrowser(errorFrame('/', error, requestId(data.toString('utf8'))));
      }
    }
    const now = Date.now();
    this.#tokens = Math.min(RELAY_RATE_BURST, this.#tokens + ((now - this.#refilledAt) / 1000) * RELAY_RATE_PER_S);
    this.#refilledAt = now;
    if (this.#tokens < 1 || this.#inFlight >= RELAY_MAX_IN_FLIGHT) {
      const message = `busy: more than ${RELAY_RATE_PER_S} frames per second through the relay`;
      return this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.Busy, message }, requestId(data.toString())));
    }
    this.#tokens -= 1;
    this.#inFlight++;
    const frame = isUtf8(data) ? data : Buffer.from(data.toString('utf8'));
    // #publish reports its own failure: it never rejects
    void this.#publish({ sessionId: this.sessionId, frame }, () => {
      const message = 'the relay could not reach the broker; try again';
      this.#toBrowser(errorFrame('/', { code: DeviceErrorCode.Internal, message }, requestId(frame.toString())));
    }).finally(() => this.#inFlight--);
    this.#tap.fromBrowser(frame);
  }

  /** Ends the session: the amp is told, the browser gets the code and reason. Idempotent. */
  close(code: RelayCloseCode, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#keepAlive);
    clearTimeout(this.#expiry);
    this.#tap.stop();
    this.#settings.flush();
    this.#stopResponses?.();
    this.#stopResponses = undefined;
    void this.#publish({ sessionId: this.sessionId, close: true });
    if (this.socket.readyState === OPEN) this.socket.close(code, reason);
    this.log.info({ sessionId: this.sessionId, deviceId: this.subject.deviceId, code, reason }, 'relay session closed');
    this.hooks.onClosed(this);
  }

  /** A frame to the browser, always as a text frame: the amp's replies go as the bytes it sent (UTF-8, checked). */
  #toBrowser(frame: string | Uint8Array): void {
    if (this.#closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > RELAY_MAX_QUEUED_BYTES) {
      return this.close(RELAY_CLOSE.SlowConsumer, 'The browser is not reading its frames');
    }
    this.socket.send(frame, TEXT);
  }

  async #publish(message: ApiRequestMessage, onError?: () => void): Promise<void> {
    try {
      await this.ctx.broker?.publishApiRequest(this.subject.deviceId, message);
    } catch (error) {
      this.log.warn({ sessionId: this.sessionId, error: safeError(error) }, 'relay: publish failed');
      onError?.();
    }
  }
}

/** The open sessions of one app, with their caps and re-checks. */
export class RelayHub {
  readonly #sessions = new Set<RelaySession>();
  readonly #forgetting = new Set<Promise<void>>();
  readonly #responses: ResponseRouter;
  readonly #timer: NodeJS.Timeout;
  readonly #unlisten: () => void;

  constructor(
    private readonly ctx: DomainContext,
    private readonly remote: RemoteService,
  ) {
    this.#responses = new ResponseRouter(ctx);
    const unlisten = [
      ctx.deviceEvents.onChanged((deviceId) => this.recheck((s) => s.subject.deviceId === deviceId)),
      ctx.deviceEvents.onSignedOut((userId) => this.recheck((s) => s.subject.userId === userId)),
      // the same, made on another node (a grant revoked there): within a second rather than at the periodic recheck
      ctx.deviceEvents.onToldByCluster(({ deviceIds, userIds }) => {
        const devices = new Set(deviceIds);
        const users = new Set(userIds);
        this.recheck((s) => devices.has(s.subject.deviceId) || users.has(s.subject.userId));
      }),
    ];
    this.#unlisten = () => unlisten.forEach((off) => off());
    this.#timer = setInterval(() => {
      this.recheck(() => true);
      // this node's sessions still count; a failure leaves them to go stale (a database away: the caps loosen)
      renewRelaySessions(
        ctx.db,
        [...this.#sessions].map((s) => s.sessionId),
      ).catch(() => undefined);
    }, RELAY_RECHECK_MS);
    this.#timer.unref();
  }

  /** Open sessions (for tests and metrics). */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Opens a session for an admitted subject, unless a cap is reached: the caps count the open sessions of every cloud
   * node (relay_sessions); returns the session, or the refusal.
   */
  async open(
    subject: RelaySubject,
    socket: WebSocket,
    log: FastifyBaseLogger,
    client?: RequestClient,
  ): Promise<RelaySession | Refusal> {
    const { config, broker, db } = this.ctx;
    if (broker === undefined) return { code: RELAY_CLOSE.Unavailable, reason: 'The MQTT broker is not connected' };
    await Promise.all(this.#forgetting); // sessions this node closed no longer count
    const session = new RelaySession(
      subject,
      socket,
      this.ctx,
      log,
      {
        onClosed: (s) => this.#forget(s),
        admit: (token, deviceId) => this.remote.admit(token, deviceId),
        listen: (deviceId, sessionId, onFrame) => this.#responses.listen(deviceId, sessionId, onFrame),
      },
      client,
    );
    const { userId, deviceId } = subject;
    const hit = await recordRelaySession(
      db,
      { id: session.sessionId, userId, deviceId },
      { perUser: config.REMOTE_SESSIONS_PER_USER, perAmp: config.REMOTE_SESSIONS_PER_AMP },
    );
    if (hit === 'user') return { code: RELAY_CLOSE.TooManySessions, reason: 'Too many remote sessions for this user' };
    if (hit === 'amp') return { code: RELAY_CLOSE.TooManySessions, reason: 'Too many remote sessions on this amp' };
    this.#sessions.add(session);
    // The amp may have gone offline (or the user signed out) while the credential was checked and the session
    // recorded: that change was told before the session was here to hear it, so check once more now that it is.
    this.recheck((s) => s === session);
    return session;
  }

  /** A closed session stops counting against the caps (a row that fails to go stops counting once stale). */
  #forget(session: RelaySession): void {
    if (!this.#sessions.delete(session)) return;
    const done: Promise<void> = deleteRelaySessions(this.ctx.db, [session.sessionId])
      .catch(() => undefined)
      .finally(() => this.#forgetting.delete(done));
    this.#forgetting.add(done);
  }

  /**
   * Checks the chosen sessions' access again and closes those that lost it. Sessions of the same user, sign-in and
   * amp share one check (a user with many sessions costs the database one query set per amp, not per session).
   */
  recheck(which: (session: RelaySession) => boolean): void {
    const checks = new Map<string, Promise<Refusal | undefined>>();
    for (const session of [...this.#sessions].filter(which)) {
      const { userId, sessionId, deviceId, expiresAt } = session.subject;
      const key = `${userId} ${sessionId} ${deviceId} ${expiresAt.getTime()}`;
      let check = checks.get(key);
      if (check === undefined) checks.set(key, (check = this.remote.recheck(session.subject)));
      check.then(
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
