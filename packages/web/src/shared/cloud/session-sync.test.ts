import { CLOUD_AUTH_REFRESH_MS, CSRF_HEADER, OkSchema } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCloudAppStore } from '../../app/cloud-store';
import {
  cloudError,
  fakeCloud,
  sessionReply,
  signedInSession,
  TEST_USER,
  type FakeCloud,
} from '../../testing/fake-cloud';
import { CLOUD_HOSTING } from '../hosting';
import type { SessionState } from './session-slice';
import { CLOUD_SESSION_STORAGE_KEY } from './session-storage';
import type { ChannelLike, SessionMessage } from './session-sync';

/** A BroadcastChannel stand-in: what one tab posts, the others receive (never the sender). */
function channelHub() {
  const members = new Set<{ deliver: (m: SessionMessage) => void }>();
  return (): ChannelLike => {
    const listeners: ((event: MessageEvent<SessionMessage>) => void)[] = [];
    const member = {
      deliver: (m: SessionMessage) => listeners.forEach((l) => l({ data: m } as MessageEvent<SessionMessage>)),
    };
    members.add(member);
    return {
      postMessage: (m) => members.forEach((o) => o !== member && o.deliver(structuredClone(m))),
      addEventListener: (_type, listener) => void listeners.push(listener),
      close: () => void members.delete(member),
    };
  };
}

/** A Web Lock stand-in shared by the tabs of a test: one holder at a time, in order. */
function lockHub(): Pick<LockManager, 'request'> {
  let tail: Promise<unknown> = Promise.resolve();
  const request = (_name: string, run: () => Promise<unknown>) => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  return { request: request as unknown as LockManager['request'] };
}

/**
 * The cloud's side of the refresh cookie: the browser's jar (shared by the tabs) holds the newest refresh token;
 * refresh wants the CSRF header, rotates the token, and a rotated-out one presented again revokes the session.
 */
function cookieCloud(api: FakeCloud, jar: { token: string | null } = { token: 'refresh-1' }) {
  let n = 1;
  let revoked = false;
  const stats = { refreshes: 0, reuses: 0 };
  api.on({
    'POST /auth/refresh': async (r) => {
      stats.refreshes += 1;
      const presented = jar.token;
      if (r.headers.get(CSRF_HEADER) !== '1' || r.body !== undefined) return cloudError(401, 'Unauthorized');
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (presented !== `refresh-${n}`) stats.reuses += presented === null ? 0 : 1;
      if (revoked || presented !== `refresh-${n}`) {
        revoked = presented !== null;
        jar.token = null;
        return cloudError(401, 'Unauthorized');
      }
      n += 1;
      jar.token = `refresh-${n}`;
      return { body: sessionReply(n) };
    },
  });
  return { jar, stats };
}

/** A tab on the fake cloud, signed in unless told; stop() ends its session sync. */
function tab(
  api: FakeCloud,
  openChannel: () => ChannelLike | null = () => null,
  {
    locks = null,
    session = signedInSession(),
  }: { locks?: Pick<LockManager, 'request'> | null; session?: SessionState } = {},
) {
  const store = createCloudAppStore({
    storage: localStorage,
    hosting: CLOUD_HOSTING,
    cloud: { fetch: api.fetch, openChannel, locks },
    preloaded: { session },
  });
  const stop = store.sessionSync.start(store);
  return { store, stop, call: () => store.sessionSync.call({ path: '/probe', schema: OkSchema }) };
}

const restoring: SessionState = { status: 'restoring', tokens: null, user: null };

afterEach(() => vi.useRealTimers());

describe('SessionSync (spec 1 §2, §9; docs/adr/0003 Refresh; issue 16)', () => {
  it('refreshes once through the cookie for every call that met a 401, and retries each with the new id token', async () => {
    const api = fakeCloud({
      'GET /probe': (r) => (r.bearer === 'id-2' ? { body: { ok: true } } : cloudError(401, 'Unauthorized')),
    });
    const { stats } = cookieCloud(api);
    const { call, store, stop } = tab(api);
    const results = await Promise.all([call(), call(), call()]);
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(stats.refreshes).toBe(1);
    // no body, no bearer: the cookie and the CSRF header are the whole request
    expect(api.callsTo('POST /auth/refresh')[0]).toMatchObject({ body: undefined, bearer: null });
    expect(store.getState().session.tokens).toEqual({ idToken: 'id-2', accessToken: 'access-2' });
    expect(localStorage.length).toBe(0);
    stop();
  });

  it('lets one tab refresh at a time, so the shared cookie is never presented twice (reuse would end the session)', async () => {
    const api = fakeCloud({
      'GET /probe': (r) => (r.bearer === 'id-1' ? cloudError(401, 'Unauthorized') : { body: { ok: true } }),
    });
    const { stats } = cookieCloud(api);
    const hub = channelHub();
    const locks = lockHub();
    const a = tab(api, hub, { locks });
    const b = tab(api, hub, { locks });
    const [ra, rb] = await Promise.all([a.call(), b.call()]);
    expect([ra.data, rb.data]).toEqual([{ ok: true }, { ok: true }]);
    expect(stats).toEqual({ refreshes: 1, reuses: 0 });
    expect(b.store.getState().session.tokens?.idToken).toBe('id-2');
    a.stop();
    b.stop();
  });

  it('signs out everywhere when the cloud refuses the refresh cookie', async () => {
    const api = fakeCloud({ 'GET /probe': cloudError(401, 'Unauthorized') });
    cookieCloud(api, { token: 'stolen-and-rotated' });
    const hub = channelHub();
    const a = tab(api, hub);
    const b = tab(api, hub);
    expect((await a.call()).error?.error).toBe('Unauthorized');
    expect(a.store.getState().session.status).toBe('signedOut');
    expect(b.store.getState().session.status).toBe('signedOut');
    a.stop();
    b.stop();
  });

  it('logout clears the user, ends the session at the cloud and tells the other tabs, which clear theirs', async () => {
    const api = fakeCloud({ 'POST /auth/sign-out': { body: { ok: true } } });
    const hub = channelHub();
    const a = tab(api, hub);
    const b = tab(api, hub);
    await a.store.sessionSync.signOut();
    expect(a.store.getState().session).toMatchObject({ status: 'signedOut', user: null, tokens: null });
    expect(b.store.getState().session).toMatchObject({ status: 'signedOut', user: null, tokens: null });
    expect(api.callsTo('POST /auth/sign-out')).toHaveLength(1);
    a.stop();
    b.stop();
  });

  it('signs out at the cloud with a refreshed id token when the held one has expired (the cookie must be cleared)', async () => {
    const api = fakeCloud({
      'POST /auth/sign-out': (r) => (r.bearer === 'id-2' ? { body: { ok: true } } : cloudError(401, 'Unauthorized')),
    });
    cookieCloud(api);
    const a = tab(api);
    await a.store.sessionSync.signOut();
    expect(api.callsTo('POST /auth/sign-out').map((c) => c.bearer)).toEqual(['id-1', 'id-2']);
    expect(a.store.getState().session.status).toBe('signedOut');
    a.stop();
  });

  it('tells the other tabs about a sign-in, which then share the session, and stores no token', () => {
    const hub = channelHub();
    const api = fakeCloud();
    const a = tab(api, hub);
    const b = tab(api, hub);
    a.store.sessionSync.signedIn(sessionReply(5, { email: 'new@example.com' }));
    expect(b.store.getState().session.tokens?.idToken).toBe('id-5');
    expect(b.store.getState().session.user?.email).toBe('new@example.com');
    expect(localStorage.length).toBe(0);
    a.stop();
    b.stop();
  });

  it('refreshes the session every minute while signed in, one tab doing it for all', async () => {
    vi.useFakeTimers();
    const api = fakeCloud();
    const { stats } = cookieCloud(api);
    const hub = channelHub();
    const locks = lockHub();
    const a = tab(api, hub, { locks });
    const b = tab(api, hub, { locks });
    await vi.advanceTimersByTimeAsync(CLOUD_AUTH_REFRESH_MS + 100);
    expect(stats).toEqual({ refreshes: 1, reuses: 0 });
    expect(b.store.getState().session.tokens?.idToken).toBe('id-2');
    expect(a.store.getState().session.user).toEqual(TEST_USER);
    a.stop();
    b.stop();
  });

  it('signs a reloaded page or a new tab in silently through the cookie, while the first tab stays signed in', async () => {
    const api = fakeCloud();
    const { stats } = cookieCloud(api);
    const hub = channelHub();
    const locks = lockHub();
    const first = tab(api, hub, { locks });
    const second = tab(api, hub, { locks, session: restoring });
    expect(second.store.getState().session.status).toBe('restoring');
    await vi.waitFor(() => expect(second.store.getState().session.status).toBe('signedIn'));
    expect(second.store.getState().session).toMatchObject({ user: TEST_USER, tokens: { idToken: 'id-2' } });
    expect(first.store.getState().session).toMatchObject({ status: 'signedIn', tokens: { idToken: 'id-2' } });
    expect(stats).toEqual({ refreshes: 1, reuses: 0 });
    first.stop();
    second.stop();
  });

  it('counts nobody as signed in at start without a cookie, and tells no other tab', async () => {
    const api = fakeCloud();
    cookieCloud(api, { token: null });
    const hub = channelHub();
    const other = tab(api, hub);
    const fresh = tab(api, hub, { session: restoring });
    await vi.waitFor(() => expect(fresh.store.getState().session.status).toBe('signedOut'));
    expect(other.store.getState().session.status).toBe('signedIn');
    other.stop();
    fresh.stop();
  });

  it('removes the tokens an earlier version kept in localStorage', () => {
    localStorage.setItem(CLOUD_SESSION_STORAGE_KEY, JSON.stringify({ idToken: 'i', refreshToken: 'r' }));
    tab(fakeCloud()).stop();
    expect(localStorage.getItem(CLOUD_SESSION_STORAGE_KEY)).toBeNull();
  });
});
