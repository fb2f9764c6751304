/** A stand-in for DeviceClient: the test drives its connection state and notifications and sees its requests. */
import { getModel, type DeviceDelta, type ModelInfo } from '@rackside/protocol';
import type { ConnectionState } from '@rackside/device-client';
import { vi } from 'vitest';
import type { ClientLike, ClientOptions } from '../device';
import { applyDelta } from '../device/store/devices-slice';

export class FakeClient implements ClientLike {
  connectionState: ConnectionState = 'CONNECTING';
  state: DeviceDelta = {};
  model: ModelInfo | undefined;
  closed = false;
  readonly #change = new Set<(state: DeviceDelta, delta: DeviceDelta) => void>();
  readonly #conn = new Set<(state: ConnectionState) => void>();
  readonly get = vi.fn((_url: string): Promise<unknown> => Promise.resolve({}));
  readonly info = vi.fn((_url: string): Promise<unknown> => Promise.resolve({ amp: {} }));
  readonly set = vi.fn((_url: string, _params: unknown): Promise<unknown> => Promise.resolve('OK'));
  readonly subscribe = vi.fn((_url: string): Promise<unknown> => Promise.resolve({}));
  readonly unsubscribe = vi.fn((_url: string): Promise<unknown> => Promise.resolve('OK'));

  constructor(readonly options: ClientOptions) {}

  onChange(l: (state: DeviceDelta, delta: DeviceDelta) => void) {
    this.#change.add(l);
    return () => this.#change.delete(l);
  }
  onConnectionState(l: (state: ConnectionState) => void) {
    this.#conn.add(l);
    return () => this.#conn.delete(l);
  }
  connected(): Promise<void> {
    if (this.connectionState === 'CONNECTED') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onConnectionState((s) => {
        if (s === 'CONNECTING') return;
        off();
        if (s === 'CONNECTED') resolve();
        else reject(new Error('connection failed'));
      });
    });
  }
  close(): void {
    this.closed = true;
  }

  /** The amp's side: a connection state change. */
  emitState(state: ConnectionState): void {
    this.connectionState = state;
    for (const l of this.#conn) l(state);
  }
  /** The amp's side: a notification (learns the model from deviceInfo like the real client). */
  emitDelta(delta: DeviceDelta): void {
    applyDelta(this.state, delta);
    const modelID = this.state.amp?.deviceInfo?.modelID;
    if (!this.model && modelID) this.model = getModel(modelID);
    for (const l of this.#change) l(this.state, delta);
  }
}

/** A client factory that remembers every client it made, by url. */
export function fakeClients() {
  const made: FakeClient[] = [];
  const factory = (options: ClientOptions) => {
    const c = new FakeClient(options);
    made.push(c);
    return c;
  };
  const latest = (url: string): FakeClient => {
    const c = made.filter((m) => m.options.url === url).pop();
    if (!c) throw new Error(`no client for ${url}`);
    return c;
  };
  return { made, factory, latest };
}
