/**
 * The Redux store: the device slice and the local login (devices), preferences, the amp list's query, notices, the
 * channel view's remembered channel and tab; the hosting mode and the cloud session. The cloud's RTK Query cache and
 * its session sync come in cloud mode only (app/cloud-store.ts), so the console an amp serves never loads them.
 * Reducers are imported from their slice files, not the feature indexes, so that the screens stay in their lazily
 * loaded chunks.
 */
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
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
import type { CloudExtra, cloudApi } from '../shared/cloud/cloud-api';
import type { LiveStream } from '../shared/cloud/live-stream';
import { initialSession, sessionReducer, type SessionState } from '../shared/cloud/session-slice';
import type { SessionSync } from '../shared/cloud/session-sync';
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
};

/** What cloud mode adds to the store (app/cloud-store.ts makes it). */
export interface CloudPart {
  readonly api: typeof cloudApi;
  readonly sessionSync: SessionSync;
  /** Rebuild the signed-in state at start (spec 1 §4) through the session cookie (cloud mode). */
  readonly restore: boolean;
  /** More state of cloud mode (the live stream's status), by its key. */
  readonly reducers?: Readonly<Record<string, Reducer>>;
  /** The live stream (issue 20), started with the session sync (app/providers.tsx). */
  readonly liveStream?: LiveStream;
}

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
}

export function createAppStore(
  { storage, preloaded = {}, hosting = LOCAL_HOSTING }: AppStoreOptions = {},
  cloud?: CloudPart,
) {
  const extra: Partial<CloudExtra> = { sessionSync: cloud?.sessionSync };
  const api = cloud?.api;
  const store = configureStore({
    // the cache's state is RTK Query's own business: the app's state type does not list it
    reducer: (api ? { ...reducer, [api.reducerPath]: api.reducer, ...cloud?.reducers } : reducer) as typeof reducer,
    preloadedState: {
      preferences: preloaded.preferences ?? loadPreferences(storage),
      localLogin: preloaded.localLogin ?? loadLocalLogin(storage),
      devices: preloaded.devices ?? initialDevicesState,
      hosting,
      session: preloaded.session ?? initialSession(cloud?.restore ?? false),
    },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        // the device trees are large and change every 50 ms: the dev-only deep checks would walk them on every batch
        immutableCheck: { ignoredPaths: ['devices'] },
        serializableCheck: { ignoredPaths: ['devices'] },
      }).concat(api ? [api.middleware as Middleware] : []),
  });
  // spec 1 §4: local sign-out when the cloud user becomes null resets the cloud state
  if (cloud && api) cloud.sessionSync.onSignedOut = () => void store.dispatch(api.util.resetApiState());
  let { preferences, localLogin } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.preferences !== preferences) savePreferences(storage, (preferences = state.preferences));
    if (state.localLogin !== localLogin) saveLocalLogin(storage, (localLogin = state.localLogin));
  });
  return Object.assign(store, { sessionSync: cloud?.sessionSync, liveStream: cloud?.liveStream });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
