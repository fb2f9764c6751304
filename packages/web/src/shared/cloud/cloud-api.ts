/**
 * The ONE RTK Query api of the cloud (STYLE.md: server data lives in the RTK Query cache). Features add their
 * endpoints with `cloudApi.injectEndpoints` in features/<f>/api/; every call goes through SessionSync (bearer id
 * token, one refresh and retry on 401) and its reply is parsed with the endpoint's zod schema.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { CloudError } from './cloud-error';
import type { CloudRequest } from './cloud-request';
import type { SessionSync } from './session-sync';

/** The thunk extra argument the store provides (app/store.ts). */
export interface CloudExtra {
  readonly sessionSync: SessionSync;
}

/** Every endpoint's call goes through SessionSync, which also names the organisation acted in (issue 21). */
export const cloudBaseQuery: BaseQueryFn<CloudRequest, unknown, CloudError> = (request, api) =>
  (api.extra as CloudExtra).sessionSync.call(request, api.signal);

/**
 * Cache tags: a mutation invalidates what it changed, and so does the live stream (shared/cloud/live-stream.ts) on
 * each event. 'Incidents': every incident list and incident; 'Rollouts': the rollout list and candidates; 'Rollout'
 * (with its id): one rollout's progress; 'Orgs', 'Members', 'Invitations', 'Grants',
 * 'OrgSettings': the organisations (issue 21).
 */
export const CLOUD_TAGS = [
  'Venues',
  'Contacts',
  'VenueContacts',
  'Firmware',
  'Rollouts',
  'Rollout',
  'Incidents',
  'Orgs',
  'Members',
  'Invitations',
  'Grants',
  'OrgSettings',
] as const;
export type CloudTag = (typeof CLOUD_TAGS)[number];

export const cloudApi = createApi({
  reducerPath: 'cloudApi',
  baseQuery: cloudBaseQuery,
  tagTypes: CLOUD_TAGS,
  endpoints: () => ({}),
});
