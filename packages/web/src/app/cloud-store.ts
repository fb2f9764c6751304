/**
 * Cloud mode's part of the store: the RTK Query cache of the cloud API, the session sync (spec 1 §4) and the live
 * stream with its status (issue 20), the organisation acted in (issue 21). main.tsx loads this module only when the cloud serves the console, so an amp's
 * console carries none of them.
 */
import { cloudApi } from '../shared/cloud/cloud-api';
import { LIVE_STATUS_KEY, liveStatusReducer } from '../shared/cloud/live-status';
import { LiveStream, type LiveStreamDeps } from '../shared/cloud/live-stream';
import {
  ORG_KEY,
  loadOrgChoices,
  orgReducer,
  organisationChoicesLoaded,
  saveOrgChoices,
  type WithOrg,
} from '../shared/cloud/org-slice';
import { forgetStoredSession } from '../shared/cloud/session-storage';
import { SessionSync, type SessionSyncDeps } from '../shared/cloud/session-sync';
import { createAppStore, type AppStoreOptions, type CloudPart } from './store';

export interface CloudStoreOptions extends AppStoreOptions {
  /** How the cloud session reaches the cloud and the other tabs (tests give fakes); default the browser's. */
  readonly cloud?: SessionSyncDeps;
  /** How the live stream opens (tests give a fake EventSource); default the browser's. */
  readonly live?: LiveStreamDeps;
}

/** The store with the cloud's part: what main.tsx builds in cloud mode, and what tests of cloud screens use. */
export function createCloudAppStore({ cloud, live, ...options }: CloudStoreOptions = {}) {
  const { storage, hosting } = options;
  const sessionSync = new SessionSync({ fetch: (input, init) => fetch(input, init), ...cloud });
  forgetStoredSession(storage); // issue 16: tokens are never kept in storage any more
  const liveStream = new LiveStream(sessionSync, live);
  const part: CloudPart = {
    api: cloudApi,
    sessionSync,
    restore: hosting?.mode === 'cloud',
    reducers: { [LIVE_STATUS_KEY]: liveStatusReducer, [ORG_KEY]: orgReducer },
    liveStream,
  };
  const store = createAppStore(options, part);
  // issue 21: the organisation each account acts in, remembered per account
  store.dispatch(organisationChoicesLoaded(loadOrgChoices(storage)));
  let org = (store.getState() as unknown as WithOrg).org;
  store.subscribe(() => {
    const next = (store.getState() as unknown as WithOrg).org;
    if (next !== org) saveOrgChoices(storage, (org = next));
  });
  return Object.assign(store, { sessionSync, liveStream });
}
