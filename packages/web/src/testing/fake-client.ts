/** A stand-in for DeviceClient: the test drives its connection state and notifications and sees its requests. */
import { getModel, type DeviceDelta, type ModelInfo } from '@rackside/protocol';
import type { ConnectionState } from '@rackside/device-client';
import { configureStore } from '@reduxjs/toolkit';
import { vi } from 'vitest';
import type { ClientLike, ClientOptions } from '../device';
import { Attacher, type ClientListeners } from '../device/connection/attach';
import { Fleet } from '../device/connection/fleet';
import { applyDelta, devicesReducer } from '../device/store/devices-slice';

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

/** The host's `/discovery` notification listing the given amps. */
export const discoveryDelta = (...ips: string[]): DeviceDelta => ({
  discovery: {
    devices: Object.fromEntries(
      ips.map((ip) => [
        ip,
        { ip, deviceName: ip, modelID: 'm', mac: '00:1B:2C:00:00:01', firmwareVersion: '1', kind: 'amp' as const },
      ]),
    ),
  },
});

/**
 * The shared state of the connection manager's parts on a real device store, host 10.0.0.1:1234, with fake clients
 * and listeners a test inspects: for testing one part without the whole manager.
 */
export function fakeFleet(password: string | null = null) {
  const store = configureStore({ reducer: { devices: devicesReducer } });
  const dispatch = vi.fn(store.dispatch);
  const fleet = new Fleet(dispatch);
  fleet.host = { ampId: '10.0.0.1', port: 1234 };
  const clients = fakeClients();
  const listeners = {
    onChange: vi.fn<ClientListeners['onChange']>(),
    onConnectionState: vi.fn<ClientListeners['onConnectionState']>(),
  };
  const attacher = new Attacher(fleet, clients.factory, () => password, listeners);
  /** The amp's record (throws when the fleet does not have it). */
  const rec = (ampId: string) => {
    const r = fleet.amps.get(ampId);
    if (!r) throw new Error(`no amp ${ampId}`);
    return r;
  };
  const entry = (ampId: string) => store.getState().devices.amps[ampId];
  return { store, dispatch, fleet, clients, listeners, attacher, rec, entry };
}
