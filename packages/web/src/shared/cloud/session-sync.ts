/**
 * The cloud session across calls and browser tabs (spec 1 §2, §9; docs/adr/0003 "Refresh"; issue 16):
 * - the refresh token is the cloud's HttpOnly cookie, which this code never sees; the id and access tokens are in
 *   memory only (session-storage.ts);
 * - every call carries the id token; a 401 triggers ONE refresh (single-flight in the tab, a Web Lock across tabs)
 *   and the call is retried once;
 * - the session is refreshed every minute; refresh tokens rotate and a rotated-out one presented again ends the
 *   session, so tabs refresh one at a time (the Web Lock; the shared cookie jar then always holds the newest token)
 *   and a tab skips a refresh another tab has just done;
 * - sign-in, refresh and sign-out are broadcast (BroadcastChannel) so that every tab holds the same session, and a
 *   logout in one tab clears the user in all of them;
 * - at start (a reload, a new tab) the signed-in state is rebuilt by a refresh through the cookie.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  CLOUD_AUTH_REFRESH_MS,
  CloudSessionSchema,
  CSRF_HEADER,
  IDENTITY_PATHS,
  OkSchema,
  ORG_HEADER,
  type CloudSession,
  type CloudUser,
} from '@rackside/protocol';
import type { WithHosting } from '../hosting/hosting-mode';
import { sendCloudRequest, type CloudRequest, type CloudResult, type FetchLike } from './cloud-request';
import { selectChosenOrganisationId } from './org-slice';
import { sessionStarted, signedOut, tokensRefreshed, type WithSession } from './session-slice';
import { tokensOf, type SessionTokens } from './session-storage';

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
  /** When this tab's tokens were issued (ms since the epoch; 0: unknown): a tab skips a refresh just done. */
  private issuedAt = 0;
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

  /**
   * A call with the session: bearer id token, one refresh and retry on 401; in the organisation the account chose
   * (issue 21: ORG_HEADER; none for the personal organisation, nor for calls about the caller's own account).
   */
  async call<T>(call: CloudRequest<T>, signal?: AbortSignal): Promise<CloudResult<T>> {
    const store = this.store;
    if (!store) return { error: { status: 0, error: 'Unknown' } };
    const { apiBase } = store.getState().hosting;
    if (call.bearer !== undefined) return sendCloudRequest(this.deps.fetch, apiBase, call, call.bearer, signal);
    const organisationId = call.anonymous || call.ownAccount ? null : selectChosenOrganisationId(store.getState());
    const request =
      organisationId === null ? call : { ...call, headers: { ...call.headers, [ORG_HEADER]: organisationId } };
    const tokens = request.anonymous ? null : store.getState().session.tokens;
    const first = await sendCloudRequest(this.deps.fetch, apiBase, request, tokens?.idToken ?? null, signal);
    if (first.error?.status !== 401 || tokens === null) return first;
    const next = await this.refresh();
    if (next === null) return first;
    return sendCloudRequest(this.deps.fetch, apiBase, request, next.idToken, signal);
  }

  /** A new session from sign-in (the cloud set the refresh cookie): in the store, told to the other tabs. */
  signedIn(session: CloudSession): void {
    const tokens = tokensOf(session);
    this.issuedAt = this.now();
    this.store?.dispatch(sessionStarted({ tokens, user: session.user }));
    this.post({ type: 'session', tokens, user: session.user });
  }

  /**
   * spec 1 §2 logout: the session ends here and in every other tab at once, and at the cloud, which revokes it and
   * clears the refresh cookie (else a reload would sign in again). An id token that has expired meanwhile is
   * refreshed through the cookie first. Best effort: an unreachable cloud leaves the cookie.
   */
  async signOut(): Promise<void> {
    const store = this.store;
    const tokens = store?.getState().session.tokens ?? null;
    this.end();
    this.post({ type: 'signedOut' });
    if (!store) return;
    const { apiBase } = store.getState().hosting;
    const request = { path: IDENTITY_PATHS.signOut, method: 'POST', body: {}, schema: OkSchema } as const;
    const first = tokens && (await sendCloudRequest(this.deps.fetch, apiBase, request, tokens.idToken));
    if (first !== null && first.error?.status !== 401) return;
    const renewed = await this.withLock(() => this.refreshAtCloud(apiBase));
    if (renewed.data) await sendCloudRequest(this.deps.fetch, apiBase, request, renewed.data.idToken);
  }

  /**
   * New tokens, once for all callers in this tab and one tab at a time. Null when there is no session any more
   * (the refresh token was refused: signed out everywhere) or the cloud could not be reached.
   */
  refresh(options: { periodic?: boolean } = {}): Promise<SessionTokens | null> {
    const asked = this.now();
    this.inflight ??= this.withLock(() => this.refreshNow(options.periodic === true, asked)).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async refreshNow(periodic: boolean, asked: number): Promise<SessionTokens | null> {
    const store = this.store;
    if (!store || store.getState().session.status === 'signedOut') return null;
    const held = store.getState().session.tokens;
    // another tab refreshed while this one waited for the lock: its tokens are here already
    if (held !== null && this.issuedAt >= asked) return held;
    if (periodic && (held === null || this.now() - this.issuedAt < CLOUD_AUTH_REFRESH_MS / 2)) return held;
    const result = await this.refreshAtCloud(store.getState().hosting.apiBase);
    if (result.error) {
      // refused: signed out everywhere; a tab that was only restoring (no cookie, say) tells nobody
      if (result.error.status === 401 && store.getState().session.status === 'signedIn') {
        this.end();
        this.post({ type: 'signedOut' });
      }
      return null;
    }
    const tokens = tokensOf(result.data);
    this.issuedAt = this.now();
    store.dispatch(sessionStarted({ tokens, user: result.data.user }));
    this.post({ type: 'session', tokens, user: result.data.user });
    return tokens;
  }

  /** POST refresh: the cookie (the browser adds it) and the CSRF header; no body, no bearer. */
  private refreshAtCloud(apiBase: string) {
    const request = {
      path: IDENTITY_PATHS.refresh,
      method: 'POST',
      headers: { [CSRF_HEADER]: '1' },
      schema: CloudSessionSchema,
      anonymous: true,
    } as const;
    return sendCloudRequest(this.deps.fetch, apiBase, request, null);
  }

  /** spec 1 §2: signed-in state rebuilt at start (a reload, a new tab) by a refresh through the session cookie. */
  private async restore(): Promise<void> {
    const store = this.store;
    if (!store || store.getState().session.status !== 'restoring') return;
    const tokens = await this.refresh();
    if (tokens === null && this.store && store.getState().session.status === 'restoring') {
      // no cookie, refused, or the cloud unreachable: nobody counts as signed in (the cookie, if any, stays for the
      // next start unless the cloud refused it)
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
      this.issuedAt = this.now();
      store.dispatch(sessionStarted({ tokens: message.tokens, user: message.user }));
    } else if (store.getState().session.status !== 'signedOut') {
      this.issuedAt = this.now();
      store.dispatch(tokensRefreshed(message.tokens));
    }
  }

  /** Ends the session in this tab: tokens and user cleared. */
  private end(): void {
    this.issuedAt = 0;
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
