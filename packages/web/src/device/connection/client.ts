/** The device clients the connection manager owns: what it needs of one, and how one is made. */
import { DeviceClient, type ConnectionState } from '@rackside/device-client';
import type { DeviceDelta, ModelInfo } from '@rackside/protocol';

/** The part of a DeviceClient the manager uses (a DeviceClient fits; tests pass fakes). */
export interface ClientLike {
  readonly connectionState: ConnectionState;
  readonly state: DeviceDelta;
  readonly model: ModelInfo | undefined;
  onChange(listener: (state: DeviceDelta, delta: DeviceDelta) => void): () => void;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
  connected(): Promise<void>;
  get(url: string): Promise<unknown>;
  info(url: string): Promise<unknown>;
  set(url: string, params: unknown): Promise<unknown>;
  subscribe(url: string): Promise<unknown>;
  unsubscribe(url: string): Promise<unknown>;
  /** Any other method of the device API (/lockedProperties lock/unlock/reset, /NSTProxy getConfig/setConfig). */
  request?(
    method: 'lock' | 'unlock' | 'reset' | 'getConfig' | 'setConfig',
    url: string,
    params?: unknown,
  ): Promise<unknown>;
  close(): void;
}

/** How a client is made: the url, the password source, the UAC MAC when the amp is locked. */
export interface ClientOptions {
  readonly url: string;
  readonly password: () => string | undefined;
  readonly uacMac?: string;
  readonly autoReconnect?: boolean;
}

export type ClientFactory = (options: ClientOptions) => ClientLike;

/** Makes a real DeviceClient over the browser's WebSocket. */
export const defaultClientFactory: ClientFactory = (o) =>
  new DeviceClient({
    url: o.url,
    password: o.password,
    ...(o.uacMac ? { uacMac: o.uacMac } : {}),
    ...(o.autoReconnect === false ? { autoReconnect: false } : {}),
  });
