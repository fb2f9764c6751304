import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoveryDelta, fakeFleet } from '../../testing/fake-client';
import { DELTA_BATCH_MS } from './delta-batcher';

const URL_B = 'ws://10.0.0.2:1234';

describe('Attacher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adds an amp to the list and connects it, answering challenges with the local login', () => {
    const { attacher, clients, listeners, entry, rec } = fakeFleet('s3cret');
    attacher.add('10.0.0.2', URL_B);
    expect(entry('10.0.0.2')).toMatchObject({ url: URL_B, connection: 'CONNECTING' });
    const client = clients.latest(URL_B);
    expect(client.options.password()).toBe('s3cret');
    expect(client.options.autoReconnect).toBeUndefined(); // a lasting connection reconnects by itself
    client.emitState('CONNECTED');
    expect(listeners.onConnectionState).toHaveBeenLastCalledWith('10.0.0.2', rec('10.0.0.2'), 'CONNECTED');
  });

  it('adds a parked amp to the list without opening a connection', () => {
    const { attacher, clients, entry, rec } = fakeFleet();
    attacher.add('10.0.0.2', URL_B, true);
    expect(entry('10.0.0.2')?.url).toBe(URL_B);
    expect(clients.made).toHaveLength(0);
    expect(rec('10.0.0.2').parked).toBe(true);
  });

  it('parking closes the connection and stops listening to it', () => {
    const { attacher, clients, listeners, rec } = fakeFleet();
    attacher.add('10.0.0.2', URL_B);
    const client = clients.latest(URL_B);
    attacher.detach(rec('10.0.0.2'));
    expect(client.closed).toBe(true);
    listeners.onChange.mockClear();
    client.emitDelta({ misc: {} });
    expect(listeners.onChange).not.toHaveBeenCalled();
  });

  it('Reconnect closes the connection and opens a new one at once', () => {
    const { attacher, clients, rec } = fakeFleet();
    attacher.add('10.0.0.2', URL_B);
    const first = clients.latest(URL_B);
    attacher.replace('10.0.0.2', rec('10.0.0.2'), undefined);
    expect(first.closed).toBe(true);
    expect(clients.latest(URL_B)).not.toBe(first);
    expect(clients.latest(URL_B).closed).toBe(false);
  });

  it('a dropped amp leaves the list: its connection closes and its pending notifications never arrive', async () => {
    const { attacher, fleet, clients, entry } = fakeFleet();
    attacher.add('10.0.0.2', URL_B);
    fleet.batcher.add('10.0.0.2', { misc: {} });
    attacher.drop('10.0.0.2');
    expect(clients.latest(URL_B).closed).toBe(true);
    await vi.advanceTimersByTimeAsync(DELTA_BATCH_MS);
    expect(entry('10.0.0.2')?.state.misc).toBeUndefined();
    expect(fleet.amps.has('10.0.0.2')).toBe(false);
  });

  it('reconnects a UAC-locked amp with the MAC its host discovered when its own tree names none', async () => {
    const { attacher, clients, rec } = fakeFleet();
    attacher.add('10.0.0.1', 'ws://10.0.0.1:1234');
    clients.latest('ws://10.0.0.1:1234').emitDelta(discoveryDelta('10.0.0.2'));
    attacher.add('10.0.0.2', URL_B);
    const locked = clients.latest(URL_B);
    locked.emitDelta({ UAC: { key: 'site', roles: {} } });
    attacher.adoptUacMac('10.0.0.2', rec('10.0.0.2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(locked.closed).toBe(true);
    expect(clients.latest(URL_B).options.uacMac).toBe('00:1B:2C:00:00:01');
  });
});
