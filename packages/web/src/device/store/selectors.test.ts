import { UAC_LEVELS, UAC_PERMISSIONS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../testing/fixtures';
import { initialDevicesState, type DevicesState } from './devices-slice';
import { selectAmpSummary, selectCanWrite, selectIsDiscovering, selectListedAmpIds, selectUacLevel } from './selectors';

const root = (devices: DevicesState, password: string | null = null) => ({ devices, localLogin: { password } });

describe('device selectors', () => {
  it('derives a summary that keeps its identity while only meters change', () => {
    const devices = devicesWith([{ ip: '10.0.0.1', name: 'Main' }]);
    const first = selectAmpSummary(root(devices), '10.0.0.1');
    expect(first).toMatchObject({ deviceName: 'Main', ipAddress: '10.0.0.1', isConnected: true, hasFault: false });
    const entry = devices.amps['10.0.0.1']!;
    const channels = entry.state.amp!.channels!;
    const metered: DevicesState = {
      ...devices,
      amps: {
        '10.0.0.1': {
          ...entry,
          state: {
            ...entry.state,
            amp: { ...entry.state.amp, channels: { ...channels, '1': { ...channels['1'], levels: { level_db: -3 } } } },
          },
        },
      },
    };
    expect(selectAmpSummary(root(metered), '10.0.0.1')).toBe(first);
  });

  it('lists discovered amps and the host only once it has answered', () => {
    const devices = devicesWith([
      { ip: '10.0.0.1', connection: 'CONNECTING', everConnected: false },
      { ip: '10.0.0.2', connection: 'FAILED' },
    ]);
    expect(selectListedAmpIds(root(devices))).toEqual(['10.0.0.2']);
  });

  it('shows the loading indicator while nothing is discovered, connections exist and the host is not an AP', () => {
    expect(selectIsDiscovering(root(initialDevicesState))).toBe(true); // still resolving the host
    const host = devicesWith([{ ip: '10.0.0.1' }]);
    expect(selectIsDiscovering(root(host))).toBe(false); // discovery lists the fleet
    const noDiscovery = devicesWith([{ ip: '10.0.0.1', patch: { discovery: { devices: {} } } }]);
    expect(selectIsDiscovering(root(noDiscovery))).toBe(true);
    const ap = devicesWith([{ ip: '10.0.0.1', patch: { discovery: { devices: {} }, misc: { connectionType: 'AP' } } }]);
    expect(selectIsDiscovering(root(ap))).toBe(false);
    const gone = devicesWith([{ ip: '10.0.0.1', connection: 'FAILED', patch: { discovery: { devices: {} } } }]);
    expect(selectIsDiscovering(root(gone))).toBe(false);
  });

  it('lets guests write only to unprotected, connected amps (spec 2 §6)', () => {
    const devices = devicesWith([
      { ip: '10.0.0.1' },
      { ip: '10.0.0.2', patch: { misc: { passwordProtected: true } } },
      { ip: '10.0.0.3', connection: 'FAILED' },
    ]);
    expect(selectCanWrite(root(devices), '10.0.0.1')).toBe(true);
    expect(selectCanWrite(root(devices), '10.0.0.2')).toBe(false);
    expect(selectCanWrite(root(devices, 'pw'), '10.0.0.2')).toBe(true);
    expect(selectCanWrite(root(devices, 'pw'), '10.0.0.3')).toBe(false);
  });

  it('reads UAC levels from the amp (spec 2 §6)', () => {
    const devices = devicesWith([
      { ip: '10.0.0.1' },
      {
        ip: '10.0.0.2',
        patch: { UAC: { key: 'k', roles: { installer: { [UAC_PERMISSIONS.channelOutputMute]: 1 } } } },
      },
    ]);
    expect(selectUacLevel(root(devices), '10.0.0.1', UAC_PERMISSIONS.channelOutputMute)).toBe(UAC_LEVELS.Write);
    expect(selectUacLevel(root(devices), '10.0.0.2', UAC_PERMISSIONS.channelOutputMute)).toBe(UAC_LEVELS.Readonly);
    expect(selectUacLevel(root(devices), '10.0.0.2', UAC_PERMISSIONS.channelOutputGain)).toBe(UAC_LEVELS.Locked);
  });
});
