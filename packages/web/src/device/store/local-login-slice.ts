/**
 * The local login (spec 2 §2/§4/§6): the device password the user signed in with, remembered in local storage.
 * It answers the amps' auth challenges; without it the user is a guest who may look but not change.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Local-storage key of the remembered local login. */
export const LOCAL_LOGIN_STORAGE_KEY = 'LOCAL_LOGIN';

export interface LocalLoginState {
  /** The verified device password; null for a guest. */
  readonly password: string | null;
}

const initialState: LocalLoginState = { password: null };

const slice = createSlice({
  name: 'localLogin',
  initialState: initialState,
  reducers: {
    localLoggedIn(state, action: PayloadAction<string>) {
      state.password = action.payload;
    },
    localLoggedOut(state) {
      state.password = null;
    },
  },
});

export const { localLoggedIn, localLoggedOut } = slice.actions;
export const localLoginReducer = slice.reducer;

export interface WithLocalLogin {
  readonly localLogin: LocalLoginState;
}

export const selectLocalPassword = (state: WithLocalLogin): string | null => state.localLogin.password;
export const selectLocalLoggedIn = (state: WithLocalLogin): boolean => state.localLogin.password !== null;

/** Reads the remembered login; anything unreadable counts as none. */
export function loadLocalLogin(storage: Pick<Storage, 'getItem'> | undefined): LocalLoginState {
  try {
    const raw = storage?.getItem(LOCAL_LOGIN_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === 'object' && parsed !== null && 'password' in parsed && typeof parsed.password === 'string')
      return { password: parsed.password };
  } catch {
    // a corrupt entry is the same as none
  }
  return { password: null };
}

/** Writes (or clears) the remembered login. */
export function saveLocalLogin(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, state: LocalLoginState) {
  if (!storage) return;
  if (state.password === null) storage.removeItem(LOCAL_LOGIN_STORAGE_KEY);
  else storage.setItem(LOCAL_LOGIN_STORAGE_KEY, JSON.stringify({ password: state.password }));
}
