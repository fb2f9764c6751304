import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareFirmwareVersions,
  compareVersionStrings,
  isAtLeastVersion,
  isNewerVersion,
  parseFirmwareVersion,
  type FirmwareVersion,
} from './firmware-version';

describe('parseFirmwareVersion', () => {
  it('accepts exactly four dotted numbers', () => {
    expect(parseFirmwareVersion('1.4.0.12')).toEqual([1, 4, 0, 12]);
    expect(parseFirmwareVersion(' 2.0.0.311 ')).toEqual([2, 0, 0, 311]);
  });

  it('treats anything else as invalid', () => {
    for (const bad of ['1.4.0', '1.4.0.0.1', '2.0.0-311', 'v1.4.0.0', '1.a.0.0', '', '1..0.0']) {
      expect(parseFirmwareVersion(bad)).toBeNull();
    }
    expect(parseFirmwareVersion(undefined)).toBeNull();
  });
});

describe('version comparison', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersionStrings('1.10.0.0', '1.9.0.0')).toBe(1);
    expect(compareVersionStrings('1.4.0.0', '1.4.0.0')).toBe(0);
    expect(compareVersionStrings('1.3.9.99', '1.4.0.0')).toBe(-1);
    expect(compareVersionStrings('1.4', '1.4.0.0')).toBeNull();
  });

  it('reports an update only for a valid newer latest version', () => {
    expect(isNewerVersion('1.5.0.0', '1.4.2.7')).toBe(true);
    expect(isNewerVersion('1.4.2.7', '1.4.2.7')).toBe(false);
    expect(isNewerVersion('1.5.0.0', '')).toBe(false);
  });

  it('treats an invalid version as older than any threshold', () => {
    expect(isAtLeastVersion('1.4.0.0', '1.4.0.0')).toBe(true);
    expect(isAtLeastVersion('1.3.0.0', '1.4.0.0')).toBe(false);
    expect(isAtLeastVersion('garbage', '1.4.0.0')).toBe(false);
  });

  const version = fc.tuple(fc.nat(999), fc.nat(999), fc.nat(999), fc.nat(999)) as fc.Arbitrary<FirmwareVersion>;

  it('is antisymmetric and agrees with the string form', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareFirmwareVersions(a, b)).toBe(-compareFirmwareVersions(b, a) || 0);
        expect(compareVersionStrings(a.join('.'), b.join('.'))).toBe(compareFirmwareVersions(a, b));
      }),
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        if (compareFirmwareVersions(a, b) <= 0 && compareFirmwareVersions(b, c) <= 0) {
          expect(compareFirmwareVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});
