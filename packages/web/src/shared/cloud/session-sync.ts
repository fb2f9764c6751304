/**
 * The cloud session across calls and browser tabs (spec 1 §2, §9; docs/adr/0003 "Refresh"):
 * - every call carries the id token; a 401 triggers ONE refresh (single-flight in the tab, a Web Lock across tabs)
 *   and the call is retried once;
 * - the session is refreshed every minute; refresh tokens rotate and a rotated-out one presented again ends the
 *   session, so a tab first looks at what another tab has stored and adopts newer tokens instead of refreshing;
 * - sign-in, refresh and sign-out are broadcast (BroadcastChannel) so that every tab holds the same session, and a
 *   logout in one tab clears the user in all of them;
 * - at start, stored tokens are checked with /auth/me (signed-in state rebuilt from the current session).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  CLOUD_AUTH_REFRESH_MS,
  CloudSessionSchema,
  CloudUserSchema,
  IDENTITY_PATHS,
  OkSchema,
  type CloudSession,
  type CloudUser,
} from '@rackside/protocol';
import type { WithHosting } from '../hosting/hosting-mode';
import { sendCloudRequest, type CloudRequest, type CloudResult, type FetchLike } from './cloud-request';
import { sessionStarted, signedOut, tokensRefreshed, userLoaded, type WithSession } from './session-slice';
import { loadStoredSession, saveStoredSession, tokensOf, type SessionTokens } from './session-storage';

/** What tabs tell each other. */
export type SessionMessage =
  | { readonly type: 'session'; readonly tokens: SessionTokens; readonly user: CloudUser | null }
  | { readonly type: 'signedOut' };

/** The part of BroadcastChannel used here (tests give a fake). */
export interface ChannelLike {
  postMessage(message: SessionMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SessionMessage>) => void): void;
  close(): void;
}

export const SESSION_CHANNEL = 'rackside-session';
const REFRESH_LOCK = 'rackside-session-refresh';

export interface SessionSyncDeps {
  readonly fetch: FetchLike;
  readonly storage?: Storage;
  /** Opens the tab-to-tab channel; default BroadcastChannel where the browser has it. */
  readonly openChannel?: () => ChannelLike | null;
  /** Web Locks, so that one tab refreshes at a time; default navigator.locks where the browser has it. */
  readonly locks?: Pick<LockManager, 'request'> | null;
  readonly now?: () => number;
}

type SyncState = WithSession & WithHosting;
interface StoreLike {
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  getState: () => SyncState;
}

const defaultChannel = (): ChannelLike | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
const defaultLocks = (): Pick<LockManager, 'request'> | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;

/** One per store; `start` it in cloud mode. Calls made before `start` fail with Unknown. */
export class SessionSync {
  private store: StoreLike | null = null;
  private channel: ChannelLike | null = null;
  private inflight: Promise<SessionTokens | null> | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;
  /** Run when this tab's session ends (the app resets the cloud cache there). */
  onSignedOut: () => void = () => undefined;

  constructor(private readonly deps: SessionSyncDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Listens to other tabs, refreshes every minute, rebuilds the signed-in state; returns the stop function. */
  start(store: StoreLike): () => void {
    this.store = store;
    this.channel = (this.deps.openChannel ?? defaultChannel)();
    this.channel?.addEventListener('message', (event) => this.receive(event.data));
    this.timer = setInterval(() => {
      if (store.getState().session.status === 'signedIn') void this.refresh({ periodic: true });
    }, CLOUD_AUTH_REFRESH_MS);
    void this.restore();
    return () => {
      clearInterval(this.timer);
      this.channel?.close();
      this.channel = null;
      this.store = null;
    };
  }

  /** A call with the session: bearer id token, one refresh and retry on 401. */
  async call<T>(request: CloudRequest<T>, signal?: AbortSignal): Promise<CloudResult<T>> {
    const store = this.store;
    if (!store) return { error: { status: 0, error: 'Unknown' } };
    const { apiBase } = store.getState().hosting;
    if (request.bearer !== undefined)
      return sendCloudRequest(this.deps.fetch, apiBase, request, request.bearer, signal);
    const tokens = request.anonymous ? null : store.getState().session.tokens;
    const first = await sendCloudRequest(this.deps.fetch, apiBase, request, tokens?.idToken ?? null, signal);
    if (first.error?.status !== 401 || tokens === null) return first;
    const next = await this.refresh();
    if (next === null) return first;
    return sendCloudRequest(this.deps.fetch, apiBase, request, next.idToken, signal);
  }

  /** A new session from sign-in: stored, in the store, told to the other tabs. */
  signedIn(session: CloudSession): void {
    const tokens = tokensOf(session);
    saveStoredSession(this.deps.storage, { ...tokens, issuedAt: this.now() });
    this.store?.dispatch(sessionStarted({ tokens, user: session.user }));
    this.post({ type: 'session', tokens, user: session.user });
  }

  /** spec 1 §2 logout: the session ends at the cloud (best effort), here and in every other tab. */
  async signOut(): Promise<void> {
    const tokens = this.store?.getState().session.tokens ?? null;
    this.end();
    this.post({ type: 'signedOut' });
    if (tokens !== null && this.store) {
      const { apiBase } = this.store.getState().hosting;
      const request = { path: IDENTITY_PATHS.signOut, method: 'POST', body: {}, schema: OkSchema } as const;
      await sendCloudRequest(this.deps.fetch, apiBase, request, tokens.idToken);
    }
  }

  /**
   * New tokens, once for all callers in this tab and one tab at a time. Null when there is no session any more
   * (the refresh token was refused: signed out everywhere) or the cloud could not be reached.
   */
  refresh(options: { periodic?: boolean } = {}): Promise<SessionTokens | null> {
    this.inflight ??= this.withLock(() => this.refreshNow(options.periodic === true)).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async refreshNow(periodic: boolean): Promise<SessionTokens | null> {
    const store = this.store;
    const held = store?.getState().session.tokens ?? null;
    if (!store || held === null) return null;
    const stored = loadStoredSession(this.deps.storage);
    if (stored === null) {
      // another tab signed out (its message may still be on the way)
      this.end();
      return null;
    }
    if (stored.refreshToken !== held.refreshToken) {
      // another tab refreshed: ours is rotated out, and presenting it again would end the session
      const tokens = tokensOf(stored);
      store.dispatch(tokensRefreshed(tokens));
      return tokens;
    }
    if (periodic && this.now() - stored.issuedAt < CLOUD_AUTH_REFRESH_MS / 2) return held;
    const request = {
      path: IDENTITY_PATHS.refresh,
      method: 'POST',
      body: { refreshToken: held.refreshToken },
      schema: CloudSessionSchema,
      anonymous: true,
    } as const;
    const result = await sendCloudRequest(this.deps.fetch, store.getState().hosting.apiBase, request, null);
    if (result.error) {
      if (result.error.status === 401) {
        this.end();
        this.post({ type: 'signedOut' });
      }
      return null;
    }
    const tokens = tokensOf(result.data);
    saveStoredSession(this.deps.storage, { ...tokens, issuedAt: this.now() });
    store.dispatch(sessionStarted({ tokens, user: result.data.user }));
    this.post({ type: 'session', tokens, user: result.data.user });
    return tokens;
  }

  /** spec 1 §2: signed-in state rebuilt at start from the stored session. */
  private async restore(): Promise<void> {
    const store = this.store;
    if (!store || store.getState().session.status !== 'restoring') return;
    const result = await this.call({ path: IDENTITY_PATHS.me, schema: CloudUserSchema });
    if (result.data) store.dispatch(userLoaded(result.data));
    else if (this.store && store.getState().session.status === 'restoring') {
      // refused (the refresh already signed out) or unreachable: nobody counts as signed in; the stored tokens stay
      // for the next start unless the cloud refused them
      store.dispatch(signedOut());
      this.onSignedOut();
    }
  }

  private receive(message: SessionMessage): void {
    const store = this.store;
    if (!store) return;
    if (message.type === 'signedOut') {
      if (store.getState().session.status !== 'signedOut') {
        store.dispatch(signedOut());
        this.onSignedOut();
      }
      return;
    }
    if (message.user) {
      // another account signed in elsewhere: nothing of the previous one's may stay in the cache
      const previous = store.getState().session.user;
      if (previous && previous.username !== message.user.username) this.onSignedOut();
      store.dispatch(sessionStarted({ tokens: message.tokens, user: message.user }));
    } else if (store.getState().session.status !== 'signedOut') store.dispatch(tokensRefreshed(message.tokens));
  }

  /** Ends the session in this tab: storage cleared, user cleared. */
  private end(): void {
    saveStoredSession(this.deps.storage, null);
    this.store?.dispatch(signedOut());
    this.onSignedOut();
  }

  private post(message: SessionMessage): void {
    this.channel?.postMessage(message);
  }

  private withLock<T>(run: () => Promise<T>): Promise<T> {
    const locks = this.deps.locks === undefined ? defaultLocks() : this.deps.locks;
    // request() resolves with what the callback's promise resolves with; its typing nests the promise
    return locks ? (locks.request(REFRESH_LOCK, run) as unknown as Promise<T>) : run();
  }
}
