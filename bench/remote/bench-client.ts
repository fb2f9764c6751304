/** The DeviceClient every remote bench opens: relay or direct, in the bench's process or a child's. */
import { DeviceClient } from '@rackside/device-client';
import { WebSocket } from 'ws';

/**
 * A connected DeviceClient on `url` (a relay's, with the credential in `protocols`, as the browser opens one; or an
 * amp's local WebSocket): no reconnect, 10 s time-outs.
 */
export async function openBenchClient(url: string, protocols?: readonly string[]): Promise<DeviceClient> {
  const client = new DeviceClient({
    url,
    WebSocket,
    autoReconnect: false,
    timeoutMs: 10_000,
    ...(protocols ? { protocols: [...protocols] } : {}),
  });
  try {
    await client.connected();
  } catch (error) {
    client.close();
    throw error;
  }
  return client;
}
