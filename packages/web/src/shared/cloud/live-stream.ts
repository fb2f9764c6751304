/**
 * The live stream of issue 20 (docs/cloud-api.md "Live updates: the event stream"; contracts in protocol's
 * cloud/live.ts): while someone is signed in to the cloud console, one Server-Sent Events stream brings the changes
 * of their amps, and each event refetches the cached queries it makes stale (RTK Query tags), so that cards flip
 * online/offline, faults show and rollouts move within a second instead of at the next 10 s poll.
 *
 * - A ticket (`POST /live/ticket`, through SessionSync: bearer id token, one refresh on 401) opens the stream once,
 *   so EventSource never retries on its own: on `error` the source is closed, and a new ticket and a new source
 *   follow after a jittered back-off (1 s doubling to 30 s, reset once a stream opens).
 * - `end` restart or slow: reopened the same way; `end` signedOut: not reopened for this session (the next call's
 *   401 signs the tab out); a new session (new tokens: a refresh that worked, a sign-in) opens it again.
 * - The stream acts in the organisation chosen in the console (issue 21: the ticket request carries ORG_HEADER, as
 *   every call), so choosing another one opens a new stream. `end` revoked (the account left that organisation or lost
 *   its grant) and a ticket refused with 403 or 404 are not retried until the organisation or the session changes.
 * - On every open, on `resync` (and so after `end` slow, which reopens) everything the stream covers is refetched:
 *   changes made while it was closed were missed.
 * - Events that do not fit their schema (or unknown names) change nothing; they are counted in `stats.invalid`.
 * - Whether the stream is open is in the store (live-status.ts): the screens poll slower only while it is.
 *
 * Cloud mode only: app/cloud-store.ts makes it and app/providers.tsx starts it with the session sync; the console an
 * amp serves never loads this file. A browser without EventSource keeps the poll alone.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  LIVE_EVENTS,
  LIVE_PATHS,
  LIVE_TOKEN_QUERY,
  LiveTicketReplySchema,
  isRolloutTargetFinished,
  parseLiveEvent,
  type LiveEvent,
  type LiveRolloutEvent,
} from '@rackside/protocol';
import type { WithHosting } from '../hosting/hosting-mode';
import { cloudApi, type CloudTag } from './cloud-api';
import { liveStatusChanged } from './live-status';
import { selectChosenOrganisationId } from './org-slice';
import type { SessionTokens } from './session-storage';
import type { WithSession } from './session-slice';
import type { SessionSync } from './session-sync';

/** The part of EventSource used here (tests give a fake). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

export interface LiveStreamDeps {
  /** Default the browser's EventSource; null (or a browser without one): no stream, the poll alone. */
  readonly EventSource?: EventSourceConstructor | null;
  /** For the back-off's jitter (0 ≤ x < 1); default Math.random. */
  readonly random?: () => number;
}

/** The first wait before reopening (ms); it doubles on each failure up to LIVE_BACKOFF_MAX_MS. */
export const LIVE_BACKOFF_MS = 1000;
export const LIVE_BACKOFF_MAX_MS = 30_000;
/** Events arriving within this window refetch once (an amp going offline sends `device` and `incident`). */
export const LIVE_BATCH_MS = 200;

type Tag = CloudTag | { readonly type: CloudTag; readonly id: string };
/** What the stream covers: refetched on every open and on `resync`. */
export const LIVE_TAGS: readonly CloudTag[] = ['Venues', 'Incidents', 'Rollouts', 'Rollout'];

/** The store as the stream uses it. */
export interface LiveStore {
  dispatch: Dispatch<UnknownAction>;
  getState: () => WithSession & WithHosting;
  subscribe: (listener: () => void) => () => void;
}

/** The cache entries an event makes stale. */
export function tagsOf(event: Exclude<LiveEvent, { event: 'end' }>): readonly Tag[] {
  switch (event.event) {
    case 'device': // online/offline or moved: the venue overview (cards, panel, dashboard)
      return ['Venues'];
    case 'incident': // the incident lists, and the cards' fault state comes from the amp's shadow
      return ['Incidents', 'Venues'];
    case 'rollout':
      return rolloutTags(event.data);
    case 'resync':
      return LIVE_TAGS;
  }
}

function rolloutTags(data: LiveRolloutEvent): readonly Tag[] {
  const one: Tag = { type: 'Rollout', id: data.rolloutId };
  // the rollout's own state or wave: its progress, the rollout list and the candidates (the active rollout)
  if (data.deviceId === undefined) return [one, 'Rollouts'];
  // one amp's update ended: its version changed (cards, candidates)
  if (data.targetState !== undefined && isRolloutTargetFinished(data.targetState)) return [one, 'Rollouts', 'Venues'];
  return [one];
}

const keyOf = (tag: Tag): string => (typeof tag === 'string' ? tag : `${tag.type}/${tag.id}`);

const browserEventSource = (): EventSourceConstructor | null =>
  typeof EventSource === 'undefined' ? null : EventSource;

/** One per store, cloud mode. `start` it with the store; it opens and closes with the session. */
export class LiveStream {
  /** Events received and applied, events ignored (not fitting their schema, unknown names), streams opened. */
  readonly stats = { events: 0, invalid: 0, opens: 0 };
  private store: LiveStore | null = null;
  /** Whose stream this is (the signed-in username and the organisation chosen), null when nobody's. */
  private owner: string | null = null;
  /** `end` signedOut or revoked came: not reopened until the session has other tokens (the tokens of that moment). */
  private ended: SessionTokens | null | undefined;
  private source: EventSourceLike | undefined;
  private open = false;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private delay = LIVE_BACKOFF_MS;
  /** Bumped whenever the stream is dropped: a ticket asked for before that opens nothing. */
  private generation = 0;
  private readonly pending = new Map<string, Tag>();
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly EventSourceClass: EventSourceConstructor | null;
  private readonly random: () => number;

  constructor(
    private readonly sessionSync: Pick<SessionSync, 'call'>,
    deps: LiveStreamDeps = {},
  ) {
    this.EventSourceClass = deps.EventSource === undefined ? browserEventSource() : deps.EventSource;
    this.random = deps.random ?? Math.random;
  }

  /** Follows the store's session (after SessionSync.start); returns the stop function. */
  start(store: LiveStore): () => void {
    this.store = store;
    const unsubscribe = store.subscribe(() => this.follow());
    this.follow();
    return () => {
      unsubscribe();
      this.owner = null;
      this.drop();
      this.store = null;
    };
  }

  /** Whether the stream is open now. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Opens the stream when someone signs in (cloud mode), closes it when they sign out or another user signs in. */
  private follow(): void {
    const store = this.store;
    if (!store) return;
    const { hosting, session } = store.getState();
    const owner =
      hosting.mode === 'cloud' && session.status === 'signedIn' && session.tokens !== null
        ? `${session.user?.username ?? ''} ${selectChosenOrganisationId(store.getState()) ?? ''}`
        : null;
    if (owner !== this.owner) {
      this.owner = owner; // first: drop() dispatches, and this runs again
      this.drop();
      if (owner !== null) void this.connect();
    } else if (owner !== null && this.ended !== undefined && session.tokens !== this.ended) {
      this.ended = undefined; // a live session again (a refresh that worked, a new sign-in)
      this.delay = LIVE_BACKOFF_MS;
      void this.connect();
    }
  }

  private async connect(): Promise<void> {
    this.reopenTimer = undefined;
    const EventSourceClass = this.EventSourceClass;
    if (!EventSourceClass || this.owner === null) return;
    const run = this.generation;
    const reply = await this.sessionSync.call({
      path: LIVE_PATHS.ticket,
      method: 'POST',
      schema: LiveTicketReplySchema,
    });
    const store = this.store;
    if (run !== this.generation || !store || this.owner === null) return; // signed out or stopped meanwhile
    if (reply.error) {
      // 403 EmailNotVerified or two-factor required, 404 an organisation the account is no longer in: nothing to
      // follow until the user or the organisation changes; anything else (offline, the cloud restarting, 429, a 401
      // the refresh could not mend while the session stays): later
      if (reply.error.status !== 403 && reply.error.status !== 404) this.reopenLater();
      return;
    }
    const { apiBase } = store.getState().hosting;
    const ticket = encodeURIComponent(reply.data.ticket);
    const source = new EventSourceClass(`${apiBase}${LIVE_PATHS.stream}?${LIVE_TOKEN_QUERY}=${ticket}`);
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.delay = LIVE_BACKOFF_MS;
      this.stats.opens += 1;
      this.setOpen(true);
      this.refetch(LIVE_TAGS); // what changed while the stream was closed was missed
    };
    // never let EventSource retry on its own: its ticket is spent
    source.onerror = () => {
      if (this.source === source) this.reopenLater();
    };
    for (const name of LIVE_EVENTS)
      source.addEventListener(name, (message) => {
        if (this.source === source) this.receive(name, message.data);
      });
  }

  private receive(name: string, data: unknown): void {
    const event = typeof data === 'string' ? parseLiveEvent(name, data) : undefined;
    if (event === undefined) {
      this.stats.invalid += 1;
      return;
    }
    this.stats.events += 1;
    if (event.event !== 'end') return this.refetch(tagsOf(event));
    // restart, slow: the open refetches
    if (event.data.reason !== 'signedOut' && event.data.reason !== 'revoked') return this.reopenLater();
    this.ended = this.store?.getState().session.tokens ?? null;
    this.closeSource();
    this.clearReopen();
  }

  /** Closes the source and opens a new one after the back-off (once, however many errors and ends came). */
  private reopenLater(): void {
    this.closeSource();
    if (this.owner === null || this.ended !== undefined || this.reopenTimer !== undefined) return;
    const wait = this.delay / 2 + this.random() * this.delay;
    this.delay = Math.min(this.delay * 2, LIVE_BACKOFF_MAX_MS);
    this.reopenTimer = setTimeout(() => void this.connect(), wait);
  }

  /** The tags are invalidated together at the end of the batch window. */
  private refetch(tags: readonly Tag[]): void {
    for (const tag of tags) this.pending.set(keyOf(tag), tag);
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = undefined;
      const batch = [...this.pending.values()];
      this.pending.clear();
      if (batch.length > 0) this.store?.dispatch(cloudApi.util.invalidateTags(batch));
    }, LIVE_BATCH_MS);
  }

  /** Everything of the stream ends: source, reopening, pending refetches; a ticket on its way opens nothing. */
  private drop(): void {
    this.generation += 1;
    this.ended = undefined;
    this.delay = LIVE_BACKOFF_MS;
    this.clearReopen();
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    this.pending.clear();
    this.closeSource();
  }

  private clearReopen(): void {
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
  }

  private closeSource(): void {
    this.source?.close();
    this.source = undefined;
    this.setOpen(false);
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.store?.dispatch(liveStatusChanged(open));
  }
}
