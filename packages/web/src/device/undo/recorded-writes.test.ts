import { DeviceErrorCode, clampAt, getModel, rootedAt, urlSegments, type DeviceDelta } from '@rackside/protocol';
import { DeviceCallError } from '@rackside/device-client';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClients, type FakeClient } from '../../testing/fake-client';
import { ConnectionManager } from '../connection/connection-manager';
import { DELTA_BATCH_MS } from '../connection/delta-batcher';
import { devicesReducer } from '../store/devices-slice';
import { COALESCE_MS } from './write-history';

const AMP = '10.0.0.1';
const HOST = 'ws://10.0.0.1:1234';
const OUTPUT = '/amp/channels/1/output';

/** The fake amp applies what it accepts (clamped) and notifies it, as a real amp does. */
function actLikeAnAmp(client: FakeClient): void {
  client.set.mockImplementation((url: string, params: unknown) => {
    const value = client.model ? clampAt(client.model, url, params) : params;
    client.emitDelta(rootedAt(urlSegments(url), value) as DeviceDelta);
    return Promise.resolve('OK');
  });
}

function connect(client: FakeClient): void {
  actLikeAnAmp(client);
  client.emitState('CONNECTED');
  client.emitDelta({
    amp: {
      deviceInfo: { modelID: getModel('704D').modelID },
      channels: { '1': { output: { mute: false, fader: -10 } } },
    },
  });
}

function setup() {
  const store = configureStore({ reducer: { devices: devicesReducer } });
  const clients = fakeClients();
  const manager = new ConnectionManager({
    dispatch: store.dispatch,
    getPassword: () => null,
    createClient: clients.factory,
    getState: () => store.getState(),
  });
  manager.start(AMP);
  connect(clients.latest(HOST));
  const output = () => store.getState().devices.amps[AMP]?.state.amp?.channels?.['1']?.output;
  const history = () => manager.history.historyOf(AMP);
  return { store, clients, manager, output, history, client: () => clients.latest(HOST) };
}

const refusal = () => new DeviceCallError(DeviceErrorCode.Forbidden, 'refused', 'set', OUTPUT);

describe('undo and redo of the console writes (issue 18)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('records a write, and undo writes the previous value back through the same path, shown at once', async () => {
    const { manager, client, output, history } = setup();
    await manager.set(AMP, OUTPUT, { fader: -3 });
    expect(history().undo).toEqual([
      expect.objectContaining({ url: OUTPUT, before: { fader: -10 }, after: { fader: -3 } }),
    ]);
    // the amp answers later: the previous value shows before it does
    let answer: (v: unknown) => void = () => undefined;
    client().set.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const undoing = manager.undo(AMP);
    await vi.advanceTimersByTimeAsync(0);
    expect(client().set).toHaveBeenLastCalledWith(OUTPUT, { fader: -10 });
    expect(output()?.fader).toBe(-10);
    answer('OK');
    await expect(undoing).resolves.toBe(true);
    // the undo is not a new change: it moved to redo
    expect(history().undo).toEqual([]);
    expect(history().redo).toEqual([expect.objectContaining({ before: { fader: -10 }, after: { fader: -3 } })]);
    manager.stop();
  });

  it('records the clamped value written, and redo writes it again', async () => {
    const { manager, client, output, history } = setup();
    await manager.set(AMP, OUTPUT, { fader: 6 }); // the fader's maximum is 0 dB
    expect(history().undo[0]?.after).toEqual({ fader: 0 });
    await manager.undo(AMP);
    await expect(manager.redo(AMP)).resolves.toBe(true);
    expect(client().set).toHaveBeenLastCalledWith(OUTPUT, { fader: 0 });
    expect(output()?.fader).toBe(0);
    expect(history().undo).toHaveLength(1);
    expect(history().redo).toEqual([]);
    // nothing left to redo
    await expect(manager.redo(AMP)).resolves.toBe(false);
    manager.stop();
  });

  it('a slider drag is one change; a write the amp refuses is none', async () => {
    const { manager, client, history } = setup();
    for (const fader of [-9, -8, -7]) {
      await manager.set(AMP, OUTPUT, { fader });
      await vi.advanceTimersByTimeAsync(COALESCE_MS / 4);
    }
    expect(history().undo.map((e) => [e.before, e.after])).toEqual([[{ fader: -10 }, { fader: -7 }]]);
    client().set.mockRejectedValueOnce(refusal());
    await expect(manager.set(AMP, OUTPUT, { mute: true })).rejects.toThrow('refused');
    expect(history().undo).toHaveLength(1);
    manager.stop();
  });

  it('an undo the amp refuses is rolled back and leaves the history as it was', async () => {
    const { manager, client, output, history } = setup();
    await manager.set(AMP, OUTPUT, { mute: true });
    await vi.advanceTimersByTimeAsync(DELTA_BATCH_MS);
    const before = history();
    client().set.mockRejectedValueOnce(refusal());
    await expect(manager.undo(AMP)).rejects.toThrow('refused');
    expect(history()).toBe(before);
    expect(output()?.mute).toBe(true); // what the amp holds
    // a later undo that is accepted still finds the change
    await expect(manager.undo(AMP)).resolves.toBe(true);
    expect(output()?.mute).toBe(false);
    manager.stop();
  });

  it('keeps the history across a reconnect: the undo goes through the new connection', async () => {
    const { manager, clients, output, history } = setup();
    await manager.set(AMP, OUTPUT, { mute: true });
    const first = clients.latest(HOST);
    manager.reconnect(AMP);
    const second = clients.latest(HOST);
    expect(second).not.toBe(first);
    expect(first.closed).toBe(true);
    connect(second);
    second.emitDelta({ amp: { channels: { '1': { output: { mute: true } } } } });
    await vi.advanceTimersByTimeAsync(DELTA_BATCH_MS);
    expect(history().undo).toHaveLength(1);
    first.set.mockClear();
    await expect(manager.undo(AMP)).resolves.toBe(true);
    expect(second.set).toHaveBeenCalledWith(OUTPUT, { mute: false });
    expect(first.set).not.toHaveBeenCalled();
    expect(output()?.mute).toBe(false);
    manager.stop();
  });

  it('tells React when an amp history changes', async () => {
    const { manager } = setup();
    const listener = vi.fn();
    const off = manager.history.subscribe(listener);
    await manager.set(AMP, OUTPUT, { mute: true });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await manager.undo(AMP);
    expect(listener).toHaveBeenCalledTimes(1);
    manager.stop();
  });
});
