import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampAt } from './clamp';
import { clampField, isValidValue } from './field';
import { getModel } from './models';
import { walkFields } from './walk';

const m704 = getModel('704D');

describe('clamping values received from an amp (spec 2 §5)', () => {
  it('clamps floats, cuts strings, resets bad booleans and enums, drops unknown keys', () => {
    expect(
      clampAt(m704, '/', {
        amp: {
          channels: {
            '1': { output: { fader: 12, mute: 'yes', name: 'x'.repeat(40), hiZLoZ: 'HiZ-50V', junk: 1 } },
            '9': { output: { mute: true } },
          },
        },
      }),
    ).toEqual({
      amp: { channels: { '1': { output: { fader: 0, mute: false, name: 'x'.repeat(32), hiZLoZ: 'LoZ' } } } },
    });
  });

  const json = fc.jsonValue();
  it('turns any JSON value into a valid value of every field of the tree (property)', () => {
    const fields = [...walkFields(getModel('CDS-508-ADSP')), ...walkFields(getModel('352N_G'))];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: fields.length - 1 }), json, (i, v) => {
        const { field, ctx } = fields[i]!;
        return isValidValue(field, ctx, clampField(field, ctx, v));
      }),
      { numRuns: 5000 },
    );
  });
  it('leaves valid values unchanged (property)', () => {
    const fields = [...walkFields(m704)];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: fields.length - 1 }), json, (i, v) => {
        const { field, ctx } = fields[i]!;
        const once = clampField(field, ctx, v);
        return Object.is(clampField(field, ctx, once), once);
      }),
    );
  });
});
