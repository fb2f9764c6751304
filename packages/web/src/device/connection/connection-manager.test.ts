import { AMP_SUMMARY_REFRESH_MS, AMP_SUMMARY_STAGGER_MS, DeviceErrorCode, getModel } from '@rackside/protocol';
import { DeviceCallError } from '@rackside/device-client';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoveryDelta, fakeClients } from '../../testing/fake-client';
import { ConnectionManager } from './connection-manager';
import { LIVE_CONNECTIONS_MAX } from './parking';
import { SHORT_LIVED_MAX } from './short-lived';
import { summaryUrls } from './summary-urls';
import { DELTA_BATCH_MS } from './delta-batcher';
import { devicesReducer } from '../store/devices-slice';

const HOST = 'ws://10.0.0.1:1234';
function setup(password: string | null = null) {
  const store = configureStore({ reducer: { devices: devicesReducer } });
  const dispatch = vi.fn(store.dispatch);
  const clients = fakeClients();
  const manager = new ConnectionManager({ dispatch, getPassword: () => password, createClient: clients.factory });
  return { store, dispatch, clients, manager };
}

describe('ConnectionManager', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects the host, subscribes to its discovery and opens one client per discovered amp', async () => {
    const { store, clients, manager } = setup();
    manager.start('10.0.0.1:1234');
    expect(store.getState().devices).toMatchObject({ hostStatus: 'ready', hostAmpId: '10.0.0.1' });
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    expect(host.subscribe).toHaveBeenCalledWith('/discovery');
    host.emitDelta(discoveryDelta('10.0.0.1', '10.0.0.2', '10.0.0.3'));
    expect(clients.made.map((c) => c.options.url)).toEqual([HOST, 'ws://10.0.0.2:1234', 'ws://10.0.0.3:1234']);
    expect(Object.keys(store.getState().devices.amps)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    // an amp the host no longer lists is closed and forgotten
    host.emitDelta(discoveryDelta('10.0.0.1', '10.0.0.3'));
    expect(clients.latest('ws://10.0.0.2:1234').closed).toBe(true);
    expect(Object.keys(store.getState().devices.amps)).toEqual(['10.0.0.1', '10.0.0.3']);
    manager.stop();
  });

  it('coalesces notifications into one dispatch per batch period', async () => {
    const { store, dispatch, clients, manager } = setup();
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    host.emitDelta({ amp: { deviceInfo: { modelID: getModel('704D').modelID } } }); // model known: whole tree
    dispatch.mockClear();
    for (let i = 0; i < 10; i++) host.emitDelta({ amp: { channels: { '1': { levels: { level_db: -i } } } } });
    host.emitDelta({ amp: { channels: { '2': { output: { mute: true } } } } });
    expect(dispatch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DELTA_BATCH_MS);
    expect(dispatch).toHaveBeenCalledTimes(1);
    const channels = store.getState().devices.amps['10.0.0.1']?.state.amp?.channels;
    expect(channels?.['1']?.levels?.level_db).toBe(-9);
    expect(channels?.['2']?.output?.mute).toBe(true);
    expect(store.getState().devices.amps['10.0.0.1']?.modelId).toBe('704D');
    manager.stop();
  });

  it('fetches the summary subtrees on connect and every 15 s, 64 ms apart, skipping the amp open in detail', async () => {
    const { clients, manager } = setup();
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    host.emitDelta(discoveryDelta('10.0.0.1', '10.0.0.2', '10.0.0.3'));
    const [, b, c] = clients.made;
    b?.emitState('CONNECTED');
    c?.emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    expect(b?.get.mock.calls.map(([u]) => u)).toEqual([...summaryUrls(undefined), '/NSTProxy']);
    manager.openDetail('10.0.0.3');
    expect(c?.subscribe).toHaveBeenCalledWith('/');
    for (const x of [host, b, c]) x?.get.mockClear();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_REFRESH_MS);
    expect(host.get).toHaveBeenCalled();
    expect(b?.get).not.toHaveBeenCalled(); // 64 ms after the host
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS);
    expect(b?.get).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_STAGGER_MS * 2);
    expect(c?.get).not.toHaveBeenCalled();
    manager.stop();
  });

  it('subscribes `/` on opening the detail, unsubscribes on leave and keeps the host discovery', async () => {
    const { store, clients, manager } = setup();
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    const release = manager.openDetail('10.0.0.1'); // before the connection: subscribed once connected
    expect(host.subscribe).not.toHaveBeenCalledWith('/');
    host.emitState('CONNECTED');
    expect(host.subscribe).toHaveBeenCalledWith('/');
    expect(store.getState().devices.openAmpId).toBe('10.0.0.1');
    await vi.advanceTimersByTimeAsync(0);
    expect(host.info).toHaveBeenCalledWith('/'); // the field schemas, once
    expect(store.getState().devices.amps['10.0.0.1']?.info).toEqual({ amp: {} });
    host.subscribe.mockClear();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(host.unsubscribe).toHaveBeenCalledWith('/');
    expect(host.subscribe).toHaveBeenCalledWith('/discovery');
    expect(store.getState().devices.openAmpId).toBeNull();
    manager.openDetail('10.0.0.1')();
    await vi.advanceTimersByTimeAsync(0);
    expect(host.info).toHaveBeenCalledTimes(1);
    manager.stop();
  });

  it('shows a write at once and restores what the amp had when the write fails', async () => {
    const { store, clients, manager } = setup();
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    host.emitDelta({
      amp: { deviceInfo: { modelID: getModel('704D').modelID }, channels: { '1': { output: { mute: false } } } },
    });
    let fail: (e: Error) => void = () => undefined;
    host.set.mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
    const write = manager.set('10.0.0.1', '/amp/channels/1/output', { mute: true });
    const mute = () => store.getState().devices.amps['10.0.0.1']?.state.amp?.channels?.['1']?.output?.mute;
    expect(mute()).toBe(true);
    fail(new DeviceCallError(DeviceErrorCode.Forbidden, 'no', 'set', '/amp/channels/1/output'));
    await expect(write).rejects.toThrow('no');
    expect(mute()).toBe(false);
    manager.stop();
  });

  it('answers challenges with the local login and checks a password over a separate connection', async () => {
    const { clients, manager } = setup('s3cret');
    manager.start('10.0.0.1');
    expect(clients.latest(HOST).options.password()).toBe('s3cret');
    const verifying = manager.verifyPassword('wrong');
    const probe = clients.made[1];
    expect(probe?.options).toMatchObject({ url: HOST, autoReconnect: false });
    expect(probe?.options.password()).toBe('wrong');
    probe?.emitState('CONNECTED');
    probe?.set.mockRejectedValueOnce(
      new DeviceCallError(DeviceErrorCode.InvalidPassword, 'InvalidPassword', 'set', '/misc'),
    );
    expect(await verifying).toBe('invalid');
    expect(probe?.closed).toBe(true);
    const ok = manager.verifyPassword('s3cret');
    clients.made[2]?.emitState('CONNECTED');
    expect(await ok).toBe('ok');
    expect(clients.made[2]?.set).toHaveBeenCalledWith('/misc', { verifyPassword: 's3cret' });
    manager.stop();
  });

  it('reconnects a UAC-locked amp with its MAC so that its writes are signed', async () => {
    const { clients, manager } = setup();
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    host.emitDelta({ network: { ethernet: { mac: '00:1B:2C:00:00:07' } }, UAC: { key: 'site', roles: {} } });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.closed).toBe(true);
    expect(clients.latest(HOST).options.uacMac).toBe('00:1B:2C:00:00:07');
    manager.stop();
  });
  it('past the socket limit, keeps live only the host and the shown amps; the others refresh over short-lived connections', async () => {
    const store = configureStore({ reducer: { devices: devicesReducer } });
    const clients = fakeClients();
    // every amp but the host answers at once
    let most = 0; // short-lived connections open at once
    const factory: typeof clients.factory = (o) => {
      const c = clients.factory(o);
      const shortOpen = clients.made.filter((m) => m.options.autoReconnect === false && !m.closed).length;
      most = Math.max(most, shortOpen);
      if (o.url !== HOST) queueMicrotask(() => c.emitState('CONNECTED'));
      return c;
    };
    const manager = new ConnectionManager({ dispatch: store.dispatch, getPassword: () => null, createClient: factory });
    manager.start('10.0.0.1');
    const host = clients.latest(HOST);
    host.emitState('CONNECTED');
    const ips = Array.from({ length: LIVE_CONNECTIONS_MAX + 10 }, (_, i) => `10.0.1.${i + 1}`);
    host.emitDelta(discoveryDelta('10.0.0.1', ...ips));
    expect(Object.keys(store.getState().devices.amps)).toHaveLength(ips.length + 1);
    manager.setVisible(['10.0.1.5', '10.0.1.6']);
    const open = () => clients.made.filter((c) => !c.closed);
    const live = () => open().filter((c) => c.options.autoReconnect !== false);
    expect(live().map((c) => c.options.url)).toEqual([HOST, 'ws://10.0.1.5:1234', 'ws://10.0.1.6:1234']);
    // the round fetches the others' summaries, a few at a time, and closes each connection afterwards
    await vi.advanceTimersByTimeAsync(ips.length * AMP_SUMMARY_STAGGER_MS);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(SHORT_LIVED_MAX);
    const shortLived = clients.made.filter((c) => c.options.autoReconnect === false);
    expect(new Set(shortLived.map((c) => c.options.url)).size).toBe(ips.length - 2);
    expect(shortLived.every((c) => c.closed && c.get.mock.calls.length > 0)).toBe(true);
    expect(live()).toHaveLength(3);
    // a parked amp keeps showing what it last had
    expect(store.getState().devices.amps['10.0.1.20']?.connection).toBe('CONNECTED');
    // opening one gives it a live connection; scrolling on keeps the recently shown ones up to the limit
    manager.openDetail('10.0.1.20');
    expect(live().map((c) => c.options.url)).toContain('ws://10.0.1.20:1234');
    manager.setVisible(['10.0.1.7']);
    expect(live()).toHaveLength(5);
    // a write to a parked amp (a card shown before the list came to rest) connects it first
    await manager.set('10.0.1.30', '/amp/channels/1/output', { mute: true });
    expect(clients.latest('ws://10.0.1.30:1234').set).toHaveBeenCalledWith('/amp/channels/1/output', { mute: true });
    expect(live()).toHaveLength(6);
    manager.stop();
  });

  it('the 129th amp shown parks the least recently shown one, and its list card still refreshes', async () => {
    const store = configureStore({ reducer: { devices: devicesReducer } });
    const clients = fakeClients();
    const factory: typeof clients.factory = (o) => {
      const c = clients.factory(o);
      queueMicrotask(() => c.emitState('CONNECTED'));
      return c;
    };
    const manager = new ConnectionManager({ dispatch: store.dispatch, getPassword: () => null, createClient: factory });
    manager.start('10.0.0.1');
    await vi.advanceTimersByTimeAsync(0);
    const ips = Array.from({ length: LIVE_CONNECTIONS_MAX - 1 }, (_, i) => `10.0.1.${i + 1}`);
    clients.latest(HOST).emitDelta(discoveryDelta('10.0.0.1', ...ips));
    await vi.advanceTimersByTimeAsync(0);
    for (const ip of ips) manager.setVisible([ip]); // the user scrolls through the whole list
    const oldest = 'ws://10.0.1.1:1234';
    clients.latest(HOST).emitDelta(discoveryDelta('10.0.0.1', ...ips, '10.0.2.1'));
    expect(clients.latest(oldest).closed).toBe(false); // the newcomer, never shown, is the one parked
    manager.setVisible(['10.0.2.1']);
    await vi.advanceTimersByTimeAsync(0);
    const live = clients.made.filter((c) => !c.closed && c.options.autoReconnect !== false);
    expect(live).toHaveLength(LIVE_CONNECTIONS_MAX);
    expect(clients.latest(oldest).closed).toBe(true);
    expect(store.getState().devices.amps['10.0.1.1']?.connection).toBe('CONNECTED');
    // the next round fetches its summary over a short-lived connection
    const before = clients.made.length;
    await vi.advanceTimersByTimeAsync(AMP_SUMMARY_REFRESH_MS + (ips.length + 2) * AMP_SUMMARY_STAGGER_MS * 2);
    const refresh = clients.made.slice(before).find((c) => c.options.url === oldest);
    expect(refresh?.options.autoReconnect).toBe(false);
    expect(refresh?.get).toHaveBeenCalledWith('/amp/deviceInfo');
    expect(refresh?.closed).toBe(true);
    manager.stop();
  });
});
