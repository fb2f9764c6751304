import { describe, expect, it } from 'vitest';
import type { AmpSummary } from '@rackside/protocol';
import { severityScore, sortListedAmps } from './visible-amps';

const amp = (deviceName: string, ipAddress: string, hasFault: boolean, hasWarning: boolean) =>
  ({ ampId: ipAddress, deviceName, ipAddress, hasFault, hasWarning }) as unknown as AmpSummary;

describe('the fault sort (issue 18: faulted before warning before OK)', () => {
  const list = [
    amp('A ok', '10.0.0.1', false, false),
    amp('B warning', '10.0.0.2', false, true),
    amp('C fault', '10.0.0.3', true, false),
    amp('D both', '10.0.0.4', true, true),
    amp('E warning', '10.0.0.5', false, true),
  ];

  it('ranks a fault above any warning', () => {
    expect(severityScore(list[2]!)).toBeGreaterThan(severityScore(list[1]!));
    expect(severityScore(list[3]!)).toBeGreaterThan(severityScore(list[2]!));
  });

  it('descending: fault and warning, fault, warnings by name, then OK', () => {
    expect(sortListedAmps(list, 'faults', 'desc').map((a) => a.deviceName)).toEqual([
      'D both',
      'C fault',
      'B warning',
      'E warning',
      'A ok',
    ]);
  });

  it('ascending is the reverse order of severity, ties still by name', () => {
    expect(sortListedAmps(list, 'faults', 'asc').map((a) => a.deviceName)).toEqual([
      'A ok',
      'B warning',
      'E warning',
      'C fault',
      'D both',
    ]);
  });

  it('leaves the other sorts to the protocol', () => {
    expect(sortListedAmps(list, 'name', 'desc').map((a) => a.deviceName)[0]).toBe('E warning');
  });
});
