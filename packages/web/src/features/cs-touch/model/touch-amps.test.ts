import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { selectTouchAmps } from './touch-amps';

describe('the amps a touch configuration can use (spec 3 §3)', () => {
  it('lists connected amps with the address the panel reaches them at, their MAC from network info and their inputs', () => {
    const devices = devicesWith([
      { ip: '10.0.0.1', name: 'Rack A', patch: { network: { ethernet: { mac: '00:1B:2C:00:00:0A' } } } },
      { ip: '10.0.0.2', name: 'Rack B', model: 'CDS-508', connection: 'FAILED' },
    ]);
    const amps = selectTouchAmps({ devices });
    expect(amps.map((a) => [a.name, a.ipAddress, a.macAddress, a.online, a.sources.length])).toEqual([
      ['Rack A', '10.0.0.1', '00:1B:2C:00:00:0A', true, 12],
      ['Rack B', '10.0.0.2', '00:1B:2C:00:00:01', false, 16],
    ]);
  });

  it('leaves out an amp known by a host name or without a MAC address, which a panel could not name', () => {
    const devices = devicesWith([
      { ip: '10.0.0.1', name: 'Rack A', patch: { network: { ethernet: { mac: '00:1B:2C:00:00:0A' } } } },
      { ip: 'amp.local', name: 'Named', patch: { network: { ethernet: { mac: '00:1B:2C:00:00:0B' } } } },
      {
        ip: '10.0.0.3',
        name: 'No MAC',
        patch: { network: { ethernet: { mac: 'unknown' } }, discovery: { devices: {} } },
      },
    ]);
    expect(selectTouchAmps({ devices }).map((a) => a.name)).toEqual(['Rack A']);
  });
});
