/** The cloud's client side: the RTK Query api features inject their endpoints into, and the session. */
export { cloudApi, cloudBaseQuery, type CloudExtra } from './cloud-api';
export { errorNameOf, type CloudError } from './cloud-error';
export {
  LIVE_POLL_MS,
  livePollingInterval,
  selectLiveStreamOpen,
  useLivePollingInterval,
  type LiveStatusState,
} from './live-status';
export { LiveStream, type EventSourceConstructor, type EventSourceLike, type LiveStreamDeps } from './live-stream';
export { sendCloudRequest, type CloudRequest, type FetchLike, type HttpMethod } from './cloud-request';
export {
  initialSession,
  selectCloudUser,
  selectSession,
  selectSessionStatus,
  selectSessionTokens,
  sessionReducer,
  sessionStarted,
  signedOut,
  userLoaded,
  type SessionState,
  type SessionStatus,
  type WithSession,
} from './session-slice';
export { CLOUD_SESSION_STORAGE_KEY, type SessionTokens } from './session-storage';
export {
  SESSION_CHANNEL,
  SessionSync,
  type ChannelLike,
  type SessionMessage,
  type SessionSyncDeps,
} from './session-sync';
export { useSessionSync, SessionSyncProvider } from './session-sync-context';
export {
  ORG_KEY,
  ORG_STORAGE_KEY,
  organisationChosen,
  orgReducer,
  selectChosenOrganisationId,
  type OrgState,
  type WithOrg,
} from './org-slice';
export { orgsApi, useGetOrganisationsQuery } from './orgs-api';
export { useMembersText, useMembersTextLater } from './org-i18n';
export {
  isOwnOrganisation,
  useChooseOrganisation,
  useCurrentOrganisation,
  usePermission,
  type CurrentOrganisation,
  type PermissionState,
} from './use-organisation';
export { GuardedButton, type GuardedButtonProps } from './guarded-button';
export { OrganisationRoleLine } from './organisation-role-line';
export { organisationLabel } from './org-label';
