import { CLOUD_AUTH_REFRESH_MS, OkSchema } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCloudAppStore } from '../../app/cloud-store';
import { cloudError, fakeCloud, sessionReply, signedInSession, TEST_TOKENS, TEST_USER } from '../../testing/fake-cloud';
import { CLOUD_HOSTING } from '../hosting';
import { CLOUD_SESSION_STORAGE_KEY, loadStoredSession } from './session-storage';
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

const storeSession = (tokens: Partial<typeof TEST_TOKENS> = {}, issuedAt = 0) =>
  localStorage.setItem(CLOUD_SESSION_STORAGE_KEY, JSON.stringify({ ...TEST_TOKENS, ...tokens, issuedAt }));

/** A signed-in tab on the fake cloud; stop() ends its session sync. */
function tab(api: ReturnType<typeof fakeCloud>, openChannel: () => ChannelLike | null = () => null) {
  const store = createCloudAppStore({
    storage: localStorage,
    hosting: CLOUD_HOSTING,
    cloud: { fetch: api.fetch, openChannel, locks: null },
    preloaded: { session: signedInSession() },
  });
  const stop = store.sessionSync.start(store);
  return { store, stop, call: () => store.sessionSync.call({ path: '/probe', schema: OkSchema }) };
}

afterEach(() => vi.useRealTimers());

describe('SessionSync (spec 1 §2, §9; docs/adr/0003 Refresh)', () => {
  it('refreshes once for every call that met a 401, and retries each with the new id token', async () => {
    storeSession();
    let refreshes = 0;
    const api = fakeCloud({
      'GET /probe': (r) => (r.bearer === 'id-2' ? { body: { ok: true } } : cloudError(401, 'Unauthorized')),
      'POST /auth/refresh': async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { body: sessionReply(2) };
      },
    });
    const { call, store, stop } = tab(api);
    const results = await Promise.all([call(), call(), call()]);
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
    expect(store.getState().session.tokens?.idToken).toBe('id-2');
    expect(loadStoredSession(localStorage)?.refreshToken).toBe('refresh-2');
    stop();
  });

  it('adopts the tokens another tab refreshed instead of presenting a rotated-out refresh token', async () => {
    storeSession({ idToken: 'id-9', refreshToken: 'refresh-9' }); // another tab rotated refresh-1 away
    const api = fakeCloud({
      'GET /probe': (r) => (r.bearer === 'id-1' ? cloudError(401, 'Unauthorized') : { body: { ok: true } }),
    });
    const { call, store, stop } = tab(api);
    expect((await call()).data).toEqual({ ok: true });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(store.getState().session.tokens?.refreshToken).toBe('refresh-9');
    stop();
  });

  it('signs out everywhere when the cloud refuses the refresh token', async () => {
    storeSession();
    const api = fakeCloud({
      'GET /probe': cloudError(401, 'Unauthorized'),
      'POST /auth/refresh': cloudError(401, 'Unauthorized'),
    });
    const hub = channelHub();
    const a = tab(api, hub);
    const b = tab(api, hub);
    expect((await a.call()).error?.error).toBe('Unauthorized');
    expect(a.store.getState().session.status).toBe('signedOut');
    expect(b.store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem(CLOUD_SESSION_STORAGE_KEY)).toBeNull();
    a.stop();
    b.stop();
  });

  it('logout clears the user, ends the session at the cloud and tells the other tabs, which clear theirs', async () => {
    storeSession();
    const api = fakeCloud({ 'POST /auth/sign-out': { body: { ok: true } } });
    const hub = channelHub();
    const a = tab(api, hub);
    const b = tab(api, hub);
    await a.store.sessionSync.signOut();
    expect(a.store.getState().session).toMatchObject({ status: 'signedOut', user: null, tokens: null });
    expect(b.store.getState().session).toMatchObject({ status: 'signedOut', user: null, tokens: null });
    expect(api.callsTo('POST /auth/sign-out')).toHaveLength(1);
    expect(localStorage.getItem(CLOUD_SESSION_STORAGE_KEY)).toBeNull();
    a.stop();
    b.stop();
  });

  it('tells the other tabs about a sign-in, which then share the session', () => {
    const hub = channelHub();
    const api = fakeCloud();
    const a = tab(api, hub);
    const b = tab(api, hub);
    a.store.sessionSync.signedIn(sessionReply(5, { email: 'new@example.com' }));
    expect(b.store.getState().session.tokens?.idToken).toBe('id-5');
    expect(b.store.getState().session.user?.email).toBe('new@example.com');
    a.stop();
    b.stop();
  });

  it('refreshes the session every minute while signed in, one tab doing it for all', async () => {
    vi.useFakeTimers();
    storeSession();
    const api = fakeCloud({ 'POST /auth/refresh': { body: sessionReply(2) } });
    const hub = channelHub();
    const a = tab(api, hub);
    const b = tab(api, hub);
    await vi.advanceTimersByTimeAsync(CLOUD_AUTH_REFRESH_MS);
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(b.store.getState().session.tokens?.refreshToken).toBe('refresh-2');
    expect(a.store.getState().session.user).toEqual(TEST_USER);
    a.stop();
    b.stop();
  });
});
