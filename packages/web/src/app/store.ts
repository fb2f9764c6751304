/**
 * The Redux store: the device slice and the local login (devices), preferences, the amp list's query, notices, the
 * channel view's remembered channel and tab; the hosting mode, the cloud session and the cloud's RTK Query cache.
 * Reducers are imported from their slice files, not the feature indexes, so that the screens stay in their lazily
 * loaded chunks.
 */
import { configureStore } from '@reduxjs/toolkit';
import { ampListReducer } from '../features/amp-list/store/amp-list-slice';
import {
  devicesReducer,
  initialDevicesState,
  loadLocalLogin,
  localLoginReducer,
  saveLocalLogin,
  type DevicesState,
  type LocalLoginState,
} from '../device';
import { channelViewReducer } from '../features/channels/store/channel-view-slice';
import { venueListReducer } from '../features/venues/store/venue-list-slice';
import { noticesReducer } from '../shared/notices';
import { cloudApi, type CloudExtra } from '../shared/cloud/cloud-api';
import { initialSession, sessionReducer, type SessionState } from '../shared/cloud/session-slice';
import { loadStoredSession, tokensOf } from '../shared/cloud/session-storage';
import { SessionSync, type SessionSyncDeps } from '../shared/cloud/session-sync';
import { LOCAL_HOSTING, hostingReducer, type HostingMode } from '../shared/hosting/hosting-mode';
import {
  loadPreferences,
  preferencesReducer,
  savePreferences,
  type PreferencesState,
} from '../features/preferences/store/preferences-slice';

const reducer = {
  devices: devicesReducer,
  localLogin: localLoginReducer,
  preferences: preferencesReducer,
  ampList: ampListReducer,
  notices: noticesReducer,
  channelView: channelViewReducer,
  venueList: venueListReducer,
  hosting: hostingReducer,
  session: sessionReducer,
  [cloudApi.reducerPath]: cloudApi.reducer,
};

export interface AppStoreOptions {
  /** Where preferences and the local login are remembered (local storage in the browser). */
  readonly storage?: Storage;
  /** State to start from (tests); what is not given is read from storage or defaults. */
  readonly preloaded?: {
    devices?: DevicesState;
    localLogin?: LocalLoginState;
    preferences?: PreferencesState;
    session?: SessionState;
  };
  /** Local (served by an amp) or cloud (served by the cloud service); default local. */
  readonly hosting?: HostingMode;
  /** How the cloud session reaches the cloud and the other tabs (tests give fakes); default the browser's. */
  readonly cloud?: Omit<SessionSyncDeps, 'storage'>;
}

export function createAppStore({ storage, preloaded = {}, hosting = LOCAL_HOSTING, cloud }: AppStoreOptions = {}) {
  const sessionSync = new SessionSync({ fetch: (input, init) => fetch(input, init), ...cloud, storage });
  const stored = hosting.mode === 'cloud' ? loadStoredSession(storage) : null;
  const extra: CloudExtra = { sessionSync };
  const store = configureStore({
    reducer,
    preloadedState: {
      preferences: preloaded.preferences ?? loadPreferences(storage),
      localLogin: preloaded.localLogin ?? loadLocalLogin(storage),
      devices: preloaded.devices ?? initialDevicesState,
      hosting,
      session: preloaded.session ?? initialSession(stored && tokensOf(stored)),
    },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        // the device trees are large and change every 50 ms: the dev-only deep checks would walk them on every batch
        immutableCheck: { ignoredPaths: ['devices'] },
        serializableCheck: { ignoredPaths: ['devices'] },
      }).concat(cloudApi.middleware),
  });
  // spec 1 §4: local sign-out when the cloud user becomes null resets the cloud state
  sessionSync.onSignedOut = () => void store.dispatch(cloudApi.util.resetApiState());
  let { preferences, localLogin } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.preferences !== preferences) savePreferences(storage, (preferences = state.preferences));
    if (state.localLogin !== localLogin) saveLocalLogin(storage, (localLogin = state.localLogin));
  });
  return Object.assign(store, { sessionSync });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
