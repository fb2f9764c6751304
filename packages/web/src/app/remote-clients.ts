/**
 * Cloud mode's device clients (issue 13): an amp added as `cloud:{deviceId}` gets a DeviceClient over the cloud
 * relay, its credential asked of the cloud as the signed-in user (SessionSync: one refresh and retry on 401); how a
 * session ended reaches the store (remoteEnded) for the detail's notices. main.tsx loads this only in cloud mode.
 */
import { DeviceClient } from '@rackside/device-client';
import { RelayRefusedError, RelayTransport } from '@rackside/device-client/relay';
import {
  fillPath,
  RELAY_CLOSE,
  REMOTE_PATHS,
  RemoteSessionReplySchema,
  type RemoteSessionReply,
} from '@rackside/protocol';
import type { UnknownAction } from '@reduxjs/toolkit';
import { defaultClientFactory, remoteDeviceId, remoteEnded, type ClientFactory } from '../device';
import type { CloudError, SessionSync } from '../shared/cloud';

/** A refused credential request, as the relay would have closed for the same reason. */
export function relayCodeOf(error: CloudError): number {
  if (error.status === 404) return RELAY_CLOSE.Forbidden; // not (or no longer) one of the caller's amps
  if (error.status === 409) return RELAY_CLOSE.AmpOffline;
  if (error.status === 401) return RELAY_CLOSE.Unauthorized;
  return RELAY_CLOSE.Unavailable;
}

/** A relay credential for one of the user's amps; rejects with RelayRefusedError. */
export async function relayCredential(sessionSync: SessionSync, deviceId: string): Promise<RemoteSessionReply> {
  const path = fillPath(REMOTE_PATHS.session, { deviceId });
  const reply = await sessionSync.call({ path, method: 'POST', schema: RemoteSessionReplySchema });
  if (reply.error) throw new RelayRefusedError(relayCodeOf(reply.error), reply.error.error);
  return reply.data;
}

/** The factory of cloud mode: relay clients for `cloud:` urls, the amp's own socket otherwise. */
export function remoteClientFactory(
  sessionSync: SessionSync,
  dispatch: (action: UnknownAction) => void,
): ClientFactory {
  return (options) => {
    const deviceId = remoteDeviceId(options.url);
    if (deviceId === undefined) return defaultClientFactory(options);
    const transport = new RelayTransport({ credential: () => relayCredential(sessionSync, deviceId) });
    transport.onState((state) => {
      const end = transport.lastClose;
      if (state === 'closed' && end) dispatch(remoteEnded({ ampId: deviceId, code: end.code }));
    });
    return new DeviceClient({
      transport,
      password: options.password,
      ...(options.uacMac ? { uacMac: options.uacMac } : {}),
      ...(options.autoReconnect === false ? { autoReconnect: false } : {}),
    });
  };
}
