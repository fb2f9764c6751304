import { replyFrame } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { ConnectionState, DeviceClient } from './device-client';
import { ConnectionError, TimeoutError } from './errors';
import { MemoryTransport } from './testing/memory-transport';
import { startFakeAmp, type FakeAmp } from './testing/fake-amp';

const { CONNECTED, CONNECTING, FAILED } = ConnectionState;
const amps: FakeAmp[] = [];
const clients: DeviceClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(amps.splice(0).map((a) => a.close()));
});

function track(client: DeviceClient): ConnectionState[] {
  const states: ConnectionState[] = [client.connectionState];
  client.onConnectionState((s) => states.push(s));
  return states;
}

describe('connection over a WebSocket', () => {
  it('goes CONNECTING → CONNECTED → FAILED → CONNECTING → CONNECTED and subscribes again after the delay', async () => {
    const amp = await startFakeAmp({ silent: ['info'] });
    amps.push(amp);
    const client = new DeviceClient({ url: amp.url, WebSocket, reconnectDelayMs: 200, logger: { warn: vi.fn() } });
    clients.push(client);
    const states = track(client);
    await client.connected();
    await client.subscribe('/amp/channels');
    await client.subscribe('/misc');
    await client.unsubscribe('/misc');
    const pending = client.info('/');

    const dropped = Date.now();
    amp.dropConnections();
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    expect(client.connectionState).toBe(FAILED);
    await expect(client.get('/')).rejects.toBeInstanceOf(ConnectionError);

    const resubscribed = amp.nextRequest();
    await client.connected();
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(190);
    expect(await resubscribed).toMatchObject({ method: 'subscribe', url: '/amp/channels' });
    expect(states).toEqual([CONNECTING, CONNECTED, FAILED, CONNECTING, CONNECTED]);
    expect(amp.connections()).toBe(2);
    await client.get('/network');
    expect(amp.requests.filter((r) => r.method === 'subscribe').map((r) => r.url)).toEqual([
      '/amp/channels',
      '/misc',
      '/amp/channels',
    ]);
  });

  it('fails when the amp is unreachable and stays FAILED without autoReconnect', async () => {
    const amp = await startFakeAmp();
    await amp.close();
    const client = new DeviceClient({ url: amp.url, WebSocket, autoReconnect: false });
    clients.push(client);
    await expect(client.connected()).rejects.toBeInstanceOf(ConnectionError);
    expect(client.connectionState).toBe(FAILED);
    await expect(client.connected()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('close() rejects pending requests, closes the socket and never reconnects', async () => {
    const amp = await startFakeAmp({ silent: ['info'] });
    amps.push(amp);
    const client = new DeviceClient({ url: amp.url, WebSocket, reconnectDelayMs: 20 });
    clients.push(client);
    await client.connected();
    const pending = client.info('/');
    await amp.nextRequest();
    client.close();
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    expect(client.connectionState).toBe(FAILED);
    await new Promise((r) => setTimeout(r, 100));
    expect(amp.connections()).toBe(1);
    await expect(client.get('/')).rejects.toBeInstanceOf(ConnectionError);
  });
});

describe('timers (fake timers, in-memory transport)', () => {
  it('times out the connect, reconnects after the delay, and close() leaves no timer behind', async () => {
    vi.useFakeTimers();
    const transport = new MemoryTransport();
    const client = new DeviceClient({ transport, timeoutMs: 1000, reconnectDelayMs: 5000 });
    clients.push(client);
    const states = track(client);
    const first = client.connected();
    vi.advanceTimersByTime(1000);
    await expect(first).rejects.toThrow(/no connection within 1000 ms/);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(transport.opens).toBe(1);
    vi.advanceTimersByTime(1);
    expect(transport.opens).toBe(2);
    transport.accept();
    expect(states).toEqual([CONNECTING, FAILED, CONNECTING, CONNECTED]);

    const timedOut = client.get('/');
    const stillPending = client.get('/misc');
    transport.receive(replyFrame('/misc', { findMe: false }, 2));
    await expect(stillPending).resolves.toEqual({ findMe: false });
    vi.advanceTimersByTime(1000);
    await expect(timedOut).rejects.toBeInstanceOf(TimeoutError);

    const pending = client.get('/network');
    transport.drop();
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    expect(vi.getTimerCount()).toBe(1);
    client.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(transport.isOpen).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(transport.opens).toBe(2);
  });

  it('close() while requests are pending clears every timer and rejects them all', async () => {
    vi.useFakeTimers();
    const transport = new MemoryTransport();
    const client = new DeviceClient({ transport });
    clients.push(client);
    expect(vi.getTimerCount()).toBe(1);
    transport.accept();
    const calls = [client.get('/'), client.subscribe('/'), client.set('/misc', { findMe: true })];
    expect(vi.getTimerCount()).toBe(1); // one time-out timer for the three
    client.close();
    expect(vi.getTimerCount()).toBe(0);
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status === 'rejected' && s.reason instanceof ConnectionError)).toEqual([
      true,
      true,
      true,
    ]);
  });
});
