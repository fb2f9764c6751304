import { defaultState, getAt, getModel, urlSegments } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { DeviceClient } from './device-client';
import { DeviceStateStore } from './device-state';
import type { DeviceDelta } from '@rackside/protocol';
import { startFakeAmp, type FakeAmp } from './testing/fake-amp';

/** Reads by path: chains through the DeviceDelta type can trip TS2589 in protocol's DeepPartial (reported). */
const at = (state: unknown, url: string): unknown => getAt(state, urlSegments(url));

const amps: FakeAmp[] = [];
const clients: DeviceClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(amps.splice(0).map((a) => a.close()));
});

describe('subscribed state over the wire', () => {
  it('seeds from the subscribe reply, then merges clamped notify batches and reports each delta', async () => {
    const amp = await startFakeAmp();
    amps.push(amp);
    const client = new DeviceClient({ url: amp.url, WebSocket, logger: { warn: vi.fn() } });
    clients.push(client);
    await client.connected();
    await client.subscribe('/');
    expect(client.model?.id).toBe('704D');
    expect(at(client.state, 'amp/channels/1/output/fader')).toBe(0);

    const deltas: DeviceDelta[] = [];
    const changed = new Promise<void>((resolve) =>
      client.onChange((_state, delta) => {
        deltas.push(delta);
        if (deltas.length === 2) resolve();
      }),
    );
    amp.notify({ amp: { channels: { '1': { output: { fader: -200, mute: true, bogus: 1 } } } }, bogusTop: { x: 1 } });
    amp.notify({ amp: { channels: { '2': { levels: { level_db: -30 } } } } });
    await changed;

    expect(deltas[0]).toEqual({ amp: { channels: { '1': { output: { fader: -80, mute: true } } } } });
    expect(deltas[1]).toEqual({ amp: { channels: { '2': { levels: { level_db: -30 } } } } });
    const output = at(client.state, 'amp/channels/1/output');
    expect(output).toMatchObject({ fader: -80, mute: true, name: 'Channel 1' });
    expect(output).not.toHaveProperty('bogus');
    expect(client.state).not.toHaveProperty('bogusTop');
  });
});

describe('DeviceStateStore', () => {
  const deviceInfo = { modelID: 'Connect Series Model 704D' };

  it('replaces free-form records whole, so a removed locked group disappears', () => {
    const store = new DeviceStateStore();
    store.apply('/', { amp: { deviceInfo: { modelID: 'Connect Series Model 704D' } } });
    const group = { key: 'sha256$00$11', properties: ['/amp/channels/1/output/fader'] };
    store.apply('/', { lockedProperties: { groups: { g1: group, g2: group } } });
    const changed = store.apply('/', { lockedProperties: { groups: { g2: group } } });
    expect(changed).toEqual({ lockedProperties: { groups: { g2: group } } });
    expect(store.state.lockedProperties).toEqual({ groups: { g2: group } });
  });
  it('keeps values as received until the model is known, then clamps them', () => {
    const store = new DeviceStateStore();
    store.apply('/amp/channels', { '1': { output: { fader: -200, bogus: true } } });
    expect(at(store.state, 'amp/channels/1/output')).toEqual({ fader: -200, bogus: true });
    store.apply('/amp/deviceInfo', deviceInfo);
    expect(store.model?.id).toBe('704D');
    expect(at(store.state, 'amp/channels/1/output')).toEqual({ fader: -80 });
  });

  it('clamps a reply that carries its own model, at any url depth', () => {
    const store = new DeviceStateStore();
    store.apply('/', defaultState(getModel('352N')));
    store.apply('/amp/channels/1/output/fader', 12);
    store.apply('/amp/channels/1/output', { hiZLoZ: 'HiZ-999V' });
    store.apply('/amp/channels/7', { output: { fader: -1 } });
    expect(at(store.state, 'amp/channels/1/output')).toMatchObject({ fader: 0, hiZLoZ: 'LoZ' });
    expect(at(store.state, 'amp/channels')).not.toHaveProperty('7');
  });

  it('tells listeners only about real changes and survives a throwing listener', () => {
    const errors: unknown[] = [];
    const store = new DeviceStateStore((err) => errors.push(err));
    const seen = vi.fn();
    store.onChange(() => {
      throw new Error('listener bug');
    });
    const off = store.onChange(seen);
    store.apply('/', { amp: { deviceInfo, channels: { '1': { output: { mute: true } } } } });
    store.apply('/', { amp: { channels: { '1': { output: { mute: true } } } } });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
    off();
    store.apply('/', { amp: { channels: { '1': { output: { mute: false } } } } });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(at(store.state, 'amp/channels/1/output/mute')).toBe(false);
  });
});
