import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELAY_UNITS } from '../catalog/constants';
import { delayFromMs, delayToMs, isDelayUnit } from './delay-units';

describe('delay units (spec 2 §5)', () => {
  it('converts milliseconds with the spec factors', () => {
    expect(delayFromMs(10, 'Milliseconds')).toBe(10);
    expect(delayFromMs(10, 'Meters')).toBeCloseTo(3.43);
    expect(delayFromMs(10, 'Centimeters')).toBeCloseTo(343);
    expect(delayFromMs(8, 'Feet')).toBe(9);
    expect(delayFromMs(2, 'Inches')).toBe(27);
  });

  it('converts back to milliseconds', () => {
    expect(delayToMs(3.43, 'Meters')).toBeCloseTo(10);
    expect(delayToMs(9, 'Feet')).toBe(8);
    expect(delayToMs(27, 'Inches')).toBe(2);
  });

  it('recognises unit names', () => {
    expect(isDelayUnit('Feet')).toBe(true);
    expect(isDelayUnit('Yards')).toBe(false);
  });

  it('round-trips every unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(...DELAY_UNITS), (ms, unit) => {
        expect(delayToMs(delayFromMs(ms, unit), unit)).toBeCloseTo(ms, 9);
      }),
    );
  });
});
