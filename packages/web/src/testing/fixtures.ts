/** Device-state fixtures for tests: amps as the device slice holds them, built from the protocol's defaults. */
import { defaultState, getModel, type DeviceDelta } from '@rackside/protocol';
import {
  applyDelta,
  initialDevicesState,
  type AmpConnection,
  type AmpEntry,
  type DevicesState,
} from '../device/store/devices-slice';

export interface AmpFixture {
  readonly ip: string;
  readonly name?: string;
  /** Model short id ('704D'); default 704D. */
  readonly model?: string;
  readonly connection?: AmpConnection;
  readonly everConnected?: boolean;
  readonly failures?: number;
  /** Changes on top of the model's default state. */
  readonly patch?: DeviceDelta;
}

/** One amp entry with the whole default tree of its model (as after `subscribe /`). */
export function ampEntry(f: AmpFixture): AmpEntry {
  const model = getModel(f.model ?? '704D');
  const connection = f.connection ?? 'CONNECTED';
  const state: DeviceDelta = structuredClone(defaultState(model));
  applyDelta(state, {
    amp: { deviceInfo: { deviceName: f.name ?? `Amp ${f.ip}`, modelID: model.modelID, firmwareVersion: '1.5.2.0' } },
    misc: { ipAddr: f.ip, connectionType: 'Wired' },
  });
  if (f.patch) applyDelta(state, f.patch);
  return {
    ampId: f.ip,
    url: `ws://${f.ip}:1234`,
    connection,
    everConnected: f.everConnected ?? connection === 'CONNECTED',
    failures: f.failures ?? (connection === 'FAILED' ? 1 : 0),
    state,
    modelId: model.id,
    error: null,
    info: null,
    remote: false,
    remoteEnd: null,
  };
}

/**
 * A device slice with these amps; the first is the host, whose `/discovery` lists them all (so the list is not
 * "discovering").
 */
export function devicesWith(amps: readonly AmpFixture[], extra: Partial<DevicesState> = {}): DevicesState {
  const entries = amps.map(ampEntry);
  const host = entries[0];
  if (host && !amps[0]?.patch?.discovery) {
    const devices = Object.fromEntries(
      amps.map((a) => [
        a.ip,
        {
          ip: a.ip,
          deviceName: a.name ?? `Amp ${a.ip}`,
          modelID: getModel(a.model ?? '704D').modelID,
          mac: '00:1B:2C:00:00:01',
          firmwareVersion: '1.5.2.0',
          kind: 'amp' as const,
        },
      ]),
    );
    applyDelta(host.state, { discovery: { devices } });
  }
  return {
    ...initialDevicesState,
    hostStatus: 'ready',
    hostAmpId: host?.ampId ?? null,
    amps: Object.fromEntries(entries.map((e) => [e.ampId, e])),
    ...extra,
  };
}
