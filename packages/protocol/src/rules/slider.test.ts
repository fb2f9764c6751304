import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canSaveEntry, checkEntry, logPositionToValue, moveRangeEnd, snapToBounds, valueToLogPosition } from './slider';

const fader = { min: -80, max: 0, step: 0.1 };
const freq = { min: 20, max: 20000, step: 1 };

describe('snapToBounds (spec 2 §5)', () => {
  it('snaps values within one step of a bound', () => {
    expect(snapToBounds(-79.95, fader)).toBe(-80);
    expect(snapToBounds(-0.04, fader)).toBe(0);
    expect(snapToBounds(19.5, freq)).toBe(20);
    expect(snapToBounds(19999.2, freq)).toBe(20000);
  });

  it('keeps values a whole step or more away', () => {
    expect(snapToBounds(-79.9, fader)).toBe(-79.9);
    expect(snapToBounds(-0.1, fader)).toBe(-0.1);
    expect(snapToBounds(-40, fader)).toBe(-40);
    expect(snapToBounds(21, freq)).toBe(21);
  });

  it('clamps values outside the range', () => {
    expect(snapToBounds(-90, fader)).toBe(-80);
    expect(snapToBounds(3, fader)).toBe(0);
  });
});

describe('value entry (spec 2 §5)', () => {
  it('accepts values within min and max inclusive', () => {
    expect(checkEntry('-80', fader)).toEqual({ kind: 'valid', value: -80 });
    expect(checkEntry(' 0 ', fader)).toEqual({ kind: 'valid', value: 0 });
    expect(checkEntry('-12.5', fader)).toEqual({ kind: 'valid', value: -12.5 });
  });

  it('disables Save outside the range or for non-numbers, and cancels when empty', () => {
    expect(checkEntry('-80.1', fader)).toEqual({ kind: 'invalid' });
    expect(checkEntry('0.1', fader)).toEqual({ kind: 'invalid' });
    expect(checkEntry('loud', fader)).toEqual({ kind: 'invalid' });
    expect(canSaveEntry(checkEntry('5', fader))).toBe(false);
    expect(checkEntry('', fader)).toEqual({ kind: 'empty' });
    expect(canSaveEntry(checkEntry('', fader))).toBe(true);
  });
});

describe('logarithmic sliders (spec 2 §5)', () => {
  it('maps 0-100 onto the log range', () => {
    expect(logPositionToValue(0, freq)).toBeCloseTo(20);
    expect(logPositionToValue(100, freq)).toBeCloseTo(20000);
    expect(logPositionToValue(50, freq)).toBeCloseTo(Math.sqrt(20 * 20000));
    expect(valueToLogPosition(200, freq)).toBeCloseTo(100 / 3);
  });

  it('round-trips positions', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (p) => {
        expect(valueToLogPosition(logPositionToValue(p, freq), freq)).toBeCloseTo(p, 6);
      }),
    );
  });
});

describe('range slider (spec 2 §5)', () => {
  it('keeps low at or below high', () => {
    expect(moveRangeEnd([2, 16], 'low', 20)).toEqual([16, 16]);
    expect(moveRangeEnd([2, 16], 'high', 1)).toEqual([2, 2]);
    expect(moveRangeEnd([2, 16], 'low', 4)).toEqual([4, 16]);
  });
});
