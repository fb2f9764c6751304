import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMP_SORT_KEYS, SORT_ORDERS, compareIps, faultScore, searchAmps, sortAmps, type ListedAmp } from './amp-sort';

const amp = (deviceName: string, ipAddress: string, hasFault = false, hasWarning = false): ListedAmp => ({
  deviceName,
  ipAddress,
  modelID: `Connect Series Model ${deviceName.length % 2 ? '704D' : 'CDS-508'}`,
  hasFault,
  hasWarning,
});
const amps = [
  amp('stage', '192.168.1.100', false, true),
  amp('Balcony', '192.168.1.9', true, true),
  amp('lobby', '10.0.0.2'),
  amp('Atrium', '192.168.1.20', true),
];
const names = (list: readonly ListedAmp[]) => list.map((a) => a.deviceName);

describe('amp list sort (spec 2 §2)', () => {
  it('sorts by name ignoring case', () => {
    expect(names(sortAmps(amps, 'name', 'asc'))).toEqual(['Atrium', 'Balcony', 'lobby', 'stage']);
    expect(names(sortAmps(amps, 'name', 'desc'))).toEqual(['stage', 'lobby', 'Balcony', 'Atrium']);
  });

  it('sorts by fault score = fault flag + warning flag', () => {
    expect(amps.map(faultScore)).toEqual([1, 2, 0, 1]);
    expect(names(sortAmps(amps, 'faults', 'desc'))).toEqual(['Balcony', 'Atrium', 'stage', 'lobby']);
    expect(names(sortAmps(amps, 'faults', 'asc'))).toEqual(['lobby', 'Atrium', 'stage', 'Balcony']);
  });

  it('sorts IPs numerically by octet, not as text', () => {
    expect(names(sortAmps(amps, 'ip', 'asc'))).toEqual(['lobby', 'Balcony', 'Atrium', 'stage']);
    expect(compareIps('192.168.1.9', '192.168.1.100')).toBeLessThan(0);
    expect(compareIps('', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('is a permutation of its input and does not mutate it', () => {
    const arb = fc.array(
      fc.record({
        deviceName: fc.string({ maxLength: 6 }),
        ipAddress: fc.ipV4(),
        modelID: fc.string({ maxLength: 4 }),
        hasFault: fc.boolean(),
        hasWarning: fc.boolean(),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom(...AMP_SORT_KEYS), fc.constantFrom(...SORT_ORDERS), (list, key, order) => {
        const before = [...list];
        const sorted = sortAmps(list, key, order);
        expect(list).toEqual(before);
        const canon = (x: ListedAmp) => JSON.stringify(x);
        expect(sorted.map(canon).sort()).toEqual(list.map(canon).sort());
      }),
    );
  });
});

describe('amp list search (spec 2 §2)', () => {
  it('matches name, IP or model, case-insensitively', () => {
    expect(names(searchAmps(amps, 'BAL'))).toEqual(['Balcony']);
    expect(names(searchAmps(amps, '192.168.1.'))).toEqual(['stage', 'Balcony', 'Atrium']);
    expect(names(searchAmps(amps, 'cds-508'))).toEqual(['Atrium']);
    expect(searchAmps(amps, '  ')).toHaveLength(4);
    expect(searchAmps(amps, 'nothing')).toEqual([]);
  });
});
