import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cidrToSubnetMask, isValidIpv4, parseIpField, subnetMaskToCidr } from './network';

describe('IPv4 (spec 2 §5)', () => {
  it('accepts dotted quads with octets 0-255', () => {
    expect(isValidIpv4('192.168.1.20')).toBe(true);
    expect(isValidIpv4('0.0.0.0')).toBe(true);
    expect(isValidIpv4('255.255.255.255')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '1.2.3.4 ', '']) {
      expect(isValidIpv4(bad)).toBe(false);
    }
  });
});

describe('CIDR in the IP field (spec 2 §5)', () => {
  it('splits an address with a prefix into ip and subnet mask', () => {
    expect(parseIpField('192.168.1.20/24')).toEqual({ ip: '192.168.1.20', subnetMask: '255.255.255.0' });
    expect(parseIpField('10.1.2.3/8')).toEqual({ ip: '10.1.2.3', subnetMask: '255.0.0.0' });
    expect(parseIpField('172.16.0.9/20')).toEqual({ ip: '172.16.0.9', subnetMask: '255.255.240.0' });
    expect(parseIpField(' 192.168.1.20 ')).toEqual({ ip: '192.168.1.20' });
  });

  it('refuses bad addresses and prefixes', () => {
    expect(parseIpField('192.168.1.20/33')).toBeNull();
    expect(parseIpField('192.168.1.20/')).toBeNull();
    expect(parseIpField('192.168.1.300/24')).toBeNull();
    expect(parseIpField('1.2.3.4/24/1')).toBeNull();
  });

  it('converts masks both ways', () => {
    expect(cidrToSubnetMask(0)).toBe('0.0.0.0');
    expect(cidrToSubnetMask(32)).toBe('255.255.255.255');
    expect(subnetMaskToCidr('255.255.255.0')).toBe(24);
    expect(subnetMaskToCidr('255.0.255.0')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), (n) => {
        expect(subnetMaskToCidr(cidrToSubnetMask(n)!)).toBe(n);
      }),
    );
  });
});
