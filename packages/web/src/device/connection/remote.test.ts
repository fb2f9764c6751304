/** Cloud mode in the connection manager (issue 13): an amp held through the relay while a detail (or a card) uses it. */
import { RELAY_CLOSE } from '@rackside/protocol';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClients } from '../../testing/fake-client';
import { connectionNotice } from '../../features/amp-detail/components/connection-notices';
import { devicesReducer, remoteAmpUrl, remoteEnded } from '../store/devices-slice';
import { selectCanWrite } from '../store/selectors';
import { localLoginReducer } from '../store/local-login-slice';
import { ConnectionManager, REMOTE_LINGER_MS } from './connection-manager';

function setup() {
  const store = configureStore({ reducer: { devices: devicesReducer, localLogin: localLoginReducer } });
  const clients = fakeClients();
  const manager = new ConnectionManager({
    dispatch: store.dispatch,
    getPassword: () => null,
    createClient: clients.factory,
  });
  return { store, clients, manager };
}

const DEVICE = 'f3b1c0de-0000-4000-8000-000000000001';

describe('ConnectionManager.openRemote', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adds the amp with a relay client while held, and drops it a linger after the last release', async () => {
    const { store, clients, manager } = setup();
    const release = manager.openRemote(DEVICE);
    expect(clients.made.map((c) => c.options.url)).toEqual([remoteAmpUrl(DEVICE)]);
    expect(store.getState().devices.amps[DEVICE]).toMatchObject({ remote: true, connection: 'CONNECTING' });

    // a second holder (the card's mute-all) shares the client; the first release keeps it
    const second = manager.openRemote(DEVICE);
    release();
    release(); // twice is once
    await vi.advanceTimersByTimeAsync(REMOTE_LINGER_MS * 2);
    expect(store.getState().devices.amps[DEVICE]).toBeDefined();
    second();
    // opened again within the linger (the next page of the same amp): the same client
    await vi.advanceTimersByTimeAsync(REMOTE_LINGER_MS / 2);
    const third = manager.openRemote(DEVICE);
    await vi.advanceTimersByTimeAsync(REMOTE_LINGER_MS * 2);
    expect(clients.made).toHaveLength(1);
    third();
    await vi.advanceTimersByTimeAsync(REMOTE_LINGER_MS);
    expect(clients.latest(remoteAmpUrl(DEVICE)).closed).toBe(true);
    expect(store.getState().devices.amps[DEVICE]).toBeUndefined();
    manager.stop();
  });

  it('lets the cloud user write to a password-protected amp, which a local guest may not', async () => {
    const { store, clients, manager } = setup();
    manager.openRemote(DEVICE);
    const client = clients.latest(remoteAmpUrl(DEVICE));
    client.emitState('CONNECTED');
    client.emitDelta({ misc: { passwordProtected: true } });
    await vi.advanceTimersByTimeAsync(100);
    expect(selectCanWrite(store.getState(), DEVICE)).toBe(true);
    manager.stop();
  });

  it('says why a session ended: offline keeps Reconnect, moved away or signed out returns to the venue', async () => {
    const { store, clients, manager } = setup();
    manager.openRemote(DEVICE);
    const client = clients.latest(remoteAmpUrl(DEVICE));
    client.emitState('CONNECTED');
    await vi.advanceTimersByTimeAsync(0);
    const notice = () => connectionNotice(store.getState(), DEVICE, false);
    expect(notice()).toBe('none');

    store.dispatch(remoteEnded({ ampId: DEVICE, code: RELAY_CLOSE.AmpOffline }));
    client.emitState('FAILED');
    expect(notice()).toBe('closed');
    client.emitState('CONNECTING');
    client.emitState('FAILED'); // still offline at the automatic retry: still Reconnect, not the dialog
    expect(notice()).toBe('closed');

    store.dispatch(remoteEnded({ ampId: DEVICE, code: RELAY_CLOSE.Forbidden }));
    expect(notice()).toBe('disconnected');
    client.emitState('CONNECTED'); // back (moved back): the reason is forgotten
    expect(store.getState().devices.amps[DEVICE]?.remoteEnd).toBeNull();
    expect(notice()).toBe('none');
    manager.stop();
  });
});
