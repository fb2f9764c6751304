/**
 * The Redux store: the device slice and the local login (devices), preferences, the amp list's query, notices, and
 * the channel view's remembered channel and tab. Reducers are imported from their slice files, not the feature
 * indexes, so that the screens stay in their lazily loaded chunks.
 */
import { configureStore } from '@reduxjs/toolkit';
import { ampListReducer } from '../features/amps/store/amp-list-slice';
import {
  devicesReducer,
  initialDevicesState,
  loadLocalLogin,
  localLoginReducer,
  saveLocalLogin,
  type DevicesState,
  type LocalLoginState,
} from '../features/devices';
import { channelViewReducer } from '../features/channels/store/channel-view-slice';
import { noticesReducer } from '../features/notices';
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
};

export interface AppStoreOptions {
  /** Where preferences and the local login are remembered (local storage in the browser). */
  readonly storage?: Storage;
  /** State to start from (tests); what is not given is read from storage or defaults. */
  readonly preloaded?: {
    devices?: DevicesState;
    localLogin?: LocalLoginState;
    preferences?: PreferencesState;
  };
}

export function createAppStore({ storage, preloaded = {} }: AppStoreOptions = {}) {
  const store = configureStore({
    reducer,
    preloadedState: {
      preferences: preloaded.preferences ?? loadPreferences(storage),
      localLogin: preloaded.localLogin ?? loadLocalLogin(storage),
      devices: preloaded.devices ?? initialDevicesState,
    },
    middleware: (getDefault) =>
      // the device trees are large and change every 50 ms: the dev-only deep checks would walk them on every batch
      getDefault({ immutableCheck: { ignoredPaths: ['devices'] }, serializableCheck: { ignoredPaths: ['devices'] } }),
  });
  let { preferences, localLogin } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.preferences !== preferences) savePreferences(storage, (preferences = state.preferences));
    if (state.localLogin !== localLogin) saveLocalLogin(storage, (localLogin = state.localLogin));
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
