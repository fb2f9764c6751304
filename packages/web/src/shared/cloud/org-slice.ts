/**
 * The organisation the console acts in (issue 21, docs/adr/0008): per signed-in account (its username), the chosen
 * organisation's id; none chosen, the account's personal organisation (no header is sent). Remembered in local
 * storage per account, so that a reload or a new tab stays in the organisation. The reducer is in the store in cloud
 * mode only (app/cloud-store.ts); without it every request acts in the personal organisation.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WithSession } from './session-slice';

export interface OrgState {
  /** username → the chosen organisation's id (absent: the personal organisation). */
  readonly chosen: Readonly<Record<string, string>>;
}

export const ORG_STORAGE_KEY = 'rackside-org';

const initialState: OrgState = { chosen: {} };

const slice = createSlice({
  name: 'org',
  initialState,
  reducers: {
    /** The account chose an organisation (null: its personal one). */
    organisationChosen(state, action: PayloadAction<{ username: string; organisationId: string | null }>) {
      const { username, organisationId } = action.payload;
      if (organisationId === null) delete state.chosen[username];
      else state.chosen[username] = organisationId;
    },
    /** The choices remembered in storage (at start). */
    organisationChoicesLoaded(_state, action: PayloadAction<OrgState>) {
      return action.payload;
    },
  },
});

export const { organisationChosen, organisationChoicesLoaded } = slice.actions;
export const orgReducer = slice.reducer;
/** Where the reducer sits in the store. */
export const ORG_KEY = slice.name;

export interface WithOrg {
  readonly org: OrgState;
}

/** The signed-in account's chosen organisation id, or null for its personal organisation (and in local mode). */
export function selectChosenOrganisationId(s: object): string | null {
  const state = s as Partial<WithOrg> & Partial<WithSession>;
  const username = state.session?.user?.username;
  if (username === undefined || state.org === undefined) return null;
  return state.org.chosen[username] ?? null;
}

/** The remembered choices (nothing, or anything unreadable: none). */
export function loadOrgChoices(storage: Storage | undefined): OrgState {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(ORG_STORAGE_KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return initialState;
    const chosen = Object.fromEntries(
      Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    return { chosen };
  } catch {
    return initialState;
  }
}

export function saveOrgChoices(storage: Storage | undefined, state: OrgState): void {
  try {
    storage?.setItem(ORG_STORAGE_KEY, JSON.stringify(state.chosen));
  } catch {
    // storage full or denied: the choice lasts for this tab only
  }
}
