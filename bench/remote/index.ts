/**
 * Benchmarks of the remote relay (issue 13): the device API through the cloud (browser-side DeviceClient → relay →
 * embedded broker → the amp's cloud agent), each beside the same thing done directly on the amp's local WebSocket in
 * the same run (house rule: performance is measured here, never in timed tests). run.ts prints them
 * (`--only=remote`).
 */
export type { Latency } from '../stats';
export { formatRemoteNotify, formatRemoteRoundTrip, formatRemoteSessions } from './format';
export {
  benchRemoteNotify,
  REMOTE_NOTIFY_TARGET_MS,
  type RemoteNotifyOptions,
  type RemoteNotifyResult,
} from './notify';
export {
  type Placement,
  benchRemoteRoundTrip,
  REMOTE_ROUND_TRIP_TARGET_RATIO,
  type RemoteRoundTripCase,
  type RemoteRoundTripOptions,
  type RemoteRoundTripResult,
} from './round-trip';
export {
  benchRemoteSessions,
  type RemoteSessionsOptions,
  type RemoteSessionsResult,
  type RemoteSessionsSample,
} from './sessions';
