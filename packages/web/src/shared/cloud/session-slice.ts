/**
 * The cloud session (spec 1 §3 session/user): the tokens of the signed-in user and the user (rebuilt from
 * a refresh through the session cookie at start, spec 1 §2). `restoring` while that refresh runs; guards wait for it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CloudUser } from '@rackside/protocol';
import type { SessionTokens } from './session-storage';

export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface SessionState {
  readonly status: SessionStatus;
  readonly tokens: SessionTokens | null;
  readonly user: CloudUser | null;
}

export const signedOutSession: SessionState = { status: 'signedOut', tokens: null, user: null };

/** The state at start: in cloud mode the session cookie (if any) is tried before anyone counts as signed in. */
export const initialSession = (restore: boolean): SessionState =>
  restore ? { status: 'restoring', tokens: null, user: null } : signedOutSession;

const slice = createSlice({
  name: 'session',
  initialState: signedOutSession,
  reducers: {
    /** Sign-in, or another tab's sign-in or refresh. */
    sessionStarted(_state, action: PayloadAction<{ tokens: SessionTokens; user: CloudUser }>) {
      return { status: 'signedIn', ...action.payload };
    },
    /** Refreshed tokens, same user. */
    tokensRefreshed(state, action: PayloadAction<SessionTokens>) {
      state.tokens = action.payload;
    },
    /** /auth/me, or a verification that changed the user. */
    userLoaded(state, action: PayloadAction<CloudUser>) {
      if (state.tokens === null) return;
      state.user = action.payload;
      state.status = 'signedIn';
    },
    /** spec 1 §2: logout clears the user (here, or in another tab). */
    signedOut() {
      return signedOutSession;
    },
  },
});

export const { sessionStarted, tokensRefreshed, userLoaded, signedOut } = slice.actions;
export const sessionReducer = slice.reducer;

export interface WithSession {
  readonly session: SessionState;
}
export const selectSession = (s: WithSession): SessionState => s.session;
export const selectCloudUser = (s: WithSession): CloudUser | null => s.session.user;
export const selectSessionStatus = (s: WithSession): SessionStatus => s.session.status;
export const selectSessionTokens = (s: WithSession): SessionTokens | null => s.session.tokens;
