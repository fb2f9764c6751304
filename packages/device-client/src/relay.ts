/**
 * @rackside/device-client/relay: the cloud-mode transport, a subpath of its own so that a console which never talks
 * through the cloud (local mode) does not load it or the relay's schemas.
 */
export { RelayRefusedError, RelayTransport, type RelayTransportOptions } from './relay-transport';
