/** One cloud REST call (docs/adr/0003: `{apiBase}{path}`, JSON, bearer id token) and its reply parsed at the edge. */
import type { z } from 'zod';
import { cloudErrorOf, type CloudError } from './cloud-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an endpoint asks for: the path under the API base (filled with `fillPath`) and the reply's zod schema. */
export interface CloudRequest<T = unknown> {
  readonly path: string;
  readonly method?: HttpMethod;
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  /** The reply is parsed with this; a reply that does not fit is an Unknown error, never unchecked data. */
  readonly schema: z.ZodType<T>;
  /** Calls made without a session (sign-in, sign-up, reset…): no bearer, no refresh on 401. */
  readonly anonymous?: boolean;
  /** A bearer token of another session than the signed-in one (no refresh on 401). */
  readonly bearer?: string;
  /** More request headers (the refresh's CSRF header). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A call about the caller's own account (issue 21 `self` routes: GET /orgs…): never sent in the chosen
   * organisation (no ORG_HEADER).
   */
  readonly ownAccount?: boolean;
  /** The reply is a file as text (a CSV export), given to the schema as it is; an error reply is still JSON. */
  readonly text?: boolean;
}

export type CloudResult<T> = { data: T; error?: undefined } | { error: CloudError; data?: undefined };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Sends one request; never throws (an unreachable cloud is `{status: 0, error: 'Network'}`). */
export async function sendCloudRequest<T>(
  fetchFn: FetchLike,
  apiBase: string,
  request: CloudRequest<T>,
  idToken: string | null,
  signal?: AbortSignal,
): Promise<CloudResult<T>> {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const accept = request.text ? 'text/csv, text/plain, application/json' : 'application/json';
  const headers: Record<string, string> = { ...request.headers, accept };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (idToken !== null) headers.authorization = `Bearer ${idToken}`;
  let response: Response;
  try {
    response = await fetchFn(`${apiBase}${request.path}${query}`, {
      method: request.method ?? 'GET',
      headers,
      // the session cookie goes to the cloud that serves the console, never to another origin (issue 16)
      credentials: 'same-origin',
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    return { error: { status: 0, error: 'Network' } };
  }
  let body: unknown;
  let text = '';
  try {
    text = await response.text();
    body = text === '' || (request.text && response.ok) ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) return { error: cloudErrorOf(response.status, body) };
  const parsed = request.schema.safeParse(request.text ? text : (body ?? {}));
  if (!parsed.success) {
    console.error(`Rackside: the cloud's reply to ${request.path} does not fit its contract`, parsed.error.issues);
    return { error: { status: response.status, error: 'Unknown' } };
  }
  return { data: parsed.data };
}
