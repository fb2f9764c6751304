import { describe, expect, it } from 'vitest';
import {
  ampAdded,
  ampRemoved,
  connectionChanged,
  deltasReceived,
  detailClosed,
  detailOpened,
  devicesReducer,
  hostResolved,
  initialDevicesState,
  stateReplaced,
  type DevicesState,
} from './devices-slice';

const withAmp = (): DevicesState =>
  devicesReducer(initialDevicesState, ampAdded({ ampId: '10.0.0.1', url: 'ws://10.0.0.1:1234' }));

describe('device slice', () => {
  it('starts resolving the host, then names it', () => {
    const s = devicesReducer(initialDevicesState, hostResolved({ ampId: '10.0.0.1' }));
    expect(s.hostStatus).toBe('ready');
    expect(s.hostAmpId).toBe('10.0.0.1');
  });

  it('adds an amp as CONNECTING with an empty tree, and keeps its state when added again', () => {
    let s = withAmp();
    expect(s.amps['10.0.0.1']).toMatchObject({
      connection: 'CONNECTING',
      everConnected: false,
      failures: 0,
      state: {},
    });
    s = devicesReducer(s, deltasReceived([{ ampId: '10.0.0.1', delta: { misc: { ipAddr: '10.0.0.1' } } }]));
    s = devicesReducer(s, ampAdded({ ampId: '10.0.0.1', url: 'ws://10.0.0.1:1234' }));
    expect(s.amps['10.0.0.1']?.state.misc?.ipAddr).toBe('10.0.0.1');
  });

  it('counts failures in a row and clears them once connected', () => {
    let s = withAmp();
    s = devicesReducer(s, connectionChanged({ ampId: '10.0.0.1', connection: 'CONNECTED' }));
    s = devicesReducer(s, connectionChanged({ ampId: '10.0.0.1', connection: 'FAILED' }));
    s = devicesReducer(s, connectionChanged({ ampId: '10.0.0.1', connection: 'CONNECTING' }));
    s = devicesReducer(s, connectionChanged({ ampId: '10.0.0.1', connection: 'FAILED' }));
    expect(s.amps['10.0.0.1']).toMatchObject({ connection: 'FAILED', everConnected: true, failures: 2 });
    s = devicesReducer(s, connectionChanged({ ampId: '10.0.0.1', connection: 'CONNECTED' }));
    expect(s.amps['10.0.0.1']).toMatchObject({ connection: 'CONNECTED', failures: 0 });
  });

  it('merges batched deltas and touches only the amp that changed', () => {
    let s = devicesReducer(withAmp(), ampAdded({ ampId: '10.0.0.2', url: 'ws://10.0.0.2:1234' }));
    s = devicesReducer(
      s,
      deltasReceived([
        { ampId: '10.0.0.1', delta: { amp: { channels: { '1': { output: { mute: true, fader: -3 } } } } } },
      ]),
    );
    const other = s.amps['10.0.0.2'];
    s = devicesReducer(
      s,
      deltasReceived([
        { ampId: '10.0.0.1', delta: { amp: { channels: { '1': { output: { fader: -10 } } } } } },
        { ampId: 'unknown', delta: { misc: { findMe: true } } },
      ]),
    );
    expect(s.amps['10.0.0.1']?.state.amp?.channels?.['1']?.output).toEqual({ mute: true, fader: -10 });
    expect(s.amps['10.0.0.2']).toBe(other);
    expect(s.amps.unknown).toBeUndefined();
  });

  it('replaces free-form records whole, so a removed entry disappears', () => {
    let s = withAmp();
    const device = { ip: '', deviceName: 'A', modelID: 'm', mac: '', firmwareVersion: '', kind: 'amp' as const };
    s = devicesReducer(
      s,
      deltasReceived([{ ampId: '10.0.0.1', delta: { discovery: { devices: { a: device, b: device } } } }]),
    );
    s = devicesReducer(s, deltasReceived([{ ampId: '10.0.0.1', delta: { discovery: { devices: { b: device } } } }]));
    expect(Object.keys(s.amps['10.0.0.1']?.state.discovery?.devices ?? {})).toEqual(['b']);
  });

  it('replaces the whole tree and the model id', () => {
    let s = devicesReducer(withAmp(), deltasReceived([{ ampId: '10.0.0.1', delta: { misc: { findMe: true } } }]));
    s = devicesReducer(s, stateReplaced({ ampId: '10.0.0.1', state: { misc: { ipAddr: 'x' } }, modelId: '704D' }));
    expect(s.amps['10.0.0.1']).toMatchObject({ state: { misc: { ipAddr: 'x' } }, modelId: '704D' });
  });

  it('tracks the amp open in detail and forgets removed amps', () => {
    let s = devicesReducer(withAmp(), detailOpened('10.0.0.1'));
    expect(s.openAmpId).toBe('10.0.0.1');
    s = devicesReducer(s, detailClosed('10.0.0.9'));
    expect(s.openAmpId).toBe('10.0.0.1');
    s = devicesReducer(s, detailClosed('10.0.0.1'));
    s = devicesReducer(s, ampRemoved('10.0.0.1'));
    expect(s).toEqual({ ...initialDevicesState, amps: {} });
  });
});
