import { describe, expect, it } from 'vitest';
import { defaultState } from '../device/defaults';
import { getModel } from '../device/models';
import { deriveAmpSummary, isAmpAutoStandby, type SummaryDeviceView } from './amp-summary';

const device = (): SummaryDeviceView => ({
  amp: {
    deviceInfo: { deviceName: 'Stage Left', modelID: 'Connect Series Model 704D', firmwareVersion: '1.4.2.7' },
    powerSupply: { fault: false, powerOk: true, poeStatus: 'Not Present', powerSource: 'AC LINE' },
    autoStandby: { active: false },
    channels: {
      '2': { output: { name: 'Sub', mute: true, status: 'Ok' } },
      '1': { output: { name: 'Top', mute: false, status: 'Ok' } },
    },
  },
  misc: { ipAddr: '192.168.1.20', connectionType: 'WiFi', passwordProtected: true },
  network: { wifi: { signalStrength: -65 } },
  UAC: { key: '' },
});

describe('deriveAmpSummary (spec 1 §3 / spec 2 §3)', () => {
  it('copies identity, power and connection fields', () => {
    const s = deriveAmpSummary({ ampId: 'a1', device: device(), isConnected: true });
    expect(s).toMatchObject({
      ampId: 'a1',
      deviceName: 'Stage Left',
      modelID: 'Connect Series Model 704D',
      ipAddress: '192.168.1.20',
      poeStatus: 'Not Present',
      powerSource: 'AC LINE',
      connectionType: 'WiFi',
      wifiSignalStrength: -65,
      isPasswordProtected: true,
      isConnected: true,
      isSupported: true,
      hasFault: false,
      hasWarning: false,
      isUACLocked: false,
    });
  });

  it("builds channel summaries with ids '{ampId}-{n}' in channel order", () => {
    const s = deriveAmpSummary({ ampId: 'a1', device: device(), isConnected: true });
    expect(s.channelSummaries).toEqual([
      { channelId: 'a1-1', channelNumber: 1, channelName: 'Top', isMuted: false },
      { channelId: 'a1-2', channelNumber: 2, channelName: 'Sub', isMuted: true },
    ]);
  });

  it('reports Wi-Fi strength 0 when absent and Disconnected when not connected', () => {
    const s = deriveAmpSummary({ ampId: 'a1', device: { misc: { connectionType: 'Wired' } }, isConnected: false });
    expect(s.wifiSignalStrength).toBe(0);
    expect(s.connectionType).toBe('Disconnected');
    expect(s.channelSummaries).toEqual([]);
  });

  it('flags faults, warnings and a UAC key', () => {
    const d = device();
    d.amp!.powerSupply!.powerOk = false;
    d.amp!.channels = { '1': { output: { status: 'Faulted' } } };
    d.UAC = { key: 'secret' };
    const s = deriveAmpSummary({ ampId: 'a1', device: d, isConnected: true });
    expect([s.hasFault, s.hasWarning, s.isUACLocked]).toEqual([true, true, true]);
  });

  it('offers a firmware update only when the latest version is newer', () => {
    const at = (latest: string) =>
      deriveAmpSummary({ ampId: 'a', device: device(), isConnected: true, latestFirmwareVersion: latest });
    expect(at('1.5.0.0').hasAvailableFirmwareUpdate).toBe(true);
    expect(at('1.4.2.7').hasAvailableFirmwareUpdate).toBe(false);
    expect(at('').hasAvailableFirmwareUpdate).toBe(false);
    expect(at('1.5.0.0').currentFirmwareVersion).toBe('1.4.2.7');
  });
});

describe('deriveAmpSummary on a real default state', () => {
  it('summarises a new 704D as a healthy wired amp with four channels', () => {
    const state = defaultState(getModel('704D'));
    const s = deriveAmpSummary({ ampId: 'amp9', device: state, isConnected: true });
    expect(s.modelID).toBe('Connect Series Model 704D');
    expect(s.connectionType).toBe('Wired');
    expect(s.wifiSignalStrength).toBe(0);
    expect([s.hasFault, s.hasWarning, s.isAutoStandby, s.isUACLocked]).toEqual([false, false, false, false]);
    expect(s.channelSummaries.map((c) => c.channelId)).toEqual(['amp9-1', 'amp9-2', 'amp9-3', 'amp9-4']);
    expect(s.channelSummaries[0]).toMatchObject({ channelName: 'Channel 1', isMuted: false });
  });
});

describe('isAmpAutoStandby (spec 2 §3)', () => {
  it('is true when every channel is in standby or auto-standby is active', () => {
    const standby = {
      amp: { channels: { '1': { output: { status: 'Standby' } }, '2': { output: { status: 'Standby' } } } },
    };
    expect(isAmpAutoStandby(standby)).toBe(true);
    const mixed = { amp: { channels: { '1': { output: { status: 'Standby' } }, '2': { output: { status: 'Ok' } } } } };
    expect(isAmpAutoStandby(mixed)).toBe(false);
    expect(isAmpAutoStandby({ amp: { ...mixed.amp, autoStandby: { active: true } } })).toBe(true);
    expect(isAmpAutoStandby({ amp: { channels: {} } })).toBe(false);
  });
});
