/**
 * `clear /logs` (spec 2 §7: "/logs | clear faults and events"). The connection manager offers `set` only, so the clear
 * goes over a short connection of its own, as the password check does (device/verify-password): the amp's
 * auth challenge is answered with the local login, and a UAC-locked amp's requests are signed with its MAC. The
 * emulator empties both logs and takes no params (docs/device-api.md "Methods"), so none are sent.
 */
import { DeviceClient, type DeviceClientOptions } from '@rackside/device-client';
import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { selectAmpEntry, selectDiscovered, selectLocalPassword, type WithDevices } from '../../device';

/** What the clear needs to reach the amp. */
export interface LogsTarget {
  readonly url: string;
  readonly password: string | null;
  /** The amp's MAC when it is UAC-locked (requests are then signed, spec 2 §7). */
  readonly uacMac: string | undefined;
}

/** The part of a DeviceClient the clear uses. */
export interface ClearClient {
  connected(): Promise<void>;
  clear(url: string, params?: unknown): Promise<unknown>;
  close(): void;
}
export type ClearClientFactory = (options: DeviceClientOptions & { url: string }) => ClearClient;

const browserClient: ClearClientFactory = (options) => new DeviceClient(options);

/** Clears the amp's event and fault logs; rejects with the amp's error (or a connection failure). */
export async function clearAmpLogs(
  target: LogsTarget,
  createClient: ClearClientFactory = browserClient,
): Promise<void> {
  const client = createClient({
    url: target.url,
    password: () => target.password ?? undefined,
    ...(target.uacMac ? { uacMac: target.uacMac } : {}),
    autoReconnect: false,
  });
  try {
    await client.connected();
    await client.clear('/logs');
  } finally {
    client.close();
  }
}

/** spec 2 §7: a UAC-locked amp (a non-empty key) takes requests signed with its MAC; undefined when not locked. */
function selectUacMac(s: WithDevices, ampId: string): string | undefined {
  const entry = selectAmpEntry(s, ampId);
  if (!entry || (entry.state.UAC?.key ?? '') === '') return undefined;
  return entry.state.network?.ethernet?.mac || selectDiscovered(s)[ampId]?.mac || undefined;
}

/** The clear of one amp's logs, bound to how the console reaches it now. */
export function useClearLogs(ampId: string, createClient?: ClearClientFactory): () => Promise<void> {
  const url = useSelector((s: WithDevices) => selectAmpEntry(s, ampId)?.url);
  const password = useSelector(selectLocalPassword);
  const uacMac = useSelector((s: WithDevices) => selectUacMac(s, ampId));
  return useCallback(async () => {
    if (url === undefined) throw new Error(`unknown amp ${ampId}`);
    await clearAmpLogs({ url, password, uacMac }, createClient);
  }, [ampId, createClient, password, uacMac, url]);
}
