/** @rackside/device-client: one connection to one amp's device API, in the browser and in Node. */

/** The client: requests, auth challenge, UAC signing, subscribed state, connection states and reconnect. */
export {
  ConnectionState,
  DEFAULT_RECONNECT_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  DeviceClient,
  type DeviceClientOptions,
  type LockParams,
  type ResetParams,
  type UnlockParams,
} from './device-client';
/** The state tree a client keeps: clamped, merged, with change listeners. */
export { DeviceStateStore, type StateListener } from './device-state';
/** Typed failures: the amp's error, a missing password, a time-out, a lost or closed connection. */
export { AuthRequiredError, ConnectionError, DeviceCallError, DeviceClientError, TimeoutError } from './errors';
/** The transport seam (a WebSocket to the amp; the cloud relay in `@rackside/device-client/relay`) and its listener helper. */
export { Listeners, type DeviceTransport, type TransportState } from './transport';
/** The local-mode transport over a browser or `ws` WebSocket. */
export { WebSocketTransport, type WebSocketConstructor, type WebSocketLike } from './websocket-transport';
