import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFirCoefficients, parseFirCoefficients } from './fir';

describe('FIR coefficients (spec 2 §5)', () => {
  it('reads comma-separated numbers', () => {
    expect(parseFirCoefficients('0.5, -0.25,1e-3 ,0')).toEqual({ ok: true, coefficients: [0.5, -0.25, 0.001, 0] });
    expect(parseFirCoefficients('  ')).toEqual({ ok: true, coefficients: [] });
  });

  it('accepts 2048 coefficients and refuses 2049', () => {
    expect(parseFirCoefficients(Array(2048).fill('0.1').join(','))).toMatchObject({ ok: true });
    expect(parseFirCoefficients(Array(2049).fill('0.1').join(','))).toEqual({
      ok: false,
      code: 'tooMany',
      message: 'too many coefficients specified',
      count: 2049,
    });
  });

  it('refuses entries that are not numbers', () => {
    expect(parseFirCoefficients('0.1,abc,0.3')).toEqual({ ok: false, code: 'notANumber', index: 1, token: 'abc' });
    expect(parseFirCoefficients('0.1,,0.3')).toMatchObject({ ok: false, code: 'notANumber', index: 1 });
    expect(parseFirCoefficients('0x10')).toMatchObject({ ok: false, code: 'notANumber' });
    expect(parseFirCoefficients('Infinity')).toMatchObject({ ok: false, code: 'notANumber' });
  });

  it('round-trips formatted coefficients', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }), (cs) => {
        const parsed = parseFirCoefficients(formatFirCoefficients(cs));
        expect(parsed).toEqual({ ok: true, coefficients: cs.map((c) => (Object.is(c, -0) ? 0 : c)) });
      }),
    );
  });
});
