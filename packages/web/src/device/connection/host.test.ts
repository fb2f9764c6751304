import { describe, expect, it, vi } from 'vitest';
import { ampIdOfHost, deviceUrl, portOfHost, resolveHost, withDevicePort } from './host';

const reply = (body: unknown, ok = true) => vi.fn(() => Promise.resolve({ ok, json: () => Promise.resolve(body) }));

describe('host amp', () => {
  it('adds the device API port to a host without one (spec 2 §7)', () => {
    expect(withDevicePort('127.0.1.1')).toBe('127.0.1.1:1234');
    expect(withDevicePort('127.0.1.1:9002')).toBe('127.0.1.1:9002');
    expect(withDevicePort('ws://10.0.0.5/')).toBe('10.0.0.5:1234');
    expect(ampIdOfHost('127.0.1.1:1234')).toBe('127.0.1.1');
    expect(portOfHost('127.0.1.1:9002')).toBe(9002);
    expect(deviceUrl('10.0.0.2', 9002)).toBe('ws://10.0.0.2:9002');
  });

  it('prefers the host query parameter', async () => {
    const fetch = reply({ host: '127.0.1.1:1234' });
    expect(await resolveHost({ search: '?host=127.0.7.3', hostname: 'x' }, fetch)).toBe('127.0.7.3:1234');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the serving amp with GET /host, else uses the page host on port 1234', async () => {
    expect(await resolveHost({ search: '', hostname: 'x' }, reply({ host: '127.0.1.2:1234' }))).toBe('127.0.1.2:1234');
    expect(await resolveHost({ search: '', hostname: '10.1.1.1' }, reply('<html>', true))).toBe('10.1.1.1:1234');
    expect(await resolveHost({ search: '', hostname: '10.1.1.1' }, reply({}, false))).toBe('10.1.1.1:1234');
    const broken = vi.fn(() => Promise.reject(new Error('offline')));
    expect(await resolveHost({ search: '', hostname: '10.1.1.1' }, broken)).toBe('10.1.1.1:1234');
  });
});
