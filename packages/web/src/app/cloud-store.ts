/**
 * Cloud mode's part of the store: the RTK Query cache of the cloud API and the session sync (spec 1 §4). main.tsx
 * loads this module only when the cloud serves the console, so an amp's console carries neither.
 */
import { cloudApi } from '../shared/cloud/cloud-api';
import { forgetStoredSession } from '../shared/cloud/session-storage';
import { SessionSync, type SessionSyncDeps } from '../shared/cloud/session-sync';
import { createAppStore, type AppStoreOptions, type CloudPart } from './store';

export interface CloudStoreOptions extends AppStoreOptions {
  /** How the cloud session reaches the cloud and the other tabs (tests give fakes); default the browser's. */
  readonly cloud?: SessionSyncDeps;
}

/** The store with the cloud's part: what main.tsx builds in cloud mode, and what tests of cloud screens use. */
export function createCloudAppStore({ cloud, ...options }: CloudStoreOptions = {}) {
  const { storage, hosting } = options;
  const sessionSync = new SessionSync({ fetch: (input, init) => fetch(input, init), ...cloud });
  forgetStoredSession(storage); // issue 16: tokens are never kept in storage any more
  const part: CloudPart = { api: cloudApi, sessionSync, restore: hosting?.mode === 'cloud' };
  const store = createAppStore(options, part);
  return Object.assign(store, { sessionSync });
}
