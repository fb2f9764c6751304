import { describe, expect, it, vi } from 'vitest';
import { clearAmpLogs, type ClearClient, type ClearClientFactory } from './clear-logs';

function fakeFactory(clear: ClearClient['clear'] = () => Promise.resolve('OK')) {
  const client = { connected: vi.fn(() => Promise.resolve()), clear: vi.fn(clear), close: vi.fn() };
  const factory = vi.fn<ClearClientFactory>(() => client);
  return { client, factory };
}

describe('clear /logs (spec 2 §7)', () => {
  it('sends `clear /logs` over its own connection, answering challenges with the local login, and closes it', async () => {
    const { client, factory } = fakeFactory();
    await clearAmpLogs({ url: 'ws://10.0.0.1:1234', password: 'S3cret!pw', uacMac: undefined }, factory);
    const options = factory.mock.calls[0]?.[0];
    expect(options?.url).toBe('ws://10.0.0.1:1234');
    expect(options?.autoReconnect).toBe(false);
    expect(options && typeof options.password === 'function' ? options.password() : undefined).toBe('S3cret!pw');
    expect(options).not.toHaveProperty('uacMac');
    expect(client.clear).toHaveBeenCalledWith('/logs');
    expect(client.close).toHaveBeenCalled();
  });

  it('signs the requests of a UAC-locked amp with its MAC', async () => {
    const { factory } = fakeFactory();
    await clearAmpLogs({ url: 'ws://10.0.0.1:1234', password: null, uacMac: '00:1B:2C:00:00:01' }, factory);
    expect(factory.mock.calls[0]?.[0]).toMatchObject({ uacMac: '00:1B:2C:00:00:01' });
  });

  it('passes the amp’s refusal on, and still closes the connection', async () => {
    const { client, factory } = fakeFactory(() => Promise.reject(new Error('Forbidden')));
    await expect(clearAmpLogs({ url: 'ws://x', password: null, uacMac: undefined }, factory)).rejects.toThrow(
      'Forbidden',
    );
    expect(client.close).toHaveBeenCalled();
  });
});
