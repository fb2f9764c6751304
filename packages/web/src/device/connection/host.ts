/**
 * Where the console finds its first amp (spec 2 §7 "Other"): the `host` query parameter, else `GET /host` from the
 * amp that served the page (the emulator's simulator mode), else the page's own host name on the device API port.
 */
import { DEVICE_API_PORT, REPLY_TIMEOUT_MS } from '@rackside/protocol';

/** spec 2 §7: port 1234 is added to a host that names none ("127.0.1.1" → "127.0.1.1:1234"). */
export function withDevicePort(host: string): string {
  const bare = host
    .trim()
    .replace(/^wss?:\/\//, '')
    .replace(/\/.*$/, '');
  return /:\d+$/.test(bare) ? bare : `${bare}:${DEVICE_API_PORT}`;
}

/** The amp id of a host: its address without the port ("127.0.1.1:1234" → "127.0.1.1"). */
export const ampIdOfHost = (host: string): string => host.replace(/:\d+$/, '');

/** The device API port of a host ("127.0.1.1:1234" → 1234). */
export const portOfHost = (host: string): number => Number(/:(\d+)$/.exec(host)?.[1] ?? DEVICE_API_PORT);

/** The WebSocket url of an amp: its address on the given port, unless the address names its own. */
export const deviceUrl = (address: string, port: number): string =>
  `ws://${/:\d+$/.test(address) ? address : `${address}:${port}`}`;

type Fetch = (input: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/** Resolves the host amp ("ip:port"); never rejects. */
export async function resolveHost(location: Pick<Location, 'search' | 'hostname'>, fetchFn: Fetch): Promise<string> {
  const fromQuery = new URLSearchParams(location.search).get('host');
  if (fromQuery && fromQuery.trim() !== '') return withDevicePort(fromQuery);
  try {
    const reply = await fetchFn('/host', { signal: AbortSignal.timeout(REPLY_TIMEOUT_MS) });
    const body: unknown = reply.ok ? await reply.json() : undefined;
    if (typeof body === 'object' && body !== null && 'host' in body && typeof body.host === 'string' && body.host)
      return withDevicePort(body.host);
  } catch {
    // not served by an amp that answers /host (a real amp, or the dev server): fall back to the page's host
  }
  return withDevicePort(location.hostname);
}
