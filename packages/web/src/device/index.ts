/** The device layer: the connection manager, the ONE device slice, and the hooks features read and write with. */
export { defaultClientFactory, type ClientFactory, type ClientLike, type ClientOptions } from './connection/client';
export { ConnectionManager, REMOTE_LINGER_MS, type DeviceManager } from './connection/connection-manager';
export { summaryUrls } from './connection/summary-urls';
export { verifyPassword, type VerifyResult } from './connection/verify-password';
export { DeviceManagerProvider, useDeviceManager } from './device-manager-context';
export {
  useAmpConnection,
  useAmpInfo,
  useAmpModel,
  useAmpState,
  useAmpSubscription,
  useAmpSummary,
  useDeviceWrite,
  useUacLevel,
  type DeviceWrite,
} from './hooks';
export { ampIdOfHost, resolveHost, withDevicePort } from './connection/host';
export { useWriteHistory, type WriteHistoryControls } from './undo/use-write-history';
export type { WriteHistorySource } from './undo/recorded-writes';
export type { AmpHistory, HistoryEntry } from './undo/write-history';
export {
  devicesReducer,
  initialDevicesState,
  remoteAmpUrl,
  remoteDeviceId,
  remoteEnded,
  type AmpConnection,
  type AmpEntry,
  type DevicesState,
  type WithDevices,
} from './store/devices-slice';
export {
  LOCAL_LOGIN_STORAGE_KEY,
  loadLocalLogin,
  localLoggedIn,
  localLoggedOut,
  localLoginReducer,
  saveLocalLogin,
  selectLocalLoggedIn,
  selectLocalPassword,
  type LocalLoginState,
  type WithLocalLogin,
} from './store/local-login-slice';
export {
  selectAmpEntry,
  selectAmpModel,
  selectAmpState,
  selectAmpSummary,
  selectCanWrite,
  selectDiscovered,
  selectHostAmpId,
  selectHostStatus,
  selectIsDiscovering,
  selectListedAmpIds,
  selectOpenAmpId,
  selectReadonlyReason,
  selectTouchPanels,
  type TouchPanelListing,
  selectUacHidesPages,
  selectUacLevel,
  type ReadonlyReason,
} from './store/selectors';
