/**
 * Where the cloud session is kept (issue 16): nowhere a script can read between page loads.
 * - The refresh token is in an HttpOnly cookie the cloud sets on sign-in and rotates on every refresh; it is sent
 *   only to the refresh endpoint, and no script (an XSS hole included) can read it.
 * - The id and access tokens live in memory (the session slice) for the life of the page; a reload, or a new tab,
 *   gets fresh ones by refreshing through the cookie (SessionSync.restore). Tabs hand each other new tokens over a
 *   BroadcastChannel, which keeps nothing.
 * Earlier versions kept all three tokens in localStorage under CLOUD_SESSION_STORAGE_KEY; it is removed at start.
 */

/** The localStorage key of the earlier versions' stored session (read by nothing now; removed at start). */
export const CLOUD_SESSION_STORAGE_KEY = 'RACKSIDE_CLOUD_SESSION';

/** The bearer tokens of the session (spec 1 §6): in memory only. */
export interface SessionTokens {
  readonly idToken: string;
  readonly accessToken: string;
}

/** Removes what an earlier version stored (a refresh token in localStorage is what issue 16 is about). */
export function forgetStoredSession(storage: Pick<Storage, 'removeItem'> | undefined): void {
  storage?.removeItem(CLOUD_SESSION_STORAGE_KEY);
}

export const tokensOf = ({ idToken, accessToken }: SessionTokens): SessionTokens => ({ idToken, accessToken });
