/**
 * One node's live streams (issue 20): the open Server-Sent Events responses by user, and what reaches them. Told of
 * changes by the node's listener (notifier.ts), the hub re-reads them for the users with a stream open here (one query
 * per kind for everything that piled up meanwhile, one batch at a time, in order: live.repo.ts) and writes each to
 * the streams whose scope (scope.ts: the amps' owner, and the venues a member's role is narrowed to) reaches what the
 * database says now — so scoping is checked again on every event, a moved or removed amp included, whatever the
 * notification said. Changes arriving while nobody is connected cost nothing.
 *
 * Every `pingMs` each stream gets a `: ping` comment, the sessions of all streams are checked in one query and the
 * scope of each stream acting in an organisation is resolved again; a sign-out or a change of someone's access
 * anywhere (a `s` change) checks that user's streams at once. A stream whose session ended gets `end`
 * {reason: 'signedOut'} and closes; one whose caller lost the organisation gets `end` {reason: 'revoked'}; one whose
 * client does not read (more than MAX_BUFFERED_BYTES waiting) gets `end` {reason: 'slow'}; on close every stream gets
 * `end` {reason: 'restart'}.
 */
import type { ServerResponse } from 'node:http';
import type { LiveEndReason, LiveEvent } from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import { AppError, safeError } from '../../plugins/errors';
import { rolloutIdsWithin } from '../../plugins/venue-scope';
import type { LiveChanges } from './changes';
import { devicesNow, incidentsNow, liveSessions, rolloutsNow, targetsNow, type RolloutNow } from './live.repo';
import { scopeReaches, streamScope, type StreamScope } from './scope';

/** Bytes waiting to be written to one client beyond which it is taken for gone (it does not read). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** The hub's settings (domain constants; tests shorten the ping). */
export interface LiveHubOptions {
  /** How often each stream gets `: ping` and the sessions are checked (ms). */
  readonly pingMs: number;
}

/** Who a stream belongs to. */
export interface StreamOwner {
  /** The signed-in account. */
  readonly userId: string;
  readonly sessionId: string;
  /** The organisation it acts in; undefined: the personal one. */
  readonly organisationId?: string;
}

/** One open stream. */
export class LiveStream {
  #closed = false;

  constructor(
    readonly owner: StreamOwner,
    /** What it may be told of; resolved again while it lives (the hub's checks). */
    public scope: StreamScope,
    private readonly res: ServerResponse,
    private readonly gone: (stream: LiveStream) => void,
  ) {
    res.on('close', () => this.#finish());
    // a write racing the client's going away: the stream is gone, the process is not
    res.on('error', () => this.#finish());
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Writes one event. */
  send(event: LiveEvent): void {
    this.#write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }

  /** Writes a comment line (ignored by EventSource; keeps proxies and the client's watchdog content). */
  comment(text: string): void {
    this.#write(`: ${text}\n\n`);
  }

  /** Closes the stream, first telling the client why when there is a reason. */
  end(reason?: LiveEndReason): void {
    if (this.#closed) return;
    if (reason !== undefined) this.res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.res.end();
    this.#finish();
  }

  #write(text: string): void {
    if (this.#closed) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.end('slow');
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.gone(this);
  }
}

/** Changes waiting for the next batch, each once. */
class Pending {
  readonly d = new Set<string>();
  readonly i = new Set<string>();
  readonly r = new Set<string>();
  readonly t = new Map<string, readonly [string, string]>();
  readonly s = new Set<string>();

  add(changes: LiveChanges): void {
    for (const id of changes.d ?? []) this.d.add(id);
    for (const id of changes.i ?? []) this.i.add(id);
    for (const id of changes.r ?? []) this.r.add(id);
    for (const pair of changes.t ?? []) this.t.set(`${pair[0]} ${pair[1]}`, pair);
    for (const id of changes.s ?? []) this.s.add(id);
  }

  get empty(): boolean {
    return this.d.size + this.i.size + this.r.size + this.t.size + this.s.size === 0;
  }
}

/** The streams of one node. */
export class LiveHub {
  readonly #byUser = new Map<string, Set<LiveStream>>();
  #pending = new Pending();
  #draining: Promise<void> | undefined;
  #checking: Promise<void> | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(
    private readonly ctx: Pick<DomainContext, 'db' | 'clock'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly options: LiveHubOptions,
  ) {}

  /** Starts the pings and the periodic session check. */
  start(): void {
    this.#timer = setInterval(() => this.#tick(), this.options.pingMs);
    this.#timer.unref();
  }

  /** True once the hub closed: no stream opens any more. */
  get closed(): boolean {
    return this.#closed;
  }

  /** The user's open streams on this node. */
  count(userId: string): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  /** Every open stream on this node. */
  get size(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /** Takes a response that has sent its headers as the owner's stream, told of what the scope reaches. */
  open(owner: StreamOwner, scope: StreamScope, res: ServerResponse): LiveStream {
    const stream = new LiveStream(owner, scope, res, (s) => this.#remove(s));
    let set = this.#byUser.get(owner.userId);
    if (set === undefined) this.#byUser.set(owner.userId, (set = new Set()));
    set.add(stream);
    return stream;
  }

  /** Changes told by some node: delivered in the next batch (nothing when no stream is open here). */
  receive(changes: LiveChanges): void {
    if (this.#closed || this.#byUser.size === 0) return;
    this.#pending.add(changes);
    this.#schedule();
  }

  /** The node may have missed changes: every stream is told to read again. */
  resync(): void {
    for (const stream of this.#streams()) stream.send({ event: 'resync', data: { reason: 'reconnected' } });
  }

  /** Ends every stream (`end` restart) and stops; resolves when the batch under way has ended. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    for (const stream of this.#streams()) stream.end('restart');
    await Promise.all([this.#draining, this.#checking]);
  }

  /** Resolves once the changes received so far are delivered (tests). */
  async idle(): Promise<void> {
    while (this.#draining !== undefined) await this.#draining;
  }

  #streams(): LiveStream[] {
    return [...this.#byUser.values()].flatMap((set) => [...set]);
  }

  #remove(stream: LiveStream): void {
    const set = this.#byUser.get(stream.owner.userId);
    set?.delete(stream);
    if (set?.size === 0) this.#byUser.delete(stream.owner.userId);
  }

  /** The open streams by the owner of the amps they carry. */
  #byOwner(): Map<string, LiveStream[]> {
    const byOwner = new Map<string, LiveStream[]>();
    for (const stream of this.#streams()) {
      const list = byOwner.get(stream.scope.ownerId);
      if (list === undefined) byOwner.set(stream.scope.ownerId, [stream]);
      else list.push(stream);
    }
    return byOwner;
  }

  /** Starts delivering the pending changes unless a batch is under way (which starts the next when it ends). */
  #schedule(): void {
    if (this.#draining !== undefined || this.#pending.empty || this.#closed) return;
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      this.#schedule();
    });
  }

  async #drain(): Promise<void> {
    while (!this.#pending.empty && !this.#closed) {
      const batch = this.#pending;
      this.#pending = new Pending();
      try {
        await this.#deliver(batch);
      } catch (error) {
        this.log.error({ error: safeError(error) }, 'live: a batch of changes could not be delivered');
      }
    }
  }

  async #deliver(batch: Pending): Promise<void> {
    const { db } = this.ctx;
    if (this.#byUser.size === 0) return;
    if (batch.s.size > 0) {
      await this.#check([...batch.s].flatMap((userId) => [...(this.#byUser.get(userId) ?? [])]));
    }
    const byOwner = this.#byOwner();
    const owners = [...byOwner.keys()];
    if (owners.length === 0) return;
    /** Writes the event to the owner's streams whose venues reach the venue. */
    const send = (ownerId: string, venueId: string, event: LiveEvent) => {
      for (const stream of byOwner.get(ownerId) ?? []) if (scopeReaches(stream.scope, venueId)) stream.send(event);
    };
    if (batch.d.size > 0) {
      for (const d of await devicesNow(db, [...batch.d], owners))
        send(d.userId, d.venueId, {
          event: 'device',
          data: { deviceId: d.deviceId, venueId: d.venueId, online: d.online },
        });
    }
    if (batch.i.size > 0) {
      for (const { userId, ...data } of await incidentsNow(db, [...batch.i], owners))
        send(userId, data.venueId, { event: 'incident', data });
    }
    if (batch.r.size > 0) await this.#deliverRollouts(byOwner, await rolloutsNow(db, [...batch.r], owners));
    if (batch.t.size > 0) {
      for (const { userId, ...data } of await targetsNow(db, [...batch.t.values()], owners))
        send(userId, data.venueId, { event: 'rollout', data });
    }
  }

  /**
   * A rollout's own state reaches the owner's streams, and a stream narrowed to venues only when every amp of the
   * rollout is in them (as its rollout list: venue-scope.ts), asked once per owner and set of venues.
   */
  async #deliverRollouts(
    byOwner: ReadonlyMap<string, readonly LiveStream[]>,
    rows: readonly RolloutNow[],
  ): Promise<void> {
    const within = new Map<string, Promise<Set<string>>>();
    for (const { userId, ...data } of rows) {
      for (const stream of byOwner.get(userId) ?? []) {
        const venues = stream.scope.venueIds;
        if (venues !== null) {
          const key = `${userId} ${[...venues].sort().join(',')}`;
          let ids = within.get(key);
          if (ids === undefined) {
            const ofOwner = rows.filter((r) => r.userId === userId).map((r) => r.rolloutId);
            ids = rolloutIdsWithin(this.ctx.db, userId, ofOwner, venues);
            within.set(key, ids);
          }
          if (!(await ids).has(data.rolloutId)) continue;
        }
        stream.send({ event: 'rollout', data });
      }
    }
  }

  /**
   * Ends the streams whose sign-in session is no longer live (`signedOut`), and those whose caller lost the
   * organisation they act in (`revoked`); the others acting in an organisation take their scope as it is now (a role
   * narrowed or widened to other venues).
   */
  async #check(streams: readonly LiveStream[]): Promise<void> {
    const open = streams.filter((s) => !s.closed);
    if (open.length === 0) return;
    const now = this.ctx.clock.now();
    const live = await liveSessions(this.ctx.db, [...new Set(open.map((s) => s.owner.sessionId))], now);
    const standing = new Map<string, Promise<StreamScope | undefined>>();
    for (const stream of open) {
      if (!live.has(stream.owner.sessionId)) {
        stream.end('signedOut');
        continue;
      }
      const { userId, organisationId } = stream.owner;
      if (organisationId === undefined) continue;
      const key = `${userId} ${organisationId}`;
      let scope = standing.get(key);
      if (scope === undefined) standing.set(key, (scope = this.#scopeNow(userId, organisationId, now)));
      const current = await scope;
      if (current === undefined) stream.end('revoked');
      else stream.scope = current;
    }
  }

  /** The caller's scope in the organisation now; undefined when it has none there any more. */
  async #scopeNow(userId: string, organisationId: string, now: Date): Promise<StreamScope | undefined> {
    try {
      return await streamScope(this.ctx.db, userId, organisationId, now);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  #tick(): void {
    const streams = this.#streams();
    for (const stream of streams) stream.comment('ping');
    this.#checking ??= this.#check(streams)
      .catch((error: unknown) => this.log.error({ error: safeError(error) }, 'live: the session check failed'))
      .finally(() => {
        this.#checking = undefined;
      });
  }
}
