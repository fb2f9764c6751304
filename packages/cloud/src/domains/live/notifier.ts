/**
 * The listening half of the live streams' link between cloud nodes (issue 20; changes.ts is the telling half): every
 * node LISTENs on LIVE_CHANNEL and hands each notification's changes to its hub.
 *
 * - PostgreSQL (the database is a pg Pool): one dedicated `pg.Client` with the pool's settings, outside the pool
 *   (a LISTEN lasts as long as its connection), checked every HEALTH_MS and reconnected with jittered back-off when
 *   lost. Notifications sent while it was down are gone: after a reconnection the hub is told to `resync`.
 * - PGlite: its `listen()` on the same instance (the nodes that share one PGlite are apps of one process).
 * - Anything else: the changes told in this process only (changes.ts onLocalChanges).
 */
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { safeError } from '../../plugins/errors';
import { LIVE_CHANNEL, onLocalChanges, parseChanges, type LiveChanges } from './changes';

/** Where the notifications come from. */
export type LiveBackend = 'postgres' | 'pglite' | 'memory';

/** The first reconnection delay of the PostgreSQL listener (ms); doubled per failure up to BACKOFF_MAX_MS. */
export const BACKOFF_MIN_MS = 100;
export const BACKOFF_MAX_MS = 10_000;
/** How often the PostgreSQL listener checks that its connection still answers (ms), and how long it waits. */
export const HEALTH_MS = 15_000;
export const HEALTH_TIMEOUT_MS = 5000;
/** The listener's application_name (pg_stat_activity shows it; a test ends it with pg_terminate_backend). */
export const LISTENER_NAME = 'rackside-live';

/** What the listener tells its hub. */
export interface LiveHandlers {
  /** Changes told by some node (this one included). */
  changes(changes: LiveChanges): void;
  /** The link was down for a while: changes may have been missed. */
  resync(): void;
}

/** A running listener. */
export interface LiveListener {
  readonly backend: LiveBackend;
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** The backend a database's driver gives. */
export function backendOf(db: Db): LiveBackend {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return 'postgres';
  if (client instanceof PGlite) return 'pglite';
  return 'memory';
}

/** Starts listening; resolves once listening (PostgreSQL: after the first attempt, which retries on its own). */
export async function listenLive(db: Db, handlers: LiveHandlers, log: Log): Promise<LiveListener> {
  let warned = false;
  const receive = (payload: string | undefined) => {
    const changes = payload === undefined ? undefined : parseChanges(payload);
    if (changes !== undefined) handlers.changes(changes);
    else if (!warned) {
      warned = true; // once per listener: a flood of foreign notifications must not flood the log
      log.warn({ channel: LIVE_CHANNEL }, 'live: a notification that is not ours was ignored');
    }
  };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const listener = new PgListener(client.options, receive, handlers, log);
    await listener.start();
    return listener;
  }
  if (client instanceof PGlite) {
    const unlisten = await client.listen(LIVE_CHANNEL, receive);
    return {
      backend: 'pglite',
      stop: async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      },
    };
  }
  const off = onLocalChanges((changes) => handlers.changes(changes));
  return { backend: 'memory', stop: () => Promise.resolve(void off()) };
}

/** The next reconnection delay: doubling from BACKOFF_MIN_MS to BACKOFF_MAX_MS, jittered to half of it to all of it. */
export const backoffMs = (attempt: number, random: () => number = Math.random): number =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 20)) * (0.5 + random() / 2);

/** One dedicated connection LISTENing, replaced when lost. */
class PgListener implements LiveListener {
  readonly backend = 'postgres' as const;
  readonly #config: pg.ClientConfig;
  /** The connection listening now, and how to give it up (replaced by a new one). */
  #current: { readonly client: pg.Client; readonly drop: (error: unknown) => void } | undefined;
  #generation = 0;
  #failures = 0;
  #everListened = false;
  #stopped = false;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #health: ReturnType<typeof setInterval> | undefined;

  constructor(
    options: pg.PoolConfig,
    private readonly receive: (payload: string | undefined) => void,
    private readonly handlers: LiveHandlers,
    private readonly log: Log,
  ) {
    // the pool's own settings (URL, TLS, password), minus the pool's, on a connection of its own
    const { max: _max, min: _min, idleTimeoutMillis: _idle, ...client } = options;
    this.#config = {
      ...client,
      application_name: LISTENER_NAME,
      keepAlive: true,
      query_timeout: HEALTH_TIMEOUT_MS,
    };
  }

  async start(): Promise<void> {
    await this.#connect();
    this.#health = setInterval(() => void this.#check(), HEALTH_MS);
    this.#health.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    clearInterval(this.#health);
    const current = this.#current;
    this.#current = undefined;
    await current?.client.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const generation = ++this.#generation;
    const client = new pg.Client(this.#config);
    let dead = false;
    const lost = (error?: unknown) => {
      if (dead) return;
      dead = true;
      if (this.#current?.client === client) this.#current = undefined;
      client.end().catch(() => undefined);
      if (!this.#stopped && generation === this.#generation) this.#schedule(error);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) this.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (dead) return;
    if (this.#stopped) {
      dead = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.#current = { client, drop: lost };
    this.#failures = 0;
    if (this.#everListened) {
      this.log.info({ channel: LIVE_CHANNEL }, 'live: listening again');
      this.handlers.resync();
    }
    this.#everListened = true;
  }

  #schedule(error: unknown): void {
    if (this.#retry !== undefined) return;
    const delay = backoffMs(this.#failures++);
    this.log.warn(
      {
        channel: LIVE_CHANNEL,
        retryInMs: Math.round(delay),
        ...(error === undefined ? {} : { error: safeError(error) }),
      },
      'live: the database notification link is down; reconnecting',
    );
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect();
    }, delay);
    this.#retry.unref();
  }

  /** A query on the connection: one that fails or hangs (a half-open TCP link) replaces the connection. */
  async #check(): Promise<void> {
    const current = this.#current;
    if (current === undefined) return;
    try {
      await current.client.query('select 1');
    } catch (error) {
      current.drop(error);
    }
  }
}
