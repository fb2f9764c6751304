/**
 * A cloud REST API in memory for component tests: routes keyed 'METHOD /path' (under the API base, query string
 * left out) answer a status and a JSON body; every call is recorded. Unknown routes answer 404 NotFound.
 */
import type { CloudUser } from '@rackside/protocol';
import type { FetchLike } from '../shared/cloud/cloud-request';
import type { SessionState } from '../shared/cloud/session-slice';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly bearer: string | null;
  readonly headers: Headers;
}
export type FakeReply = { status?: number; body?: unknown };
export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export const cloudError = (status: number, error: string): FakeReply => ({
  status,
  body: { error, message: error },
});

export interface FakeCloud {
  readonly fetch: FetchLike;
  readonly calls: FakeRequest[];
  /** Adds or replaces routes. */
  on(routes: Record<string, FakeRoute>): void;
  /** The calls to one route. */
  callsTo(route: string): FakeRequest[];
}

export function fakeCloud(initial: Record<string, FakeRoute> = {}, apiBase = '/api'): FakeCloud {
  const routes = new Map(Object.entries(initial));
  const calls: FakeRequest[] = [];
  const fetchFn: FetchLike = async (input, init) => {
    const url = new URL(input, 'http://cloud.test');
    const path = url.pathname.startsWith(apiBase) ? url.pathname.slice(apiBase.length) : url.pathname;
    const headers = new Headers(init?.headers);
    const bearer = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? null;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      bearer,
      headers,
    };
    calls.push(request);
    const route = routes.get(`${request.method} ${path}`);
    const reply =
      route === undefined ? cloudError(404, 'NotFound') : typeof route === 'function' ? await route(request) : route;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetch: fetchFn,
    calls,
    on: (more) => Object.entries(more).forEach(([k, v]) => routes.set(k, v)),
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

export const TEST_USER: CloudUser = { username: 'u-1', email: 'ada@example.com', emailVerified: true };
/** The bearer tokens (the refresh token is the cloud's HttpOnly cookie, which the console never sees). */
export const TEST_TOKENS = { idToken: 'id-1', accessToken: 'access-1' };

/** A signed-in session to preload (no /auth/me at start). */
export const signedInSession = (user: Partial<CloudUser> = {}): SessionState => ({
  status: 'signedIn',
  tokens: TEST_TOKENS,
  user: { ...TEST_USER, ...user },
});

/** A session reply of sign-in or refresh. */
export const sessionReply = (n: number, user: Partial<CloudUser> = {}) => ({
  idToken: `id-${n}`,
  accessToken: `access-${n}`,
  expiresIn: 3600,
  user: { ...TEST_USER, ...user },
});
