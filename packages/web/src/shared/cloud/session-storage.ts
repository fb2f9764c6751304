/**
 * Where the cloud session is kept between page loads: localStorage. Why not elsewhere:
 * - sessionStorage is per tab: a second tab (or a reload in a new tab) would have to sign in again, and tabs could
 *   not share one rotating refresh token (docs/adr/0003: reusing a rotated-out token ends the session);
 * - an httpOnly cookie would keep the tokens away from scripts, but the cloud's API takes bearer tokens (spec 1 §6)
 *   and cookies would need CSRF protection on every call.
 * The trade-off: any script running in the page (an XSS hole) can read the tokens. We keep that surface small: no
 * third-party scripts, React escapes all text, id tokens live an hour, and a stolen refresh token that is used
 * twice ends the session for everyone (rotation with reuse detection).
 * Only SessionSync writes here (sign-in, refresh, sign-out), so a tab with stale tokens never overwrites newer ones.
 */
import { z } from 'zod';

export const CLOUD_SESSION_STORAGE_KEY = 'RACKSIDE_CLOUD_SESSION';

const StoredSessionSchema = z.object({
  idToken: z.string().min(1),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When these tokens were issued (ms since the epoch): tabs skip a refresh another tab has just done. */
  issuedAt: z.number(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;
export type SessionTokens = Omit<StoredSession, 'issuedAt'>;

export function loadStoredSession(storage: Pick<Storage, 'getItem'> | undefined): StoredSession | null {
  const text = storage?.getItem(CLOUD_SESSION_STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = StoredSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveStoredSession(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  s: StoredSession | null,
) {
  if (!storage) return;
  if (s === null) storage.removeItem(CLOUD_SESSION_STORAGE_KEY);
  else storage.setItem(CLOUD_SESSION_STORAGE_KEY, JSON.stringify(s));
}

export const tokensOf = ({ idToken, accessToken, refreshToken }: SessionTokens): SessionTokens => ({
  idToken,
  accessToken,
  refreshToken,
});
