import { describe, expect, it } from 'vitest';
import {
  changedFields,
  ipWithCidr,
  networkErrors,
  networkFormSchema,
  networkPayloads,
  valuesFromDevice,
} from './network-form';

const network = {
  ethernet: { mac: 'm', dhcp: false, ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '', dot1xEnable: false },
  wifi: {
    enable: false,
    ssid: '',
    password: '',
    mac: 'w',
    dhcp: true,
    ip: '',
    subnetMask: '255.255.255.0',
    gateway: '',
  },
  apConfig: { password: 'longenough', buttonEnable: true, active: true },
};
const device = valuesFromDevice(network);

describe('network form rules (spec 2 §4, §5)', () => {
  it('shows the subnet as CIDR in the IP field', () => {
    expect(ipWithCidr('10.0.0.5', '255.255.0.0')).toBe('10.0.0.5/16');
    expect(ipWithCidr('10.0.0.5', '255.0.255.0')).toBe('10.0.0.5'); // not a mask
    expect(ipWithCidr('10.0.0.5/8', '255.255.255.0')).toBe('10.0.0.5/8');
    expect(ipWithCidr('', '255.255.255.0')).toBe('');
  });

  it('compares the edits with the amp values', () => {
    expect(changedFields(device, { ethIp: '10.0.0.5/24', wifiSsid: '' })).toEqual([]);
    expect(changedFields(device, { ethIp: '10.0.0.6/24' })).toEqual(['ethIp']);
  });

  it('checks addresses only where DHCP is off and the user touched them; Wi-Fi only while enabled', () => {
    expect(networkErrors(device, { ...device, ethIp: '10.0.0.5/33' }, true)).toEqual({ ethIp: 'ip' });
    expect(networkErrors(device, { ...device, ethGateway: '10.0.0' }, true)).toEqual({ ethGateway: 'gateway' });
    expect(networkErrors(device, { ...device, ethGateway: '' }, true)).toEqual({});
    // Wi-Fi turned on with DHCP off and no address: the empty address is refused
    expect(networkErrors(device, { ...device, wifiEnable: true, wifiDhcp: false }, true)).toEqual({ wifiIp: 'ip' });
    expect(networkErrors(device, { ...device, wifiDhcp: false }, true)).toEqual({});
    expect(networkErrors(device, { ...device, apPassword: 'short' }, true)).toEqual({ apPassword: 'apPassword' });
  });

  it('gives react-hook-form the refusals as issues on their fields, the error as the message', () => {
    const result = networkFormSchema(device, true).safeParse({ ...device, ethIp: '10.0.0.5/33', apPassword: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ethIp', 'ip'],
      ['apPassword', 'apPassword'],
    ]);
    expect(networkFormSchema(device, true).safeParse(device).success).toBe(true);
  });

  it('builds the three payloads without the read-only fields', () => {
    const p = networkPayloads({ ...device, ethIp: '192.168.1.20/16' }, network, { wifi: true, dot1x: true });
    expect(p.ethernet).toEqual({
      dhcp: false,
      ip: '192.168.1.20',
      subnetMask: '255.255.0.0',
      gateway: '',
      dot1xEnable: false,
    });
    expect(p.wifi).toEqual({ enable: false, ssid: '', password: '', dhcp: true, ip: '', gateway: '' });
    expect(p.apConfig).toEqual({ password: 'longenough', buttonEnable: true });
    const noWifi = networkPayloads(device, network, { wifi: false, dot1x: false });
    expect(noWifi.wifi).toBeUndefined();
    expect(noWifi.ethernet).not.toHaveProperty('dot1xEnable');
  });
});
