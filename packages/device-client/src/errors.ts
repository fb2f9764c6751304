/** The ways a device call can fail, as classes a caller can tell apart with `instanceof`. */
import type { DeviceMethod } from '@rackside/protocol';

/** Base of every error device-client rejects with. */
export class DeviceClientError extends Error {
  override name = 'DeviceClientError';
}

/** The amp answered the call with an error (spec 2 §7: `{"error": {"code", "message"}}`). */
export class DeviceCallError extends DeviceClientError {
  override name = 'DeviceCallError';
  constructor(
    readonly code: number,
    message: string,
    readonly method: DeviceMethod,
    readonly url: string,
    /** The challenge nonce, on -32000 errors. */
    readonly nonce?: string,
  ) {
    super(message);
  }
}

/** The amp challenged the call (-32000) and no password was available to answer it. */
export class AuthRequiredError extends DeviceClientError {
  override name = 'AuthRequiredError';
  constructor(
    readonly method: DeviceMethod,
    readonly url: string,
  ) {
    super(`${method} ${url} needs the device password`);
  }
}

/** No reply came within the time-out (spec 2 §9: 10000 ms), or the socket did not open in time. */
export class TimeoutError extends DeviceClientError {
  override name = 'TimeoutError';
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super(message);
  }
}

/** The call could not complete because the connection is not open, was lost, or was closed by the user. */
export class ConnectionError extends DeviceClientError {
  override name = 'ConnectionError';
}
