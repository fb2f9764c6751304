/**
 * The ONE device slice (STYLE.md): live state of every amp the console knows, keyed by ampId (the amp's IP),
 * fed by the connection manager from device-client notifications in batches.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { RECORD_NODE_KEYS, mergeDelta, type DeviceDelta } from '@rackside/protocol';

/** spec 2 §4 connection states (the same strings as device-client's ConnectionState). */
export type AmpConnection = 'CONNECTING' | 'CONNECTED' | 'FAILED';

/** Why an amp's data could not be read: a key of the `common:notices` translations. */
export type AmpError = 'failedToGetDeviceData' | 'failedToConnectToMainAmp';

/** One amp as the console knows it. */
export interface AmpEntry {
  readonly ampId: string;
  /** The device API address, ws://{ip}:{port}. */
  readonly url: string;
  readonly connection: AmpConnection;
  /** True once the amp has been CONNECTED at least once. */
  readonly everConnected: boolean;
  /** Connection failures in a row since the amp was last CONNECTED. */
  readonly failures: number;
  /** The amp's state tree as received (only the fetched or subscribed parts), clamped to the schema. */
  readonly state: DeviceDelta;
  /** The model's short id ('704D') once `amp.deviceInfo.modelID` names a known model. */
  readonly modelId: string | null;
  readonly error: AmpError | null;
  /** The amp's `info /` reply (field schemas: min, max, step, choices), fetched when its detail first opens. */
  readonly info: unknown;
  /** Reached through the cloud relay (cloud mode, url `cloud:{deviceId}`): the cloud authenticated the user. */
  readonly remote: boolean;
  /** Why its last relay session ended or was refused (RELAY_CLOSE code), null while connected or never ended. */
  readonly remoteEnd: number | null;
}

/** The url of an amp reached through the cloud relay (the connection manager's key for its clients). */
export const remoteAmpUrl = (deviceId: string): string => `cloud:${deviceId}`;
/** The device id of a relay url, or undefined for an amp's own ws:// url. */
export const remoteDeviceId = (url: string): string | undefined =>
  url.startsWith('cloud:') ? url.slice('cloud:'.length) : undefined;

/** How the host amp (the one that served the app, or `?host=`) was found. */
export type HostStatus = 'resolving' | 'ready';

export interface DevicesState {
  readonly hostStatus: HostStatus;
  readonly hostAmpId: string | null;
  readonly amps: Readonly<Record<string, AmpEntry>>;
  /** The amp open in the detail pane (subscribed to `/`), if any. */
  readonly openAmpId: string | null;
}

export const initialDevicesState: DevicesState = {
  hostStatus: 'resolving',
  hostAmpId: null,
  amps: {},
  openAmpId: null,
};

type Obj = Record<string, unknown>;

/** Merges a delta into a tree; free-form record nodes (/UAC, /discovery, ...) travel whole and replace. */
export function applyDelta(tree: object, delta: DeviceDelta): void {
  const target = tree as Obj;
  for (const key of RECORD_NODE_KEYS) if (Object.hasOwn(delta, key)) delete target[key];
  mergeDelta(target, delta);
}

/** One amp's batch of changes. */
export interface AmpDelta {
  readonly ampId: string;
  readonly delta: DeviceDelta;
  readonly modelId?: string | null;
}

const slice = createSlice({
  name: 'devices',
  initialState: initialDevicesState,
  reducers: {
    hostResolved(state, action: PayloadAction<{ ampId: string }>) {
      state.hostStatus = 'ready';
      state.hostAmpId = action.payload.ampId;
    },
    ampAdded(state, action: PayloadAction<{ ampId: string; url: string }>) {
      const { ampId, url } = action.payload;
      const existing = state.amps[ampId];
      if (existing) {
        existing.url = url;
        return;
      }
      state.amps[ampId] = {
        ampId,
        url,
        connection: 'CONNECTING',
        everConnected: false,
        failures: 0,
        state: {},
        modelId: null,
        error: null,
        info: null,
        remote: remoteDeviceId(url) !== undefined,
        remoteEnd: null,
      };
    },
    ampRemoved(state, action: PayloadAction<string>) {
      delete state.amps[action.payload];
    },
    connectionChanged(state, action: PayloadAction<{ ampId: string; connection: AmpConnection }>) {
      const amp = state.amps[action.payload.ampId];
      if (!amp || amp.connection === action.payload.connection) return;
      amp.connection = action.payload.connection;
      if (amp.connection === 'CONNECTED') {
        amp.everConnected = true;
        amp.failures = 0;
        amp.error = null;
        amp.remoteEnd = null;
      }
      if (amp.connection === 'FAILED') amp.failures += 1;
    },
    /** Several amps' batched notifications in one dispatch (the manager coalesces them every 50 ms). */
    deltasReceived(state, action: PayloadAction<readonly AmpDelta[]>) {
      for (const { ampId, delta, modelId } of action.payload) {
        const amp = state.amps[ampId];
        if (!amp) continue;
        applyDelta(amp.state, delta);
        if (modelId !== undefined) amp.modelId = modelId;
      }
    },
    /** Replaces an amp's whole tree (after the model became known and the tree was clamped again). */
    stateReplaced(state, action: PayloadAction<{ ampId: string; state: DeviceDelta; modelId: string | null }>) {
      const amp = state.amps[action.payload.ampId];
      if (!amp) return;
      amp.state = action.payload.state;
      amp.modelId = action.payload.modelId;
      amp.info = null; // another model: its schemas differ
    },
    infoReceived(state, action: PayloadAction<{ ampId: string; info: unknown }>) {
      const amp = state.amps[action.payload.ampId];
      if (amp) amp.info = action.payload.info;
    },
    ampErrored(state, action: PayloadAction<{ ampId: string; error: AmpError | null }>) {
      const amp = state.amps[action.payload.ampId];
      if (amp) amp.error = action.payload.error;
    },
    /** A relay session ended or was refused: its RELAY_CLOSE code (offline, no longer yours, signed out…). */
    remoteEnded(state, action: PayloadAction<{ ampId: string; code: number }>) {
      const amp = state.amps[action.payload.ampId];
      if (amp) amp.remoteEnd = action.payload.code;
    },
    detailOpened(state, action: PayloadAction<string>) {
      state.openAmpId = action.payload;
    },
    detailClosed(state, action: PayloadAction<string>) {
      if (state.openAmpId === action.payload) state.openAmpId = null;
    },
  },
});

export const {
  hostResolved,
  ampAdded,
  ampRemoved,
  connectionChanged,
  deltasReceived,
  stateReplaced,
  infoReceived,
  ampErrored,
  remoteEnded,
  detailOpened,
  detailClosed,
} = slice.actions;
export const devicesReducer = slice.reducer;
/** The store shape the device selectors read (features type their own slice, not the app's RootState). */
export interface WithDevices {
  readonly devices: DevicesState;
}
